// The rulebook's appendix "the robot". For each ship it tries every burn, looks a few drifting turns ahead, drops courses
// that crash, leave the map or hit asteroids fast, and picks the one that brings the ship nearest its
// goal at a sensible speed; it fires guns at modifier -1 or better and launches a missile when one
// can reach an enemy's next position.
import { BOARD, bodyNamed, gravityHexesOf } from "./board";
import { gunGeometry } from "./combat";
import { workingGuns } from "./damage";
import { DIRS, DIR_VECTORS, add, distance, equal, key, length, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseOf, tipOf, type Course } from "./movement";
import { RACE_BODIES, TRAINING_ROUTE } from "./goals";
import { courseToGoal, turnsTo, type CourseGoal } from "./robot-course";
import { huntBurn, nearestEnemy } from "./robot-hunt";
import { baseServes, inNoFireZone, inPlay } from "./ships";
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

/** Below this much fuel a racing robot goes to refuel (IP8.1) before flying on. */
const REFUEL_AT = 10;

/** Planet bases that serve this side, where a ship in orbit can land (IP5.3) and refuel (IP8.1). */
const servingPlanetBases = (state: State, side: string) => [...BOARD.bases.values()].filter((b) => b.kind === "planet" && baseServes(state, b.id, side));

/**
 * IP9.1, IP9.2: a race's goal for this ship: the bodies it has still to visit, then orbit Earth.
 * Low on fuel with bodies still to visit, it first orbits the nearest body with a base to land at.
 */
function raceGoal(state: State, ship: Ship): (CourseGoal & { refuel: boolean }) | null {
  if (state.scenario !== "training" && state.scenario !== "planet-race") return null;
  const ordered = state.scenario === "training";
  const hexesOf = (b: string | null) => (b ? gravityHexesOf(b) : []);
  const bodies = ordered ? TRAINING_ROUTE.filter((_, i) => !visitedInOrder(ship.visited, TRAINING_ROUTE.slice(0, i + 1))) : RACE_BODIES.filter((b) => !ship.visited.includes(b));
  if (bodies.length > 0 && ship.fuel < REFUEL_AT) {
    const refuel = [...new Set(servingPlanetBases(state, ship.side).map((b) => b.body!))].sort((a, b) => turnsTo(ship.pos, ship.vel, hexesOf(a)) - turnsTo(ship.pos, ship.vel, hexesOf(b)))[0];
    if (refuel) return { bodies: [], ordered, orbit: refuel, hexesOf, refuel: true };
  }
  return { bodies, ordered, orbit: "Earth", hexesOf, refuel: false };
}

function visitedInOrder(visited: string[], route: string[]): boolean {
  let i = 0;
  for (const v of visited) if (v === route[i]) i++;
  return i === route.length;
}

function plotShip(state: State, ship: Ship): ShipOrders {
  if (ship.status === "landed") {
    // Wait a turn at home to load a kinetic buster (IP8.3), then take off.
    const home = ship.base ? state.bases[ship.base] : undefined;
    if (home && home.owner === ship.side && home.busters > 0 && ship.stock.buster === 0) return {};
    return { takeoff: true };
  }
  const orders: ShipOrders = {};
  // IP5.3: in orbit over a base that serves it and low on fuel, a racing robot lands to refuel.
  const race = raceGoal(state, ship);
  const landAt = servingPlanetBases(state, ship.side).find((b) => equal(b.hex, ship.pos) && b.body === ship.orbit);
  if (race?.refuel && landAt && ship.fuel >= 1 && ship.disabled === 0) return { land: true };
  const planned = race ? courseToGoal({ ...ship, mayBurn: ship.fuel > 0 && ship.disabled === 0 }, race) : null;
  // IP7.2, IP9.3: in last man standing the robot hunts the nearest enemy (robot-hunt.ts).
  const prey = state.scenario === "last-man-standing" ? nearestEnemy(state, ship) : null;
  const goals = goalHexes(state, ship);
  const options: Dir[][] = [[]];
  if (ship.fuel > 0 && ship.disabled === 0 && !planned && !prey) for (const d of DIRS) options.push([d]);
  let best: { burn: Dir[]; score: number } | null = null;
  for (const burn of options) {
    const l = look(ship.pos, ship.vel, ship.pending, burn, 5);
    const near = goals.length ? Math.min(...goals.map((g) => distance(l.end, g))) : 0;
    // Stay well inside the map's edge (IP5.6) and keep speed manageable.
    const edge = Math.max(0, distance(l.end, { q: 0, r: 0 }) - (BOARD.radius - 5));
    const score = (l.safe ? 0 : 1000) + near + Math.max(0, l.speed - 2) * 3 + edge * 3 + burn.length * (ship.fuel < 5 ? 2 : 0.5);
    if (!best || score < best.score) best = { burn, score };
  }
  const burn = planned ? planned.burn : prey ? huntBurn(ship, prey) : (best?.burn[0] ?? null);
  if (burn) orders.burn = burn;
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
