// R4.3–R4.6 — where a unit may go, judged at the start of the turn. Shared by validation and
// legalDestinations so the map can never offer what validation would refuse.
import type { Nation, Team, UnitType } from "../types";
import { teamOf } from "../teams";
import type { StartView } from "./start-view";

function hostile(team: Team | undefined, mine: Team): boolean {
  return team !== undefined && team !== mine;
}

/** R4.3 — a land path must stop at a hostile-owned territory or one holding hostile units. */
export function landMustStop(view: StartView, nation: Nation, territory: string): boolean {
  const mine = teamOf(nation);
  return hostile(view.ownerTeam(territory), mine) || view.hasUnitsOf(territory, mine === "Axis" ? "Allies" : "Axis");
}

/** R4.5 — armour may pass a hostile-owned territory that holds no hostile units. */
export function blitzable(view: StartView, nation: Nation, territory: string): boolean {
  const mine = teamOf(nation);
  return hostile(view.ownerTeam(territory), mine) && !view.hasUnitsOf(territory, mine === "Axis" ? "Allies" : "Axis");
}

/** R4.4 — a sea path must stop at the first zone holding hostile sea units (stealth aside). */
export function seaMustStop(view: StartView, nation: Nation, zone: string): boolean {
  return view.hasShipsOf(zone, teamOf(nation) === "Axis" ? "Allies" : "Axis");
}

/** R1.3 — a canal is open to a nation if all its controllers are friendly at the start of the turn. */
export function canalOpen(view: StartView, nation: Nation, a: string, b: string): boolean {
  const canal = view.board.canal(a, b);
  if (!canal) return true;
  return canal.controlledBy.every((t) => view.ownerTeam(t) === teamOf(nation));
}

/** R4.6 — safe at the start of the turn: friendly land, or for fighters a zone with an own carrier. */
export function safeForAir(view: StartView, nation: Nation, type: UnitType, territory: string): boolean {
  if (view.board.isLand(territory)) return view.ownerTeam(territory) === teamOf(nation);
  return type === "fighter" && view.carriersOf(territory, nation) > 0;
}

/** R4.6 — fewest steps from `final` to a safe territory other than `final`; Infinity if none. */
export function landingReserve(view: StartView, nation: Nation, type: UnitType, final: string, limit = Infinity): number {
  // Most air units find a landing one step away: asked first among `final`'s neighbours (distinct,
  // and never `final` itself), with no set and no frontier made for every air order.
  if (limit >= 1) for (const n of view.board.neighbours(final)) if (safeForAir(view, nation, type, n)) return 1;
  const seen = new Set([final]);
  let frontier = [final];
  for (let d = 1; frontier.length > 0 && d <= limit; d++) {
    const next: string[] = [];
    for (const t of frontier) {
      for (const n of view.board.neighbours(t)) {
        if (seen.has(n)) continue;
        if (safeForAir(view, nation, type, n)) return d;
        seen.add(n);
        next.push(n);
      }
    }
    frontier = next;
  }
  return Infinity;
}
