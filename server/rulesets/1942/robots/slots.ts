// The units a robot could send against a target ("slots") and how a chosen set of them becomes
// orders: shared by single attacks (attack.ts) and coordinated strikes (strike.ts).
import { teamOf, type UnitType } from "../engine";
import { unusedMove } from "./air";
import { garrisonFor } from "./defence";
import type { Fighter } from "./odds";
import { AIR_TYPES, LAND_TYPES } from "./situation";
import { finalZone } from "./sea";
import { ship, shipmentsTo, type Claims, type Shipment } from "./transports";
import type { RobotTurn } from "./turn";

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
