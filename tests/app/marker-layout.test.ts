// The battle markers' layout (app/game/[id]/map/marker-layout.ts): markers whose anchors are closer
// than a marker's size (a phone's whole world, the Baltic and Caucasus) are placed so that no two
// cover each other, each inside the map's bounds, the same way every time; a marker with room stays
// centred on its anchor; a marker keeps off the names written on the map where any place allows.
import { describe, expect, it } from "vitest";
import { layoutMarkers, type Bounds, type Box, type MarkerBox } from "../../app/game/[id]/map/marker-layout";

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

  it("a marker keeps off its territory's name and its neighbours', beside them, where it can", () => {
    // The territory's name just under its anchor (as on the map), a neighbour's name to the right.
    const names: Box[] = [
      { x: 180, y: 152, w: 40, h: 8 },
      { x: 240, y: 140, w: 50, h: 8 },
    ];
    const boxes = [{ ax: 200, ay: 150, w: 60, h: 20 }];
    const [at] = layoutMarkers(boxes, bounds, names);
    const box = { ...at!, w: 60, h: 20 };
    const covered = names.filter((n) => box.x < n.x + n.w && n.x < box.x + box.w && box.y < n.y + n.h && n.y < box.y + box.h);
    expect(covered).toEqual([]);
    expect(outside(boxes, [at!], bounds)).toEqual([]);
    // Beside the name, not far off: within one marker's size of where it wanted to stand.
    expect(Math.abs(at!.x - 170)).toBeLessThanOrEqual(60 + 5);
    expect(Math.abs(at!.y - 140)).toBeLessThanOrEqual(20 + 5);
    // Without names it stays centred on its anchor.
    expect(layoutMarkers(boxes, bounds)).toEqual([{ x: 170, y: 140 }]);
  });

  it("names everywhere: the markers still keep off each other and inside the map", () => {
    // A grid of names covering the whole map: no place is clear of them.
    const names: Box[] = [];
    for (let x = 0; x < 400; x += 20) for (let y = 0; y < 300; y += 10) names.push({ x, y, w: 15, h: 6 });
    // Each marker's own territory's name, under its anchor.
    const boxes = [0, 1, 2].map((i) => ({ ax: 200 + i * 5, ay: 150 + i * 3, w: 60, h: 20, own: { x: 190 + i * 5, y: 152 + i * 3, w: 20, h: 6 } }));
    const at = layoutMarkers(boxes, bounds, [...names, ...boxes.map((b) => b.own)]);
    expect(overlaps(boxes, at)).toEqual([]);
    expect(outside(boxes, at, bounds)).toEqual([]);
    // The markers' own territories' names stay clear of every marker.
    const over = (p: { x: number; y: number }, w: number, h: number, n: Box) => p.x < n.x + n.w && n.x < p.x + w && p.y < n.y + n.h && n.y < p.y + h;
    for (const b of boxes) expect(at.filter((p, i) => over(p, boxes[i]!.w, boxes[i]!.h, b.own))).toEqual([]);
    expect(layoutMarkers(boxes, bounds, names)).toEqual(layoutMarkers(boxes, bounds, names));
  });
});
