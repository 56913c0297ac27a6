// Sea lanes for the robot's ships: paths of up to two zones that R4.4 allows (sea zones only, open
// canals, R1.3) through zones holding no hostile unit, and how dangerous a zone is to end in.
import { UNIT_STATS } from "../engine";
import { quickEdge, type Fighter } from "./odds";
import { WARSHIP_TYPES, type Situation } from "./situation";
import type { RobotTurn } from "./turn";

/** R1.3 — a canal is open if every controlling territory is friendly at the start of the turn. */
export function canalOpen(sit: Situation, a: string, b: string): boolean {
  const canal = sit.board.canal(a, b);
  return !canal || canal.controlledBy.every((t) => sit.ownerTeam(t) === sit.team);
}

/** A zone holding no hostile unit at all (ships, or aircraft that would fight there, R5.2c). */
export function clearZone(sit: Situation, z: string): boolean {
  return sit.board.isSea(z) && sit.enemies(z).length === 0;
}

/**
 * Paths from `from` of 0, 1 or `max` steps through clear zones, shortest first; a path may also end
 * in a `contested` zone, where our own attack is meant to clear the way. The engine still validates
 * every order; this only keeps the robot away from zones it does not mean to fight in.
 */
const pathCache = new WeakMap<Situation, Map<string, string[][]>>();

export function seaPaths(sit: Situation, from: string, max = UNIT_STATS.transport.move, contested: ReadonlySet<string> = new Set()): string[][] {
  let cache = pathCache.get(sit);
  if (!cache) pathCache.set(sit, (cache = new Map()));
  const key = `${from}|${max}|${[...contested].sort().join(",")}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const out: string[][] = [[]];
  let layer: string[][] = [[]];
  for (let step = 1; step <= max; step++) {
    const next: string[][] = [];
    for (const path of layer) {
      const at = path.length === 0 ? from : path[path.length - 1]!;
      if (path.length > 0 && !clearZone(sit, at)) continue; // R4.4: a path stops where hostile ships are
      for (const z of sit.board.neighbours(at)) {
        if (z === from || path.includes(z) || !sit.board.isSea(z) || !canalOpen(sit, at, z)) continue;
        if (!clearZone(sit, z) && !contested.has(z)) continue;
        next.push([...path, z]);
      }
    }
    out.push(...next);
    layer = next;
  }
  cache.set(key, out);
  return out;
}

/** Zones holding hostile units that our warships or aircraft are ordered to attack this turn (R5.2c: sea battles come before unloading). */
export function contestedZones(turn: RobotTurn): Set<string> {
  const out = new Set<string>();
  for (const d of turn.plan.destinations)
    if (turn.sit.board.isSea(d.final) && !clearZone(turn.sit, d.final) && !d.order.units.transport) out.add(d.final);
  return out;
}

/** The zone a path ends in. */
export function finalZone(from: string, path: readonly string[]): string {
  return path.length === 0 ? from : path[path.length - 1]!;
}

/**
 * Would ships ending in `z` with `escort` (our team's warships there) likely survive the hostile
 * warships and aircraft that can reach it this turn? A threat of `tolerance` attack or less is taken.
 */
export function safeAtSea(turn: RobotTurn, z: string, escort: readonly Fighter[], tolerance = 2): boolean {
  const threat = turn.threats.sea(z);
  const power = threat.reduce((s, u) => s + UNIT_STATS[u.type].attack, 0);
  if (power <= tolerance) return true;
  const edge = quickEdge(threat, escort, "sea");
  return edge.attackers < 0.05 && edge.defenders >= 1;
}

/** Warships of our team standing in a zone, plus those our plan sends there. */
export function escortAt(turn: RobotTurn, z: string): Fighter[] {
  const { sit, plan } = turn;
  const here: Fighter[] = sit.friends(z).filter((u) => UNIT_STATS[u.type].medium === "sea" && u.type !== "transport");
  // Our own ships that leave no longer escort; ships ordered here do.
  const leaving = new Set<number>();
  for (const order of plan.destinations) {
    if (order.order.from === z && order.final !== z)
      for (const [type, n] of Object.entries(order.order.units)) {
        const ids = sit.mine(z).filter((u) => u.type === type && !leaving.has(u.id)).slice(0, n ?? 0);
        ids.forEach((u) => leaving.add(u.id));
      }
  }
  const stay = here.filter((u) => !leaving.has(u.id));
  const coming: Fighter[] = [];
  let id = -1000;
  for (const d of plan.destinations)
    if (d.final === z && d.order.from !== z && !d.order.unload)
      for (const [type, n] of Object.entries(d.order.units))
        if (type !== "transport" && UNIT_STATS[type as Fighter["type"]].medium === "sea")
          for (let i = 0; i < (n ?? 0); i++) coming.push({ id: id--, nation: sit.nation, type: type as Fighter["type"] });
  return [...stay, ...coming];
}

/** Fewest zones a ship in `zone` sails to stand next to land territory `land` (Infinity: never). */
export function stepsToCoast(sit: Situation, zone: string, land: string): number {
  let best = Infinity;
  for (const z of sit.board.neighbours(land)) if (sit.board.isSea(z)) best = Math.min(best, sit.dist.steps("sea", zone, z));
  return best;
}

/** Our free warships that could sail to `z` this turn: an escort navy.ts sends where a convoy needs one. */
export function escortsInReach(turn: RobotTurn, z: string): Fighter[] {
  const { sit, plan, reach } = turn;
  const out: Fighter[] = [];
  for (const from of sit.myTerritories) {
    if (!sit.board.isSea(from) || from === z) continue;
    for (const type of WARSHIP_TYPES) {
      const n = plan.free(from, type);
      if (n > 0 && reach.path(from, type, z)) for (let i = 0; i < n; i++) out.push({ id: -2000 - out.length, nation: sit.nation, type });
    }
  }
  return out;
}
