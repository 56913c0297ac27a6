// IP1 hex maths: distances, rings, and exact tracing of courses between hex centres, including
// courses that run exactly along an edge or through corners.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cmpFrac, DIRS, distance, hex, key, ring, step, touch, trace, type Hex } from "../../../server/rulesets/interplanetary/hex";

const keys = (ts: { hex: Hex }[]) => ts.map((t) => key(t.hex));
const arbHex = fc.record({ q: fc.integer({ min: -12, max: 12 }), r: fc.integer({ min: -12, max: 12 }) });

describe("IP1.1 coordinates", () => {
  it("distance is the cube max-norm", () => {
    expect(distance(hex(0, 0), hex(3, -1))).toBe(3);
    expect(distance(hex(0, 0), hex(2, 2))).toBe(4);
    expect(distance(hex(-2, 1), hex(-2, 1))).toBe(0);
  });
  it("a ring of radius n has 6n hexes all at distance n", () => {
    for (const n of [1, 2, 5]) {
      const hs = ring(hex(1, -2), n);
      expect(hs).toHaveLength(6 * n);
      expect(new Set(hs.map(key)).size).toBe(6 * n);
      for (const h of hs) expect(distance(h, hex(1, -2))).toBe(n);
    }
  });
});

describe("IP1.3 tracing", () => {
  it("a straight course along a hex row meets exactly its hexes, inside", () => {
    const t = trace(hex(0, 0), hex(3, 0));
    expect(keys(t)).toEqual(["0,0", "1,0", "2,0", "3,0"]);
    expect(t.every((x) => x.passage === "inside")).toBe(true);
  });

  it("a course between two directions runs exactly along the edge between two hexes", () => {
    // (0,0) → (1,1): the segment is the shared edge of (1,0) and (0,1).
    const t = trace(hex(0, 0), hex(1, 1));
    const byKey = Object.fromEntries(t.map((x) => [key(x.hex), x]));
    expect(byKey["0,0"]!.passage).toBe("inside");
    expect(byKey["1,1"]!.passage).toBe("inside");
    expect(byKey["1,0"]).toMatchObject({ passage: "edge", edge: "SW" });
    expect(byKey["0,1"]).toMatchObject({ passage: "edge", edge: "NE" });
    expect(t).toHaveLength(4);
  });

  it("a course along an edge direction runs along the edge of the two hexes beside it", () => {
    const t = trace(hex(0, 0), hex(2, -1));
    expect(t.map((x) => `${key(x.hex)}:${x.passage}${x.edge ?? ""}`)).toEqual(["0,0:inside", "1,-1:edgeSE", "1,0:edgeNW", "2,-1:inside"]);
  });

  it("a course through a corner only touches the hex beyond the corner", () => {
    // (0,0) → (5,-1) crosses the corner point (5/3, -1/3) at t = 1/3.
    const t = trace(hex(0, 0), hex(5, -1));
    expect(t.map((x) => `${key(x.hex)}:${x.passage}`)).toEqual([
      "0,0:inside", "1,0:inside", "2,-1:corner", "2,0:inside", "3,-1:inside", "3,0:corner", "4,-1:inside", "5,-1:inside",
    ]);
    expect(cmpFrac(t.find((x) => key(x.hex) === "2,-1")!.enter, { num: 1, den: 3 })).toBe(0);
  });

  it("a zero-length course is just its hex", () => {
    expect(trace(hex(4, 4), hex(4, 4))).toEqual([{ hex: hex(4, 4), passage: "inside", enter: { num: 0, den: 1 } }]);
  });

  it("touch agrees with brute-force sampling of the segment (property)", () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        const traced = new Set(keys(trace(a, b)).filter(Boolean));
        // Every hex containing a sampled interior point of the segment is traced.
        const n = Math.max(1, distance(a, b)) * 8;
        for (let i = 0; i <= n; i++) {
          const q = a.q + ((b.q - a.q) * i) / n;
          const r = a.r + ((b.r - a.r) * i) / n;
          const s = -q - r;
          for (let dq = -2; dq <= 2; dq++)
            for (let dr = -2; dr <= 2; dr++) {
              const h = hex(Math.round(q) + dq, Math.round(r) + dr);
              const x = q - h.q, y = r - h.r, z = s + h.q + h.r;
              const strict = Math.abs(x - y) < 1 - 1e-9 && Math.abs(y - z) < 1 - 1e-9 && Math.abs(z - x) < 1 - 1e-9;
              if (strict) expect(traced.has(key(h)), `${key(a)}→${key(b)} misses ${key(h)}`).toBe(true);
            }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the course's hexes are in order: start first, tip last among the inside hexes (property)", () => {
    fc.assert(
      fc.property(arbHex, arbHex, (a, b) => {
        const t = trace(a, b);
        expect(key(t[0]!.hex)).toBe(key(a));
        const inside = t.filter((x) => x.passage !== "corner");
        expect(key(inside[inside.length - 1]!.hex)).toBe(key(b));
        // consecutive inside/edge hexes never jump more than one hex
        for (let i = 1; i < inside.length; i++) expect(distance(inside[i - 1]!.hex, inside[i]!.hex)).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });

  it("a course along a direction for n hexes meets n + 1 hexes, all inside", () => {
    for (const d of DIRS) {
      const t = trace(hex(0, 0), step(hex(0, 0), d, 4));
      expect(t).toHaveLength(5);
      expect(t.every((x) => x.passage === "inside")).toBe(true);
    }
  });

  it("touch misses hexes away from the course", () => {
    expect(touch(hex(0, 0), hex(3, 0), hex(0, 2))).toBeNull();
  });
});
