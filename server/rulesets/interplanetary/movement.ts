// IP3: vector movement. The tip is where the vector points after gravity (IP4) and a burn (IP3.2);
// the course is the straight line between hex centres from the start to the tip (IP3.3), cut where
// it meets a body's image (IP5.1); a tip off the map leaves play (IP5.6).
import { BOARD, onMap } from "./board";
import { gravityOfCourse, gravityShift } from "./gravity";
import { DIR_VECTORS, add, cmpFrac, key, length, sub, trace, type Dir, type Hex, type Touch } from "./hex";
import type { PendingGravity } from "./types";

export interface Course {
  from: Hex;
  tip: Hex;
  vel: Hex;
  /** Hexes the course met, in order, cut at a crash. */
  touches: Touch[];
  crash: { body: string; hex: Hex; enter: Touch["enter"] } | null;
  left: boolean;
  /** Gravity to feel next turn. */
  pending: PendingGravity[];
  applied: { hex: string; dir: Dir | null }[];
}

/** IP3.1, IP3.2, IP4: the tip of this turn's vector. */
export function tipOf(pos: Hex, vel: Hex, pending: PendingGravity[], choices: Record<string, Dir | "ignore"> | undefined, burns: Dir[]) {
  const { shift, applied } = gravityShift(pending, choices);
  let tip = add(add(pos, vel), shift);
  for (const b of burns) tip = add(tip, DIR_VECTORS[b]);
  return { tip, applied };
}

export function courseOf(from: Hex, tip: Hex, applied: Course["applied"] = []): Course {
  const all = trace(from, tip);
  let crash: Course["crash"] = null;
  for (const t of all.slice(1)) {
    const body = BOARD.bodyAt.get(key(t.hex));
    if (body && t.passage === "inside") {
      crash = { body: body.name, hex: t.hex, enter: t.enter };
      break;
    }
  }
  const touches = crash ? all.filter((t) => cmpFrac(t.enter, crash.enter) <= 0) : all;
  return { from, tip, vel: sub(tip, from), touches, crash, left: !crash && !onMap(tip), pending: crash ? [] : gravityOfCourse(touches), applied };
}

/** Where an object is after its course: the tip, or the body it crashed into. */
export const endOf = (c: Course): Hex => (c.crash ? c.crash.hex : c.tip);

/** IP5.4: asteroid hexes a course enters (not its start) at a speed above 1. */
export function asteroidHexes(c: Course): Hex[] {
  if (length(c.vel) <= 1) return [];
  return c.touches.slice(1).filter((t) => t.passage !== "corner" && BOARD.asteroids.has(key(t.hex))).map((t) => t.hex);
}

/** The hexes a course occupies (start included), for mines (IP6.5) and gun ranges (IP7.2). */
export const courseHexes = (c: Course): Touch[] => c.touches.filter((t) => t.passage !== "corner");
