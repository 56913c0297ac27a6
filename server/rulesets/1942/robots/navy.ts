// Warships: attack hostile fleets where the engine's battles say the odds favour it (with aircraft
// that keep a landing), escort the transports' destinations, and pull back from zones they would lose.
import { UNIT_STATS, type UnitType } from "../engine";
import { unusedMove } from "./air";
import { exactEstimate, quickEdge, shortestPrefix, type Fighter } from "./odds";
import { escortAt, safeAtSea, seaPaths, finalZone } from "./sea";
import { AIR_TYPES } from "./situation";
import type { RobotTurn } from "./turn";

/** Chance of clearing the zone a robot needs before it attacks a fleet. */
export const SEA_ODDS = 0.7;
/** Strongest first: the force is built from these until the sketch says it wins. */
const FLEET_ORDER: readonly UnitType[] = ["battleship", "cruiser", "destroyer", "submarine", "carrier"];

/**
 * Carriers with our fighters aboard stay, and so do those fighters: a fighter left at sea without a
 * carrier may be lost (R7.1), so the robot never strands one.
 */
export function pinCarriers(turn: RobotTurn): void {
  const { sit, plan } = turn;
  for (const zone of sit.myTerritories) {
    if (!sit.board.isSea(zone)) continue;
    const fighters = plan.free(zone, "fighter");
    if (fighters === 0) continue;
    plan.reserve(zone, "carrier", Math.ceil(fighters / 2));
    plan.reserve(zone, "fighter", fighters);
  }
}

interface Slot {
  from: string;
  type: UnitType;
  path: readonly string[];
  unit: Fighter;
}

/** Attack hostile ships where our warships and aircraft can win at good odds and a fair trade. */
export function planFleetAttacks(turn: RobotTurn): void {
  const { sit, plan, reach, landings } = turn;
  const zones = [...new Set(sit.enemyUnits.filter((u) => sit.board.isSea(u.at)).map((u) => u.at))].sort();
  const worth = (z: string) => sit.enemies(z).reduce((s, u) => s + UNIT_STATS[u.type].cost + sit.cargo(u.id).reduce((c, x) => c + UNIT_STATS[x.type].cost, 0), 0);
  zones.sort((a, b) => worth(b) - worth(a) || (a < b ? -1 : 1));
  let serial = 0;
  let estimates = 6;
  for (const zone of zones) {
    if (estimates <= 0) return;
    if (turn.skip.has(zone)) continue; // the whole-turn review found this battle doubtful (review.ts)
    const defenders = sit.enemies(zone);
    const slots: Slot[] = [];
    for (const type of [...FLEET_ORDER, ...AIR_TYPES])
      for (const from of sit.myTerritories) {
        const n = plan.free(from, type);
        const path = n > 0 ? reach.path(from, type, zone) : undefined;
        if (!path) continue;
        if (AIR_TYPES.includes(type) && (sit.board.isSea(from) || !landings.landingFor(zone, unusedMove(type, path.length)))) continue;
        for (let i = 0; i < n; i++) slots.push({ from, type, path, unit: { id: --serial, nation: sit.nation, type } });
      }
    const good = (force: readonly Fighter[]) => {
      const edge = quickEdge(force, defenders, "sea");
      return edge.defenders < 0.05 && edge.attackers >= 1;
    };
    const size = shortestPrefix(slots, (some) => good(some.map((c) => c.unit)));
    if (size === undefined) continue; // even everything in reach would not win
    // A zone a landing waits on, reinforced by the review: everything in reach, not just enough.
    const chosen = slots.slice(0, turn.reinforce.has(zone) ? slots.length : size);
    estimates--;
    const est = exactEstimate(chosen.map((c) => c.unit), defenders, "sea");
    if (est.win < SEA_ODDS || est.defenderLoss < 0.8 * est.attackerLoss) continue;
    const groups = new Map<string, { from: string; type: UnitType; path: readonly string[]; n: number }>();
    for (const c of chosen) {
      const key = `${c.from}|${c.type}`;
      const g = groups.get(key) ?? { from: c.from, type: c.type, path: c.path, n: 0 };
      g.n++;
      groups.set(key, g);
    }
    for (const g of groups.values()) plan.move({ units: { [g.type]: g.n }, from: g.from, path: [...g.path] });
  }
}

/**
 * Warships without a battle: join the zone a transport of ours sails to if it is not safe yet,
 * leave a zone they would lose for the safest zone they can reach, or stay.
 */
export function planWarships(turn: RobotTurn): void {
  const { sit, plan, reach } = turn;
  // Escorts: transports' final zones that the threat there would overwhelm.
  const convoys = [...new Set(plan.destinations.filter((d) => d.order.units.transport).map((d) => d.final))].sort();
  for (const zone of convoys) {
    for (const from of sit.myTerritories) {
      if (!sit.board.isSea(from) || from === zone) continue;
      for (const type of FLEET_ORDER) {
        if (safeAtSea(turn, zone, escortAt(turn, zone), 0)) break;
        const n = plan.free(from, type);
        const path = n > 0 ? reach.path(from, type, zone) : undefined;
        if (path && sit.enemies(zone).length === 0) plan.move({ units: { [type]: n }, from, path: [...path] });
      }
    }
  }
  // Retreat: a fleet that would lose where it stands goes where it would not.
  for (const from of sit.myTerritories) {
    if (!sit.board.isSea(from)) continue;
    const ships: Fighter[] = [];
    for (const type of FLEET_ORDER) for (let i = 0; i < plan.free(from, type); i++) ships.push({ id: -1 - ships.length, nation: sit.nation, type });
    if (ships.length === 0 || safeAtSea(turn, from, escortAt(turn, from))) continue;
    let best: { path: string[]; score: number } | undefined;
    for (const path of seaPaths(sit, from)) {
      if (path.length === 0) continue;
      const final = finalZone(from, path);
      const edge = quickEdge(turn.threats.sea(final), [...escortAt(turn, final), ...ships], "sea");
      const score = edge.defenders - edge.attackers - path.length * 0.01;
      if (!best || score > best.score) best = { path, score };
    }
    const stay = quickEdge(turn.threats.sea(from), escortAt(turn, from), "sea");
    if (!best || best.score <= stay.defenders - stay.attackers) continue;
    for (const type of FLEET_ORDER) {
      const n = plan.free(from, type);
      if (n > 0 && reach.of(from, type).has(finalZone(from, best.path))) plan.move({ units: { [type]: n }, from, path: [...best.path] });
    }
  }
}
