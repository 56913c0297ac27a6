// IP12: the robot. For each ship it tries every burn, looks a few drifting turns ahead, drops courses
// that crash, leave the map or hit asteroids fast, and picks the one that brings the ship nearest its
// goal at a sensible speed; it fires guns at modifier -1 or better and launches a missile when one
// can reach an enemy's next position.
import { BOARD, bodyNamed, gravityHexesOf } from "./board";
import { gunGeometry } from "./combat";
import { workingGuns } from "./damage";
import { DIRS, DIR_VECTORS, add, distance, key, length, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseOf, tipOf, type Course } from "./movement";
import { RACE_BODIES, TRAINING_ROUTE } from "./goals";
import { inNoFireZone, inPlay } from "./ships";
import type { Orders, PendingGravity, Ship, ShipOrders, State } from "./types";

/** The course a ship would fly with this burn, and whether it survives the next `ahead` drifting turns. */
function look(pos: Hex, vel: Hex, pending: PendingGravity[], burn: Dir[], ahead: number): { first: Course; safe: boolean; end: Hex; speed: number } {
  const { tip } = tipOf(pos, vel, pending, undefined, burn);
  const first = courseOf(pos, tip);
  let c = first;
  let safe = true;
  for (let i = 0; i <= ahead; i++) {
    if (c.crash || c.left || asteroidHexes(c).length > 0) {
      safe = i > 0 && !c.crash && !c.left; // an asteroid later is a risk, not a crash
      if (c.crash || c.left || i === 0) break;
    }
    if (i === ahead) break;
    const next = tipOf(c.tip, c.vel, c.pending, undefined, []);
    c = courseOf(c.tip, next.tip);
  }
  return { first, safe, end: first.tip, speed: length(first.vel) };
}

function goalHexes(state: State, ship: Ship): Hex[] {
  const enemies = state.ships.filter((s) => s.side !== ship.side && s.status === "flying");
  if (state.scenario === "training" || state.scenario === "planet-race") {
    const todo = state.scenario === "training" ? TRAINING_ROUTE.filter((b, i) => !TRAINING_ROUTE.slice(0, i + 1).every((x) => ship.visited.includes(x))) : RACE_BODIES.filter((b) => !ship.visited.includes(b));
    const body = todo[0] ?? "Earth";
    return gravityHexesOf(body);
  }
  if (state.scenario === "hostile-takeover") {
    const enemyHq = Object.entries(state.bases).find(([, b]) => b.owner && b.owner !== ship.side && !b.destroyed);
    if (enemyHq) return [BOARD.bases.get(enemyHq[0])!.hex];
  }
  return enemies.map((e) => add(e.pos, e.vel));
}

function plotShip(state: State, ship: Ship): ShipOrders {
  if (ship.status === "landed") {
    // Wait a turn at home to load a kinetic buster (IP8.3), then take off.
    const home = ship.base ? state.bases[ship.base] : undefined;
    if (home && home.owner === ship.side && home.busters > 0 && ship.stock.buster === 0) return {};
    return { takeoff: true };
  }
  const orders: ShipOrders = {};
  const goals = goalHexes(state, ship);
  const options: Dir[][] = [[]];
  if (ship.fuel > 0 && ship.disabled === 0) for (const d of DIRS) options.push([d]);
  let best: { burn: Dir[]; score: number } | null = null;
  for (const burn of options) {
    const l = look(ship.pos, ship.vel, ship.pending, burn, 5);
    const near = goals.length ? Math.min(...goals.map((g) => distance(l.end, g))) : 0;
    // Stay well inside the map's edge (IP5.6) and keep speed manageable.
    const edge = Math.max(0, distance(l.end, { q: 0, r: 0 }) - (BOARD.radius - 5));
    const score = (l.safe ? 0 : 1000) + near + Math.max(0, l.speed - 2) * 3 + edge * 3 + burn.length * (ship.fuel < 5 ? 2 : 0.5);
    if (!best || score < best.score) best = { burn, score };
  }
  if (best?.burn[0]) orders.burn = best.burn[0];
  // Guns: fire at enemies where the odds are good (IP7.2 modifier -1 or better), judged on drift.
  const mine = courseOf(ship.pos, tipOf(ship.pos, ship.vel, ship.pending, undefined, orders.burn ? [orders.burn] : []).tip);
  const guns = workingGuns(ship);
  const targets = state.ships
    .filter((s) => s.side !== ship.side && s.status === "flying" && !inNoFireZone(state, s.pos) && !inNoFireZone(state, ship.pos))
    .map((s) => ({ s, g: gunGeometry(mine, courseOf(s.pos, tipOf(s.pos, s.vel, s.pending, undefined, []).tip)) }))
    .filter((x) => x.g.modifier >= -1 && x.g.range <= 10)
    .sort((a, b) => b.g.modifier - a.g.modifier || (a.s.id < b.s.id ? -1 : 1));
  if (guns > 0 && targets.length > 0) orders.fire = Array.from({ length: guns }, (_, i) => targets[i % targets.length]!.s.id);
  // Missile: launch when its tip can be put on an enemy's drift position with up to two burns.
  if (ship.stock.missile > 0 && ship.hp.launchers > 0 && !inNoFireZone(state, ship.pos)) {
    const base = tipOf(ship.pos, ship.vel, ship.pending, undefined, []).tip;
    for (const e of state.ships.filter((s) => s.side !== ship.side && s.status === "flying")) {
      const aim = tipOf(e.pos, e.vel, e.pending, undefined, []).tip;
      if (distance(base, aim) > 2) continue;
      const burns = route(base, aim);
      if (!courseOf(ship.pos, aim).crash) {
        orders.launch = { kind: "missile", burns, target: e.id };
        break;
      }
    }
  }
  // Kinetic buster: launch when the drift course runs into the enemy headquarters at speed 3+ (IP6.8).
  if (ship.stock.buster > 0 && ship.hp.launchers > 0 && length(ship.vel) >= 3) {
    const drift = courseOf(ship.pos, tipOf(ship.pos, ship.vel, ship.pending, undefined, []).tip);
    const hq = Object.entries(state.bases).find(([, b]) => b.owner && b.owner !== ship.side && !b.destroyed);
    const hqHex = hq && BOARD.bases.get(hq[0])!.hex;
    if (hqHex && length(drift.vel) >= 3 && drift.touches.some((t) => t.passage === "inside" && key(t.hex) === key(hqHex))) orders.launch = { kind: "buster" };
  }
  return orders;
}

/** Up to two single-hex steps from a to b (distance ≤ 2). */
function route(a: Hex, b: Hex): Dir[] {
  const out: Dir[] = [];
  let at = a;
  while (key(at) !== key(b) && out.length < 2) {
    const d = DIRS.reduce((best, dir) => (distance(add(at, DIR_VECTORS[dir]), b) < distance(add(at, DIR_VECTORS[best]), b) ? dir : best), DIRS[0]);
    out.push(d);
    at = add(at, DIR_VECTORS[d]);
  }
  return out;
}

export function robotOrders(state: State, side: string): Orders {
  const ships: Record<string, ShipOrders> = {};
  if (state.ended) return {};
  for (const ship of state.ships.filter((s) => s.side === side && inPlay(s))) ships[ship.id] = plotShip(state, ship);
  void bodyNamed;
  return { ships };
}
