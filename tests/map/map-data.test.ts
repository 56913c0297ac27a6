// The generated map (app/map/map-data.json) against the default board (RULES.md R1.2, R1.4):
// one shape per territory, and every board edge drawn as a shared border or a listed crossing.
import { describe, expect, it } from "vitest";
import { MAP } from "@/app/map/map-data";
import { DEFAULT_BOARD } from "@/server/rulesets/1942/engine/board/default-board";
import { insideRings, parsePath, type Rings } from "@/scripts/map/check";
import { touchLength } from "@/scripts/map/edges";
import { intersection, xor, type MultiPolygon } from "@/scripts/map/clip";
import { area } from "@/scripts/map/planar";
import { CROSSINGS } from "@/scripts/map/recipe-crossings";
import { LAND } from "@/scripts/map/recipe-land";
import { SEA } from "@/scripts/map/recipe-sea";

const pairKey = (a: string, b: string) => [a, b].sort().join(" | ");
const rings = new Map<string, Rings>(MAP.territories.map((t) => [t.id, parsePath(t.path)]));
const boardEdges = new Set(DEFAULT_BOARD.edges.map(([a, b]) => pairKey(a, b)));
const [, , width, height] = MAP.viewBox.split(" ").map(Number) as [number, number, number, number];

function bbox(r: Rings): [number, number, number, number] {
  const xs = r.flat().map((p) => p[0]);
  const ys = r.flat().map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

describe("map data: territories", () => {
  it("has exactly one shape per board territory, of the board's kind, and no other ids", () => {
    const ids = MAP.territories.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(DEFAULT_BOARD.territories.map((t) => t.id).sort());
    const kind = new Map(DEFAULT_BOARD.territories.map((t) => [t.id, t.kind]));
    for (const t of MAP.territories) expect(t.kind, t.id).toBe(kind.get(t.id));
  });

  it("has a build recipe for every board territory, once, of the right kind", () => {
    const land = LAND.map((r) => r.id);
    const sea = Object.keys(SEA);
    expect(new Set(land).size).toBe(land.length);
    expect([...land].sort()).toEqual(DEFAULT_BOARD.territories.filter((t) => t.kind === "land").map((t) => t.id).sort());
    expect([...sea].sort()).toEqual(DEFAULT_BOARD.territories.filter((t) => t.kind === "sea").map((t) => t.id).sort());
  });

  it("gives every territory a non-empty shape inside the viewBox", () => {
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    for (const t of MAP.territories) {
      const r = rings.get(t.id)!;
      expect(r.length, t.id).toBeGreaterThan(0);
      const [x0, y0, x1, y1] = bbox(r);
      expect(x0 >= -0.1 && y0 >= -0.1 && x1 <= width + 0.1 && y1 <= height + 0.1, t.id).toBe(true);
    }
  });

  it("puts every anchor and label inside its own shape", () => {
    const outside = MAP.territories.flatMap((t) => [
      ...(insideRings(t.anchor, rings.get(t.id)!) ? [] : [`${t.id} anchor`]),
      ...(insideRings(t.label, rings.get(t.id)!) ? [] : [`${t.id} label`]),
    ]);
    expect(outside).toEqual([]);
  });

  it("keeps territories (land and sea) from overlapping one another", () => {
    const land = MAP.territories;
    const boxes = new Map(land.map((t) => [t.id, bbox(rings.get(t.id)!)]));
    // Even–odd, as drawn: a sea zone's holes are the land inside it.
    const asShape = (id: string): MultiPolygon => xor([], ...rings.get(id)!.map((r): MultiPolygon => [[[...r, r[0]!]]]));
    const overlaps: string[] = [];
    for (let i = 0; i < land.length; i++) {
      for (let j = i + 1; j < land.length; j++) {
        const [a, b] = [land[i]!.id, land[j]!.id];
        const [ax0, ay0, ax1, ay1] = boxes.get(a)!;
        const [bx0, by0, bx1, by1] = boxes.get(b)!;
        if (ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0) continue;
        const shared = area(intersection(asShape(a), asShape(b)));
        if (shared > 1) overlaps.push(`${a} / ${b}: ${shared.toFixed(1)} px²`);
      }
    }
    expect(overlaps).toEqual([]);
  });
});

describe("map data: borders and crossings", () => {
  it("draws every board edge as a shared border or a listed crossing", () => {
    const crossed = new Set(MAP.crossings.map((c) => pairKey(c.between[0], c.between[1])));
    const missing = DEFAULT_BOARD.edges
      .filter(([a, b]) => !crossed.has(pairKey(a, b)))
      .filter(([a, b]) => touchLength(rings.get(a) ?? [], rings.get(b) ?? []) === 0)
      .map(([a, b]) => pairKey(a, b));
    expect(missing).toEqual([]);
  });

  it("lists crossings only for board edges, once each, with a line to draw", () => {
    const keys = MAP.crossings.map((c) => pairKey(c.between[0], c.between[1]));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => !boardEdges.has(k))).toEqual([]);
    for (const c of MAP.crossings) expect(c.path, keys.join()).toMatch(/^M[\d.-]+ [\d.-]+L/);
  });

  it("lists a crossing only where the shapes really do not touch", () => {
    const needless = MAP.crossings
      .filter((c) => touchLength(rings.get(c.between[0])!, rings.get(c.between[1])!) > 0)
      .map((c) => pairKey(c.between[0], c.between[1]));
    expect(needless).toEqual([]);
  });

  it("explains every crossing in the build recipe, and the data has them all", () => {
    for (const c of CROSSINGS) expect(c.why.length, c.between.join()).toBeGreaterThan(10);
    expect(MAP.crossings.map((c) => pairKey(c.between[0], c.between[1])).sort()).toEqual(
      CROSSINGS.map((c) => pairKey(c.between[0], c.between[1])).sort(),
    );
  });

  it("has canals (R1.3) among the drawn connections", () => {
    const crossed = new Set(MAP.crossings.map((c) => pairKey(c.between[0], c.between[1])));
    for (const canal of DEFAULT_BOARD.canals ?? []) {
      const [a, b] = canal.between;
      expect(crossed.has(pairKey(a, b)) || touchLength(rings.get(a)!, rings.get(b)!) > 0, pairKey(a, b)).toBe(true);
    }
  });
});
