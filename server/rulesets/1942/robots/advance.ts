// Units with nothing to do this turn move up: land units one legal move nearer the front (or, with no
// land route to it, towards a coast where transports pick them up); aircraft to a secure territory from
// which they can strike next turn; bombers with nothing to strike raid a factory in range (R4.9).
import { UNIT_STATS, type UnitType } from "../engine";
import { unusedMove } from "./air";
import { quickEdge, type Fighter } from "./odds";
import { AIR_TYPES, LAND_TYPES, isLandType } from "./situation";
import { strikeRange } from "./threat";
import { contactCosts } from "./front";
import type { RobotTurn } from "./turn";

/** Would our units in `t`, with `arriving` added, hold it against what can attack it this turn? */
function holds(turn: RobotTurn, t: string, arriving: readonly Fighter[]): boolean {
  const threat = turn.threats.land(t);
  if (!threat.some((u) => isLandType(u.type))) return true;
  return quickEdge(threat, [...turn.sit.friends(t), ...arriving]).attackers < 0.05;
}

function advanceLand(turn: RobotTurn): void {
  const { sit, plan, reach } = turn;
  const cost = contactCosts(sit);
  for (const from of sit.myTerritories) {
    if (!sit.board.isLand(from)) continue;
    const here = cost.land(from);
    if (here <= 1) continue; // on the front line already: hold it
    for (const type of LAND_TYPES) {
      const n = plan.free(from, type);
      if (n === 0) continue;
      // The stack moves up together (every type picks the same nearest step), so it is judged as a whole.
      const arriving: Fighter[] = LAND_TYPES.flatMap((t) => Array.from({ length: plan.free(from, t) }, () => ({ id: 0, nation: sit.nation, type: t })));
      arriving.forEach((u, i) => (u.id = -1 - i));
      let best: { to: string; path: readonly string[]; score: number } | undefined;
      for (const [to, path] of reach.of(from, type)) {
        // Nearer the front, or (with no land route to it) nearer the coast it will be shipped from.
        if (!sit.isFriendlyLand(to)) continue;
        const score = here - cost.land(to);
        if (score <= 0) continue;
        if (cost.land(to) <= 1 && !holds(turn, to, arriving)) continue; // no walking into a lost cause
        const better = !best || score > best.score || (score === best.score && (path.length < best.path.length || (path.length === best.path.length && to < best.to)));
        if (better) best = { to, path, score };
      }
      if (best) plan.move({ units: { [type]: n }, from, path: [...best.path] });
    }
  }
}

function advanceAir(turn: RobotTurn): void {
  const { sit, plan, reach, landings } = turn;
  const valuable = sit.targets.filter((t) => sit.board.value(t) > 0);
  const gap = (t: string) => Math.min(99, ...valuable.map((x) => sit.dist.steps("air", t, x)));
  for (const from of sit.myTerritories) {
    if (!sit.board.isLand(from)) continue;
    for (const type of AIR_TYPES) {
      const n = plan.free(from, type);
      if (n === 0) continue;
      // R4.9: a bomber with nothing to strike raids the most valuable hostile factory in range.
      if (type === "bomber") {
        let raid: { to: string; path: readonly string[] } | undefined;
        for (const [to, path] of reach.of(from, type)) {
          if (!sit.isHostileLand(to) || !sit.hasFactory(to) || !landings.landingFor(to, unusedMove(type, path.length))) continue;
          if (!raid || sit.board.value(to) > sit.board.value(raid.to)) raid = { to, path };
        }
        if (raid && plan.move({ units: { bomber: n }, from, path: [...raid.path], raid: true })) continue;
      }
      const here = gap(from);
      if (here <= strikeRange(type) - 1) continue; // close enough to strike next turn
      let best: { to: string; path: readonly string[]; gap: number } | undefined;
      for (const [to, path] of reach.of(from, type)) {
        if (!sit.isFriendlyLand(to) || !landings.secure(to) || path.length >= UNIT_STATS[type].move) continue;
        const g = gap(to);
        if (g < here && (!best || g < best.gap || (g === best.gap && to < best.to))) best = { to, path, gap: g };
      }
      if (best) plan.move({ units: { [type as UnitType]: n }, from, path: [...best.path] });
    }
  }
}

export function planAdvance(turn: RobotTurn): void {
  advanceLand(turn);
  advanceAir(turn);
}
