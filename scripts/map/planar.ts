// Planar helpers on projected polygons (polygon-clipping's MultiPolygon = Polygon[] = Ring[][]).

import type { MultiPolygon, Pair, Polygon, Ring } from "polygon-clipping";

/** Map coordinates keep one decimal: 0.1 px is far below what a screen shows. */
export function roundPair(p: readonly [number, number]): Pair {
  return [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
}

export function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    a += (ring[j]![0] + ring[i]![0]) * (ring[j]![1] - ring[i]![1]);
  }
  return Math.abs(a) / 2;
}

export function polygonArea(poly: Polygon): number {
  return poly.reduce((sum, ring, i) => sum + (i === 0 ? ringArea(ring) : -ringArea(ring)), 0);
}

export function area(mp: MultiPolygon): number {
  return mp.reduce((sum, p) => sum + polygonArea(p), 0);
}

/** Drop parts smaller than minArea px², keeping every hole (each may be some territory's island). */
export function dropSmallParts(mp: MultiPolygon, minArea: number): MultiPolygon {
  return mp.filter((p) => polygonArea(p) >= minArea);
}

/** Drop parts (and holes) smaller than minArea px²: specks nobody can see or click. */
export function dropSpecks(mp: MultiPolygon, minArea: number): MultiPolygon {
  return mp
    .filter((p) => polygonArea(p) >= minArea)
    .map((p) => [p[0]!, ...p.slice(1).filter((h) => ringArea(h) >= minArea)]);
}

export function disc(centre: Pair, radius: number, sides = 20): MultiPolygon {
  const ring: Ring = [];
  for (let i = 0; i < sides; i++) {
    const t = (2 * Math.PI * i) / sides;
    ring.push(roundPair([centre[0] + radius * Math.cos(t), centre[1] + radius * Math.sin(t)]));
  }
  ring.push(ring[0]!);
  return [[ring]];
}

export function rect(x0: number, y0: number, x1: number, y1: number): MultiPolygon {
  return [[[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]];
}

/** Even–odd point-in-polygon over every ring of a polygon. */
export function insidePolygon(p: Pair, poly: Polygon): boolean {
  let inside = false;
  for (const ring of poly) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export function segmentDistance2(p: Pair, a: Pair, b: Pair): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const ex = a[0] + t * dx - p[0];
  const ey = a[1] + t * dy - p[1];
  return ex * ex + ey * ey;
}

/** Signed distance to the polygon's outline: positive inside. */
function edgeDistance(p: Pair, poly: Polygon): number {
  let best = Infinity;
  for (const ring of poly) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      best = Math.min(best, segmentDistance2(p, ring[i]!, ring[j]!));
    }
  }
  const d = Math.sqrt(best);
  return insidePolygon(p, poly) ? d : -d;
}

/**
 * The point of a polygon farthest from its outline (the "pole of inaccessibility"), found by
 * refining a grid: the roomiest place for a label or a stack of units. Returns the point and its room.
 */
export function roomiestPoint(poly: Polygon): { at: Pair; room: number } {
  const outer = poly[0]!;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outer) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  let best: Pair = [(x0 + x1) / 2, (y0 + y1) / 2];
  let bestD = edgeDistance(best, poly);
  let cell = Math.max(x1 - x0, y1 - y0) / 16;
  let cx = best[0];
  let cy = best[1];
  let span = Math.max(x1 - x0, y1 - y0) / 2;
  for (let round = 0; round < 6 && cell > 0.05; round++) {
    for (let x = cx - span; x <= cx + span; x += cell) {
      for (let y = cy - span; y <= cy + span; y += cell) {
        const d = edgeDistance([x, y], poly);
        if (d > bestD) {
          bestD = d;
          best = [x, y];
        }
      }
    }
    cx = best[0];
    cy = best[1];
    span = cell * 2;
    cell /= 4;
  }
  return { at: roundPair(best), room: bestD };
}

export function largestPolygon(mp: MultiPolygon): Polygon {
  let best = mp[0]!;
  for (const p of mp) if (polygonArea(p) > polygonArea(best)) best = p;
  return best;
}

/** SVG path data, absolute start then relative steps in exact tenths (small and drift-free). */
export function toPath(mp: MultiPolygon): string {
  const parts: string[] = [];
  const fmt = (tenths: number) => (tenths / 10).toString();
  for (const poly of mp) {
    for (const ring of poly) {
      const pts = ring.slice(0, ring.length - 1).map(([x, y]) => [Math.round(x * 10), Math.round(y * 10)] as const);
      if (pts.length < 3) continue;
      let s = `M${fmt(pts[0]![0])} ${fmt(pts[0]![1])}l`;
      const steps: string[] = [];
      for (let i = 1; i < pts.length; i++) {
        const dx = pts[i]![0] - pts[i - 1]![0];
        const dy = pts[i]![1] - pts[i - 1]![1];
        if (dx === 0 && dy === 0) continue;
        steps.push(`${fmt(dx)} ${fmt(dy)}`);
      }
      s += steps.join(" ").replace(/ -/g, "-") + "z";
      parts.push(s);
    }
  }
  return parts.join("");
}
