// Attacks on hostile land: for each target, gather the units that can legally reach it this turn —
// land units from several territories, troops a transport can land (R4.7), aircraft with a secure
// landing left (R4.6, R7.1) — add them until the battle sketch says the attack wins, then confirm with
// the engine's battle resolution (odds and expected losses) before ordering anything.
import { UNIT_STATS, teamOf, type UnitType } from "../engine";
import { unusedMove } from "./air";
import { exactEstimate, quickEdge, shortestPrefix, type Fighter } from "./odds";
import { garrisonFor } from "./defence";
import { AIR_TYPES, LAND_TYPES, isLandType } from "./situation";
import { finalZone } from "./sea";
import { ship, shipmentsTo, type Claims, type Shipment } from "./transports";
import { planStrikes } from "./strike";
import type { RobotTurn } from "./turn";

/** Chance of taking it (exact odds) a robot needs before it attacks a defended territory. */
export const ATTACK_ODDS = 0.7;
/** Engine estimates per turn at most, to keep a robot's turn fast. */
const ESTIMATES = 12;

export interface Slot {
  units: Fighter[];
  /** A unit group's move, or a transport's shipment. */
  move?: { from: string; type: UnitType; path: readonly string[] };
  shipment?: Shipment;
  /** Taken from a garrison the defence held back (released when the attack is ordered). */
  borrow?: boolean;
}

/** Worth of taking a territory, beside the units destroyed: its income, and more for capitals and factories. */
export function targetWorth(turn: RobotTurn, t: string): number {
  const { sit } = turn;
  const capital = sit.board.territory(t).capitalOf !== undefined;
  const original = sit.state.originalOwners[t];
  const liberation = original !== undefined && teamOf(original) === sit.team;
  return 3 * sit.board.value(t) + (capital ? 40 : 0) + (sit.hasFactory(t) ? 10 : 0) + (liberation ? 2 : 0);
}

/** Every unit that could join an attack on `target`, in the order a force is built from them. */
export function slotsFor(turn: RobotTurn, target: string, withAir = true): Slot[] {
  const { sit, plan, reach, landings } = turn;
  let serial = 0;
  // Stand-ins for the estimate: only nation and type matter, ids just keep them apart.
  const pseudo = (type: UnitType): Fighter => ({ id: --serial, nation: sit.nation, type });
  const byType = new Map<UnitType, Slot[]>();
  const claims: Claims = new Map();
  for (const from of sit.myTerritories) {
    if (!sit.board.isLand(from)) continue;
    for (const type of LAND_TYPES) {
      const n = plan.free(from, type);
      const path = n > 0 ? reach.path(from, type, target) : undefined;
      if (!path) continue;
      claims.set(`${from}|${type}`, n);
      const list = byType.get(type) ?? [];
      for (let i = 0; i < n; i++) list.push({ units: [pseudo(type)], move: { from, type, path } });
      byType.set(type, list);
    }
  }
  for (const list of byType.values()) list.sort((a, b) => a.move!.path.length - b.move!.path.length);
  // Interleave: infantry to take the hits (R6.9), artillery to support it (R6.5), armour to strike.
  const land: Slot[] = [];
  const queues = (["infantry", "artillery", "armour"] as UnitType[]).map((t) => byType.get(t) ?? []);
  while (queues.some((q) => q.length > 0)) for (const q of queues) if (q.length > 0) land.push(q.shift()!);
  // A garrison may strike the very units that threaten it: what it holds back beyond what it needs
  // once this target's units are gone (the attack must win to count, see ATTACK_ODDS) may join.
  for (const guard of turn.guards) {
    if (!guard.threat.some((u) => u.at === target)) continue;
    const held = (type: UnitType) => plan.held(guard.territory, type);
    if (!LAND_TYPES.some((t) => held(t) > 0 && reach.path(guard.territory, t, target))) continue;
    const rest = guard.threat.filter((u) => u.at !== target);
    const { keep } = garrisonFor(turn, guard.territory, rest, guard.margin, held);
    for (const type of LAND_TYPES) {
      const path = reach.path(guard.territory, type, target);
      if (!path) continue;
      for (let i = 0; i < held(type) - (keep.get(type) ?? 0); i++) land.push({ units: [pseudo(type)], move: { from: guard.territory, type, path }, borrow: true });
    }
  }
  const sea: Slot[] = shipmentsTo(turn, target, claims).map((s) => ({ units: s.cargo, shipment: s }));
  const air: Slot[] = [];
  for (const type of withAir ? AIR_TYPES : [])
    for (const from of sit.myTerritories) {
      const n = plan.free(from, type);
      const path = n > 0 ? reach.path(from, type, target) : undefined;
      if (!path || !landings.landingFor(target, unusedMove(type, path.length))) continue;
      for (let i = 0; i < n; i++) air.push({ units: [pseudo(type)], move: { from, type, path } });
    }
  return [...land, ...sea, ...air];
}

/** The sketch's verdict: the defenders are wiped out with land units to spare (`share` of those sent, at least one). */
function isGood(force: readonly Fighter[], defenders: readonly Fighter[], share = 0.15): boolean {
  const edge = quickEdge(force, defenders);
  const land = force.filter((u) => isLandType(u.type)).length;
  return edge.defenders < 0.05 && edge.attackers >= Math.max(share === 0 ? 0.5 : 1, share * land);
}

/**
 * R4.8/R5.5: free battleships that can stand in the zone a shipment unloads from (one that no sea
 * battle is expected in) bombard the territory before the assault.
 */
function bombard(turn: RobotTurn, zone: string, target: string): void {
  const { sit, plan, reach } = turn;
  if (sit.enemies(zone).length > 0) return; // a battleship that fights at sea does not bombard (R5.5)
  for (const from of sit.myTerritories) {
    const n = plan.free(from, "battleship");
    if (n === 0 || !sit.board.isSea(from)) continue;
    const path = from === zone ? [] : reach.path(from, "battleship", zone);
    if (path) plan.move({ units: { battleship: n }, from, path: [...path], bombard: target });
  }
}

/** Order the chosen slots: shipments one by one (with bombardment), unit moves grouped by origin, type and path. */
export function commit(turn: RobotTurn, chosen: readonly Slot[]): void {
  const landings = new Set<string>();
  for (const s of chosen) if (s.shipment && ship(turn, s.shipment)) landings.add(`${finalZone(s.shipment.zone, s.shipment.path)}|${s.shipment.unload}`);
  for (const key of landings) {
    const [zone, target] = key.split("|") as [string, string];
    bombard(turn, zone, target);
  }
  const groups = new Map<string, { from: string; type: UnitType; path: readonly string[]; n: number }>();
  for (const s of chosen) {
    if (!s.move) continue;
    const key = `${s.move.from}|${s.move.type}|${s.move.path.join(">")}`;
    const g = groups.get(key) ?? { ...s.move, n: 0 };
    g.n++;
    groups.set(key, g);
  }
  for (const s of chosen) if (s.borrow && s.move) turn.plan.release(s.move.from, s.move.type, 1);
  for (const g of groups.values()) turn.plan.move({ units: { [g.type]: g.n }, from: g.from, path: [...g.path] });
}

/** Attack defended hostile territories where the odds favour it, most valuable first. */
function attackDefended(turn: RobotTurn, budget: { estimates: number }): void {
  const { sit } = turn;
  const targets = sit.targets.filter((t) => sit.enemies(t).length > 0);
  targets.sort((a, b) => targetWorth(turn, b) - targetWorth(turn, a) || (a < b ? -1 : 1));
  for (const target of targets) {
    if (budget.estimates <= 0) return;
    const defenders = sit.enemies(target);
    const slots = slotsFor(turn, target);
    const all = slots.flatMap((s) => s.units);
    if (!all.some((u) => isLandType(u.type)) || !isGood(all, defenders, 0)) continue;
    let i = shortestPrefix(slots, (some) => isGood(some.flatMap((s) => s.units), defenders)) ?? slots.length;
    const chosen: Slot[] = slots.slice(0, i);
    // Confirm with the exact odds; if short, add a few more units and ask again.
    for (let round = 0; round < 3 && budget.estimates > 0; round++) {
      const force = chosen.flatMap((s) => s.units);
      budget.estimates--;
      const est = exactEstimate(force, defenders);
      const worth = targetWorth(turn, target);
      if (force.some((u) => isLandType(u.type)) && est.win >= ATTACK_ODDS && est.defenderLoss + est.win * worth >= 0.9 * est.attackerLoss) {
        commit(turn, chosen);
        break;
      }
      if (i >= slots.length) break;
      for (let extra = 0; extra < 3 && i < slots.length; extra++) chosen.push(slots[i++]!);
    }
  }
}

/** Take undefended hostile territories with one land unit each, the cheapest that can get there. */
function takeEmpty(turn: RobotTurn): void {
  const { sit } = turn;
  const targets = sit.targets.filter((t) => sit.enemies(t).length === 0);
  targets.sort((a, b) => targetWorth(turn, b) - targetWorth(turn, a) || (a < b ? -1 : 1));
  for (const target of targets) {
    const slots = slotsFor(turn, target, false);
    if (slots.length === 0) continue;
    // Prefer a plain land move of the cheapest unit; a shipment only when no land unit can walk there.
    const cost = (s: Slot) => (s.shipment ? 100 : 0) + s.units.reduce((c, u) => c + UNIT_STATS[u.type].cost, 0) + (s.move?.path.length ?? 0) * 0.1;
    const best = [...slots].sort((a, b) => cost(a) - cost(b))[0]!;
    commit(turn, [best]);
  }
}

export function planAttacks(turn: RobotTurn): void {
  planStrikes(turn);
  const budget = { estimates: ESTIMATES };
  attackDefended(turn, budget);
  takeEmpty(turn);
}
