// Order and replay arrows cross the map's edge (30°W, mid-Atlantic) the short way: a move between
// the East Canada zone (right edge) and the North Sea (left edge) leaves one edge and comes in at the
// other, instead of running across the whole world. The Pacific is whole: no move there crosses.
import { describe, expect, it } from "vitest";
import { FULL_VIEW, anchorOf, arrowPath, crossesEdge } from "../../app/game/[id]/map/map-geometry";
import { DEFAULT_BOARD } from "../../server/rulesets/1942/engine/board/default-board";

/** Every drawn segment of an SVG path of M and L commands. */
function segments(d: string): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  let at: [number, number] | null = null;
  for (const m of d.matchAll(/([ML])([-\d.]+),([-\d.]+)/g)) {
    const p: [number, number] = [Number(m[2]), Number(m[3])];
    if (m[1] === "L" && at) out.push([at[0], at[1], p[0], p[1]]);
    at = p;
  }
  return out;
}

describe("arrowPath", () => {
  it("draws an Atlantic crossing across the edge in two short pieces", () => {
    const d = arrowPath("East Canada Sea Zone", ["North Sea Zone"]);
    expect(crossesEdge("East Canada Sea Zone", ["North Sea Zone"])).toBe(true);
    const parts = segments(d);
    expect(parts).toHaveLength(2);
    for (const [x0, , x1] of parts) expect(Math.abs(x1 - x0)).toBeLessThan(FULL_VIEW.w / 4);
    // Out at the right edge, in at the left one, at the same height.
    expect(parts[0]![2]).toBe(FULL_VIEW.x + FULL_VIEW.w);
    expect(parts[1]![0]).toBe(FULL_VIEW.x);
    expect(parts[0]![3]).toBeCloseTo(parts[1]![1], 6);
    // And it ends where it should.
    expect(parts[1]!.slice(2)).toEqual([...anchorOf("North Sea Zone")]);
  });

  it("draws no move between Pacific zones across the edge: the Pacific is whole", () => {
    const pacific = ["Japan Sea Zone", "Midway Sea Zone", "Hawaii Sea Zone", "Wake Island Sea Zone", "West US Sea Zone", "Alaska Sea Zone", "Solomon Islands Sea Zone", "New Zealand Sea Zone", "South Pacific Sea Zone"];
    const inside = DEFAULT_BOARD.edges.filter(([a, b]) => pacific.includes(a) || pacific.includes(b));
    expect(inside.length).toBeGreaterThan(10);
    expect(inside.filter(([a, b]) => crossesEdge(a, [b]))).toEqual([]);
  });

  it("no segment of any one-step move on the board spans more than half the map", () => {
    for (const [a, b] of DEFAULT_BOARD.edges) {
      for (const [x0, , x1] of segments(arrowPath(a, [b]))) expect(Math.abs(x1 - x0), `${a} → ${b}`).toBeLessThanOrEqual(FULL_VIEW.w / 2);
    }
  });

  it("draws an ordinary move as one straight line", () => {
    const d = arrowPath("Germany", ["East Europe", "Ukraine S.S.R."]);
    expect(segments(d)).toHaveLength(2);
    expect(d).not.toMatch(/ M/);
  });
});
