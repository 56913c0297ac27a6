// The rulebook's appendix "the robot": how the robot plots a course to a goal. It tries every sequence of burns over the next
// three turns (7³ courses flown by the rules' own movement, gravity included), drops sequences that
// crash or leave the map, and scores the rest by the turns they take plus a lower bound of the turns
// still needed: with one burn a turn a ship at p with vector v can be anywhere within t(t+1)/2 of
// p + t·v after t turns. Bodies of a race passed on the way count as reached.
import { bodiesOfCourse } from "./gravity";
import { DIRS, add, distance, scale, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseOf, tipOf, type Course } from "./movement";
import type { PendingGravity } from "./types";

export interface CourseGoal {
  /** Bodies still to visit, in order when `ordered` (their gravity hexes are the targets). */
  hexesOf(next: string | null): Hex[];
  /** Bodies to visit before the final approach, in order or any order. */
  bodies: string[];
  ordered: boolean;
  /** After the bodies: reach these hexes and be in orbit around `orbit` (a race), or just come near. */
  orbit: string | null;
}

interface Flight {
  pos: Hex;
  vel: Hex;
  pending: PendingGravity[];
  todo: string[];
  fuel: number;
}

const HORIZON = 3;
const MAX_TURNS = 40;
/** Fuel is scarce (20 for a whole race): a burn must win back part of a turn. */
const BURN_COST = 0.35;
/** The turns a body still to visit is worth: more than any final approach to orbit. */
const BODY_WEIGHT = 20;

/** A lower bound of the turns to bring the ship onto one of `targets` (gravity ignored). */
export function turnsTo(pos: Hex, vel: Hex, targets: Hex[]): number {
  if (targets.length === 0) return 0;
  for (let t = 0; t <= MAX_TURNS; t++) {
    const drift = add(pos, scale(vel, t));
    const reach = (t * (t + 1)) / 2;
    if (targets.some((g) => distance(g, drift) <= reach)) return t;
  }
  return MAX_TURNS;
}

/** One turn of flight with a burn (or none); null if the course crashes or leaves the map. */
function fly(f: Flight, burn: Dir | null, orbitBody: string | null, goal: CourseGoal): { next: Flight; course: Course; orbited: boolean } | null {
  const { tip } = tipOf(f.pos, f.vel, f.pending, undefined, burn ? [burn] : []);
  const course = courseOf(f.pos, tip);
  if (course.crash || course.left) return null;
  let todo = f.todo;
  for (const b of bodiesOfCourse(course.pending)) {
    if (goal.ordered ? todo[0] === b : todo.includes(b)) todo = todo.filter((x, i) => (goal.ordered ? i !== 0 : x !== b));
  }
  // IP4.6: orbit is a turn without a burn at speed 1 from one of the body's gravity hexes to another.
  const around = (h: Hex) => goal.hexesOf(orbitBody).some((g) => distance(g, h) === 0);
  const orbited = orbitBody !== null && todo.length === 0 && f.todo.length === 0 && !burn && distance(f.pos, tip) === 1 && around(f.pos) && around(tip);
  return { next: { pos: tip, vel: course.vel, pending: course.pending, todo, fuel: f.fuel - (burn ? 1 : 0) }, course, orbited };
}

/** How far a flight still is from its goal, in turns (lower is better). */
function remaining(f: Flight, goal: CourseGoal): number {
  if (f.todo.length > 0) {
    const next = goal.hexesOf(f.todo[0]!);
    // Each body still to visit after the next one costs a few turns more.
    const nearest = goal.ordered ? turnsTo(f.pos, f.vel, next) : Math.min(...f.todo.map((b) => turnsTo(f.pos, f.vel, goal.hexesOf(b))));
    // Every body still to visit outweighs any final approach, so reaching one is always progress.
    return nearest + BODY_WEIGHT * f.todo.length;
  }
  // The final approach: done when drifting on is an orbit (IP4.6); else come near, slow enough to orbit.
  const drift = fly(f, null, goal.orbit, goal);
  if (drift?.orbited) return 0;
  const speed = distance(f.vel, { q: 0, r: 0 });
  return 1 + turnsTo(f.pos, f.vel, goal.hexesOf(goal.orbit)) + Math.max(0, speed - 1) * 1.5;
}

/** Risk at the end of the horizon: fast ships and drifts that crash or leave soon are hard to save. */
function danger(f: Flight): number {
  let risk = Math.max(0, distance(f.vel, { q: 0, r: 0 }) - 3);
  let pos = f.pos;
  let vel = f.vel;
  let pending = f.pending;
  for (let i = 0; i < 3; i++) {
    const c = courseOf(pos, tipOf(pos, vel, pending, undefined, []).tip);
    // With fuel to steer, a drift into a planet is only a risk (of being disabled); without, a loss.
    if (c.crash || c.left) return risk + (f.fuel > 1 ? 1 : (3 - i) * 2);
    [pos, vel, pending] = [c.tip, c.vel, c.pending];
  }
  // Without fuel a ship cannot steer.
  return risk + (f.fuel === 0 ? 2 : 0);
}

/**
 * The best burn for this turn toward the goal, or null when every course crashes within the horizon
 * (then any burn is as good as another: the caller keeps its own choice).
 */
export function courseToGoal(ship: { pos: Hex; vel: Hex; pending: PendingGravity[]; fuel: number; mayBurn: boolean }, goal: CourseGoal): { burn: Dir | null; score: number } | null {
  let best: { burn: Dir | null; score: number } | null = null;
  const start: Flight = { pos: ship.pos, vel: ship.vel, pending: ship.pending, todo: goal.bodies, fuel: ship.fuel };
  const burnsFor = (f: Flight, depth: number): (Dir | null)[] => (f.fuel > 0 && (depth > 0 || ship.mayBurn) ? [null, ...DIRS] : [null]);
  const search = (f: Flight, depth: number, cost: number): number => {
    if (depth === HORIZON) {
      const left = remaining(f, goal);
      // A ship that will orbit by drifting is safe where it is.
      return cost + left + (left === 0 ? 0 : danger(f));
    }
    let bestHere = Infinity;
    for (const burn of burnsFor(f, depth)) {
      const step = fly(f, burn, goal.orbit, goal);
      if (!step) continue;
      if (step.orbited) return cost; // the race is won this turn
      const risk = asteroidHexes(step.course).length * 2;
      bestHere = Math.min(bestHere, search(step.next, depth + 1, cost + 1 + risk + (burn ? BURN_COST : 0)));
    }
    return bestHere;
  };
  for (const burn of burnsFor(start, 0)) {
    const step = fly(start, burn, goal.orbit, goal);
    if (!step) continue;
    const score = step.orbited ? 0 : search(step.next, 1, 1 + asteroidHexes(step.course).length * 2 + (burn ? BURN_COST : 0));
    if (score < Infinity && (!best || score < best.score)) best = { burn, score };
  }
  return best;
}
