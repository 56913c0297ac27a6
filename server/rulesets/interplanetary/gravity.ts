// IP4: gravity. A course records the gravity hexes it enters or passes (IP4.1, with the edge rule
// IP4.2); on the next turn their arrows shift the vector's tip (IP4.3 weak, IP4.4 two-directed,
// IP4.5 double).
import { BOARD, type GravityHex } from "./board";
import { DIRS, DIR_VECTORS, add, key, step, type Dir, type Hex, type Touch } from "./hex";
import type { PendingGravity } from "./types";

const angle = (a: Dir, b: Dir): number => {
  const d = Math.abs(DIRS.indexOf(a) - DIRS.indexOf(b));
  return Math.min(d, 6 - d);
};

/** IP4.2: a course along an edge of a gravity hex feels it unless the edge is opposite its arrow. */
function edgeCounts(g: GravityHex, edge: Dir): boolean {
  return g.arrows.some((a) => angle(a.dir, edge) !== 3);
}

/**
 * The gravity a course records, in the order it meets the hexes. `touches` are the course's hexes
 * (from `trace`) already cut at a crash; the start hex (index 0) was entered on an earlier turn.
 */
export function gravityOfCourse(touches: Touch[]): PendingGravity[] {
  const met = touches.slice(1).filter((t) => t.passage !== "corner");
  const edgeByKey = new Map(met.filter((t) => t.passage === "edge").map((t) => [key(t.hex), t]));
  const out: PendingGravity[] = [];
  let previousWeak = false;
  for (const t of met) {
    const g = BOARD.gravity.get(key(t.hex));
    let counts = !!g;
    if (g && t.passage === "edge") {
      counts = edgeCounts(g, t.edge!);
      // IP4.2: along the edge between two gravity hexes that both count, only the arrow closest to
      // the edge applies (smallest angle between arrow and edge; ties: the hex met first).
      const other = edgeByKey.get(key(step(t.hex, t.edge!)));
      const og = other && BOARD.gravity.get(key(other.hex));
      if (counts && other && og && edgeCounts(og, other.edge!)) {
        const mine = Math.min(...g.arrows.map((a) => angle(a.dir, t.edge!)));
        const theirs = Math.min(...og.arrows.map((a) => angle(a.dir, other.edge!)));
        if (theirs < mine || (theirs === mine && met.indexOf(other) < met.indexOf(t))) counts = false;
      }
    }
    if (!g || !counts) {
      previousWeak = false;
      continue;
    }
    out.push({ hex: key(t.hex), arrows: g.arrows.map((a) => a.dir), strength: g.strength, weak: g.weak, forced: g.weak && previousWeak });
    previousWeak = g.weak;
  }
  return out;
}

/** Bodies whose gravity a course met (for scenario goals: "touch the gravity well of X"). */
export function bodiesOfCourse(pending: PendingGravity[]): string[] {
  return pending.flatMap((p) => BOARD.gravity.get(p.hex)?.arrows.map((a) => a.body) ?? []);
}

/** IP4.1, IP4.3–IP4.5: the tip shift this turn from last turn's gravity and the mover's choices. */
export function gravityShift(pending: PendingGravity[], choices: Record<string, Dir | "ignore"> = {}): { shift: Hex; applied: { hex: string; dir: Dir | null }[] } {
  let shift: Hex = { q: 0, r: 0 };
  const applied: { hex: string; dir: Dir | null }[] = [];
  for (const p of pending) {
    const choice = choices[p.hex];
    if (p.weak && !p.forced && choice === "ignore") {
      applied.push({ hex: p.hex, dir: null });
      continue;
    }
    // IP4.4: a two-directed hex applies the chosen arrow; without a choice, the first listed.
    const dir = choice && choice !== "ignore" && p.arrows.includes(choice) ? choice : p.arrows[0]!;
    for (let i = 0; i < p.strength; i++) shift = add(shift, DIR_VECTORS[dir]);
    applied.push({ hex: p.hex, dir });
  }
  return { shift, applied };
}
