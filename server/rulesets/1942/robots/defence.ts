// Defence: the capital and every factory territory that hostile units could attack this turn keep
// enough defenders to hold (judged with the dice-free battle sketch), and call in reinforcements from
// nearby when their own garrison is not enough. The capital always gets every unit that can help.
import { UNIT_STATS, type Unit, type UnitType } from "../engine";
import { quickEdge, shortestPrefix, type Fighter } from "./odds";
import { isAirType, isLandType } from "./situation";
import type { Guard, RobotTurn } from "./turn";

/** Garrison order: cheapest good defenders first (R2 defense per cost); bombers defend at 1 and fly off. */
const GARRISON: readonly UnitType[] = ["infantry", "artillery", "armour", "fighter"];

/** Defenders are ahead when the attackers would have no land unit left to capture with (R5.2d). */
export function holds(threat: readonly Fighter[], defenders: readonly Fighter[], margin: number): boolean {
  const edge = quickEdge(threat, defenders);
  return edge.attackers < 0.05 && edge.defenders >= margin;
}

/**
 * The garrison `key` needs against `threat`: allies' units there defend too, ours (of which
 * `available(type)` may stay) are added in GARRISON order until the estimate holds.
 */
export function garrisonFor(turn: RobotTurn, key: string, threat: readonly Fighter[], margin: number, available: (type: UnitType) => number): { keep: Map<UnitType, number>; defenders: Fighter[]; enough: boolean } {
  const { sit } = turn;
  const allies: Fighter[] = sit.friends(key).filter((u) => u.nation !== sit.nation);
  const ours: Fighter[] = [];
  let pseudo = -1;
  for (const type of GARRISON) for (let i = 0; i < available(type); i++) ours.push({ id: pseudo--, nation: sit.nation, type });
  const n = shortestPrefix(ours, (some) => holds(threat, [...allies, ...some], margin)) ?? ours.length;
  const keep = new Map<UnitType, number>();
  for (const u of ours.slice(0, n)) keep.set(u.type, (keep.get(u.type) ?? 0) + 1);
  const defenders = [...allies, ...ours.slice(0, n)];
  return { keep, defenders, enough: holds(threat, defenders, margin) };
}

export function planDefence(turn: RobotTurn): void {
  const { sit, plan, threats, reach } = turn;
  const keys = sit.factories.filter((t) => t !== sit.capital);
  keys.sort((a, b) => sit.board.value(b) - sit.board.value(a) || (a < b ? -1 : 1));
  if (sit.capital && sit.state.owners[sit.capital] === sit.nation) keys.unshift(sit.capital);
  let pseudo = -1000;
  for (const key of keys) {
    const threat = threats.land(key);
    if (!threat.some((u) => isLandType(u.type))) continue; // R5.2d: only land units capture
    const capital = key === sit.capital;
    const margin = capital ? 1.5 : 0.5;
    const { keep, defenders } = garrisonFor(turn, key, threat, margin, (type) => plan.free(key, type));
    const enough = holds(threat, defenders, margin);
    // Worth the whole garrison only if it holds, or it is the capital (R8.2: losing it stops all buying).
    const worth = enough || capital || sit.board.value(key) >= 3;
    if (worth) {
      for (const [type, n] of keep) plan.reserve(key, type, n);
      turn.guards.push({ territory: key, threat, margin });
    }
    if (enough || !worth) continue;
    // Reinforce from nearby: land units that can legally reach it this turn, then fighters.
    const helpers: { from: string; type: UnitType; path: readonly string[] }[] = [];
    for (const from of sit.myTerritories) {
      if (from === key) continue;
      for (const type of GARRISON) {
        if (plan.free(from, type) === 0) continue;
        if (isAirType(type) && sit.board.isSea(from)) continue;
        const path = reach.path(from, type, key);
        if (path && (!isAirType(type) || path.length < UNIT_STATS[type].move)) helpers.push({ from, type, path });
      }
    }
    // Nearest first; a front-line territory gives its units last.
    helpers.sort((a, b) => a.path.length - b.path.length || sit.frontDistance(b.from) - sit.frontDistance(a.from) || GARRISON.indexOf(a.type) - GARRISON.indexOf(b.type) || (a.from < b.from ? -1 : 1));
    const units = helpers.flatMap((h) => Array.from({ length: plan.free(h.from, h.type) }, () => ({ h, unit: { id: pseudo--, nation: sit.nation, type: h.type } as Fighter })));
    const n = shortestPrefix(units, (some) => holds(threat, [...defenders, ...some.map((x) => x.unit)], margin)) ?? units.length;
    const send = new Map<string, { from: string; type: UnitType; path: readonly string[]; n: number }>();
    for (const { h, unit } of units.slice(0, n)) {
      defenders.push(unit);
      const k = `${h.from}|${h.type}`;
      const s = send.get(k) ?? { ...h, n: 0 };
      s.n++;
      send.set(k, s);
    }
    // Reinforcements go only where they make it hold — to the capital, whatever it takes.
    if (capital || holds(threat, defenders, margin)) for (const s of send.values()) plan.move({ units: { [s.type]: s.n }, from: s.from, path: [...s.path] });
  }
}

