// The battle markers' layout (app/game/[id]/map/marker-layout.ts): markers whose anchors are closer
// than a marker's size (a phone's whole world, the Baltic and Caucasus) are placed so that no two
// cover each other, each inside the map's bounds, the same way every time; a marker with room stays
// centred on its anchor.
import { describe, expect, it } from "vitest";
import { layoutMarkers, type Bounds, type MarkerBox } from "../../app/game/[id]/map/marker-layout";

const bounds: Bounds = { x0: 0, y0: 0, x1: 400, y1: 300 };

function overlaps(boxes: MarkerBox[], at: { x: number; y: number }[]): string[] {
  const out: string[] = [];
  at.forEach((a, i) =>
    at.forEach((b, j) => {
      if (j <= i) return;
      const A = boxes[i]!;
      const B = boxes[j]!;
      if (a.x < b.x + B.w && b.x < a.x + A.w && a.y < b.y + B.h && b.y < a.y + A.h) out.push(`${i} / ${j}`);
    }),
  );
  return out;
}

const outside = (boxes: MarkerBox[], at: { x: number; y: number }[], b: Bounds) =>
  at.flatMap((p, i) => (p.x < b.x0 || p.y < b.y0 || p.x + boxes[i]!.w > b.x1 || p.y + boxes[i]!.h > b.y1 ? [i] : []));

describe("battle markers apart", () => {
  it("two markers at nearly the same anchor: side by side, not one over the other", () => {
    const boxes = [
      { ax: 200, ay: 150, w: 60, h: 20 },
      { ax: 210, ay: 155, w: 70, h: 20 },
    ];
    const at = layoutMarkers(boxes, bounds);
    expect(overlaps(boxes, at)).toEqual([]);
    // The first keeps its place on its anchor.
    expect(at[0]).toEqual({ x: 170, y: 140 });
  });

  it("N markers at close anchors: none covers another, each inside the map, the same every time", () => {
    for (const n of [2, 3, 5, 8, 12]) {
      const boxes: MarkerBox[] = Array.from({ length: n }, (_, i) => ({ ax: 180 + ((i * 7) % 23), ay: 140 + ((i * 11) % 17), w: 50 + ((i * 13) % 30), h: 18 }));
      const at = layoutMarkers(boxes, bounds);
      expect(overlaps(boxes, at), `${n} markers`).toEqual([]);
      expect(outside(boxes, at, bounds), `${n} markers`).toEqual([]);
      expect(layoutMarkers(boxes, bounds)).toEqual(at);
    }
  });

  it("markers at the map's corner stay inside it and apart", () => {
    const boxes = [0, 1, 2, 3].map((i) => ({ ax: 2 + i, ay: 3 + i, w: 80, h: 24 }));
    const at = layoutMarkers(boxes, bounds);
    expect(overlaps(boxes, at)).toEqual([]);
    expect(outside(boxes, at, bounds)).toEqual([]);
  });

  it("markers far apart are not moved", () => {
    const boxes = [
      { ax: 50, ay: 50, w: 40, h: 10 },
      { ax: 300, ay: 250, w: 40, h: 10 },
    ];
    expect(layoutMarkers(boxes, bounds)).toEqual([
      { x: 30, y: 45 },
      { x: 280, y: 245 },
    ]);
  });

  it("a marker whose territory is off the screen keeps its anchor's place", () => {
    const boxes = [
      { ax: 200, ay: 150, w: 60, h: 20 },
      { ax: 500, ay: 150, w: 60, h: 20 },
    ];
    expect(layoutMarkers(boxes, bounds)[1]).toEqual({ x: 470, y: 140 });
  });
});
