// Whole-turn odds, step 1: what the turn's movement sets up, from the engine's own movement
// (resolveCombatPhase with `until: "movement"`, R5.2–R5.3): the battles, who is where, and what hangs
// on dice before and between them — AA fire on each air order's way (R5.1), the landings waiting on a
// sea battle (R5.3), bombardment (R5.5) and raiders (R5.4).
import { resolveCombatPhase } from "../combat-phase";
import type { Order } from "../orders/types";
import { validateOrders } from "../orders/validate";
import type { BattleReport } from "../report";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import { NATIONS, type Nation, type Team, type UnitCounts } from "../types";
import { isAir, isCombatUnit } from "../units";
import type { Flight } from "./flights";

/** One transport's cargo waiting on the sea battle in its zone to land (R5.3). */
export interface Landing {
  zone: string;
  territory: string;
  transport: number;
  nation: Nation;
  cargo: Unit[];
}

export interface TurnMovement {
  /** The battles the phase would fight, unfought (sea battles first). */
  battles: BattleReport[];
  /** Every unit after movement, every aircraft arrived (AA fire is priced by `flights`). */
  units: Unit[];
  /** Each territory's team after movement and its captures (R5.2d). */
  owners: Record<string, Team>;
  /** R5.1: per battle, the air orders fired at on their way (their targets' guns included). */
  flights: Map<string, Flight[]>;
  landings: Landing[];
  /** R5.5: per land territory, the battleships bombarding it if a landing is fought there. */
  bombard: Map<string, number>;
  /** R5.4: units raiding a factory, in no battle. */
  raiders: Set<number>;
}

/** The movement of a turn, as the engine plays it, with what the battles will need. */
export function turnMovement(state: GameState, orders: Partial<Record<Nation, readonly Order[]>>, lowLuck: boolean): TurnMovement {
  // R5.1 is priced as flights: the movement runs without AA guns, so every aircraft arrives. AA guns
  // take no orders in the combat phase (R4.3) and do not fight (R6.1), so no move or battle changes.
  const noAa: GameState = { ...state, units: state.units.filter((u) => u.type !== "aaGun") };
  const { report, state: after } = resolveCombatPhase({ state: noAa, orders, seed: "turn-odds", lowLuck, until: "movement" });
  const endedAt = new Map(report.orders.map((o) => [`${o.nation}|${o.id}`, o]));
  const seaZones = new Set(report.battles.filter((b) => b.pass === "sea").map((b) => b.territory));
  const aaAt = (territory: string, team: Team) => {
    const owner = state.owners[territory];
    return owner !== undefined && teamOf(owner) !== team && state.units.some((u) => u.at === territory && u.aboard === undefined && u.type === "aaGun" && teamOf(u.nation) !== team);
  };
  const out: TurnMovement = {
    battles: report.battles,
    units: after.units,
    owners: Object.fromEntries(Object.entries(report.owners).map(([t, n]) => [t, teamOf(n)])),
    flights: new Map(),
    landings: [],
    bombard: new Map(),
    raiders: new Set(),
  };
  const bombarding: { nation: Nation; territory: string; zone: string; ships: number }[] = [];
  const unloading = new Set<string>(); // `${nation}|${zone}|${territory}` of transports unloading
  for (const nation of NATIONS) {
    const team = teamOf(nation);
    for (const m of validateOrders(state, nation, orders[nation] ?? []).moves) {
      const r = endedAt.get(`${nation}|${m.order.id}`);
      if (!r || r.status !== "completed") continue;
      if (m.order.raid) {
        for (const u of m.units) out.raiders.add(u.id);
        continue;
      }
      // R5.1: each hostile territory with an AA gun on the path fires once at the order.
      const aircraft: UnitCounts = {};
      for (const u of m.units) if (isAir(u.type)) aircraft[u.type] = (aircraft[u.type] ?? 0) + 1;
      const aaFire = new Set(m.order.path.filter((t) => aaAt(t, team))).size;
      if (aaFire > 0 && Object.keys(aircraft).length > 0) out.flights.set(r.endedAt, [...(out.flights.get(r.endedAt) ?? []), { nation, aircraft, aaFire }]);
      if (m.order.unload !== undefined) {
        const transports = m.units.filter((u) => u.type === "transport");
        if (transports.length > 0) unloading.add(`${nation}|${r.endedAt}|${m.order.unload}`);
        // R5.3: in a zone with a sea battle the cargo waits for its outcome.
        if (seaZones.has(r.endedAt)) {
          for (const t of transports) {
            const cargo = after.units.filter((u) => u.aboard === t.id);
            if (cargo.length > 0) out.landings.push({ zone: r.endedAt, territory: m.order.unload, transport: t.id, nation, cargo });
          }
        }
      }
      if (m.order.bombard !== undefined) bombarding.push({ nation, territory: m.order.bombard, zone: r.endedAt, ships: m.units.filter((u) => u.type === "battleship").length });
    }
  }
  // R5.5: battleships that fought no sea battle bombard beside a landing of their nation from their zone.
  for (const b of bombarding) {
    if (seaZones.has(b.zone) || !unloading.has(`${b.nation}|${b.zone}|${b.territory}`)) continue;
    out.bombard.set(b.territory, (out.bombard.get(b.territory) ?? 0) + b.ships);
  }
  return out;
}

/** The units in a territory's battle after movement: combat units not aboard, raiders aside. */
export function fightingAt(movement: TurnMovement, territory: string): Unit[] {
  return movement.units.filter((u) => u.at === territory && u.aboard === undefined && isCombatUnit(u.type) && !movement.raiders.has(u.id));
}

/** Whether units of the defending side moved in too, or the attacker's were there already (R6.1: values by who moved). */
export function meeting(b: BattleReport, attacker: Team): boolean {
  return b.sides[attacker === "Axis" ? "Allies" : "Axis"].some((s) => s.attacking) || b.sides[attacker].some((s) => !s.attacking);
}

/** At sea the side that moved in attacks; when both did, the one that moved more units in. */
export function seaAttacker(b: BattleReport): Team {
  const moved = (team: Team) => b.sides[team].reduce((n, s) => n + (s.attacking ? s.count : 0), 0);
  return moved("Axis") >= moved("Allies") ? "Axis" : "Allies";
}
