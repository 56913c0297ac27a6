// IP7.2, IP9.3: the robot in a fight to the last ship (last man standing). Guns hit only at short range and
// a small relative velocity (IP7.2: −1 a hex of range above 2, −1 a point of relative velocity above
// 2), so a hunter must not merely fly at its prey but come alongside it and match its vector. The
// robot tries every pair of burns for this turn and the next (7² plans, gravity included, the prey
// drifting on its course) and scores each by the gun modifier it would fire at in those two turns
// and how close the two ships stay over the two drifting turns after; plans that crash or leave the
// map are dropped, plans that skirt the edge, cross asteroids or spend the last fuel cost more.
import { BOARD } from "./board";
import { gunGeometry } from "./combat";
import { DIRS, add, distance, length, scale, sub, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseOf, tipOf, type Course } from "./movement";
import { inPlay } from "./ships";
import type { PendingGravity, Ship, State } from "./types";

interface Body {
  pos: Hex;
  vel: Hex;
  pending: PendingGravity[];
}

const fly = (b: Body, burn: Dir | null): Course => courseOf(b.pos, tipOf(b.pos, b.vel, b.pending, undefined, burn ? [burn] : []).tip);
const after = (c: Course): Body => ({ pos: c.tip, vel: c.vel, pending: c.pending });

/** What a turn's geometry costs: the gun modifier's penalty (IP7.2), 0 when a gun fires at full odds. */
function penalty(mine: Course, prey: Course): number {
  return -gunGeometry(mine, prey).modifier;
}

/** Staying this far inside the map's edge (IP5.6) keeps room to turn. */
const EDGE_MARGIN = 4;
const edge = (h: Hex) => Math.max(0, distance(h, { q: 0, r: 0 }) - (BOARD.radius - EDGE_MARGIN));

/** The nearest enemy ship in play (by the distance of the two drifting tips), ties by id. */
export function nearestEnemy(state: State, ship: Ship): Ship | null {
  const mine = fly(ship, null).tip;
  const enemies = state.ships.filter((s) => s.side !== ship.side && inPlay(s) && s.status === "flying");
  return enemies.map((e) => ({ e, d: distance(mine, fly(e, null).tip) })).sort((a, b) => a.d - b.d || (a.e.id < b.e.id ? -1 : 1))[0]?.e ?? null;
}

/** The burn for this turn that brings the ship alongside its prey, or null to drift. */
export function huntBurn(ship: Ship, prey: Ship): Dir | null {
  const mayBurn = ship.fuel > 0 && ship.disabled === 0;
  const first: (Dir | null)[] = mayBurn ? [null, ...DIRS] : [null];
  // The prey drifts (the robot cannot know its plot): its courses for the next four turns.
  const preyCourses: Course[] = [];
  let p: Body = prey;
  for (let i = 0; i < 4; i++) {
    const c = fly(p, null);
    preyCourses.push(c);
    p = after(c);
  }
  const costOf = (burns: number, fuel: number) => burns * (fuel - burns < 3 ? 1.5 : 0.25);
  let best: { burn: Dir | null; score: number } | null = null;
  for (const b1 of first) {
    const c1 = fly(ship, b1);
    if (c1.crash || c1.left) continue;
    const second: (Dir | null)[] = mayBurn && ship.fuel - (b1 ? 1 : 0) > 0 ? [null, ...DIRS] : [null];
    let bestHere = Infinity;
    for (const b2 of second) {
      const c2 = fly(after(c1), b2);
      if (c2.crash || c2.left) continue;
      let score = 2 * penalty(c1, preyCourses[0]!) + 2 * penalty(c2, preyCourses[1]!) + costOf((b1 ? 1 : 0) + (b2 ? 1 : 0), ship.fuel);
      score += 2 * (asteroidHexes(c1).length + asteroidHexes(c2).length) + 3 * (edge(c1.tip) + edge(c2.tip));
      // Two drifting turns after: a plan that matches the prey's vector keeps it in reach. Judged on
      // straight drift (gravity left out: cheap, and near enough to rank plans).
      const rel = Math.max(0, length(sub(c2.vel, preyCourses[1]!.vel)) - 2);
      for (let i = 2; i < 4; i++) score += Math.max(0, distance(add(c2.tip, scale(c2.vel, i - 1)), preyCourses[i]!.tip) - 2) + rel;
      bestHere = Math.min(bestHere, score);
    }
    if (bestHere < Infinity && (!best || bestHere < best.score)) best = { burn: b1, score: bestHere };
  }
  return best?.burn ?? null;
}
