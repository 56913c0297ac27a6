// The short line drawn for a crossing: between the nearest points of the two shapes.
import type { MultiPolygon, Pair } from "polygon-clipping";

const r = (v: number) => Math.round(v * 10) / 10;

function nearest(a: MultiPolygon, b: MultiPolygon, shiftB: number): { p: Pair; q: Pair; d: number } {
  let best = { p: [0, 0] as Pair, q: [0, 0] as Pair, d: Infinity };
  const bs: Pair[] = b.flatMap((poly) => poly[0]!.map(([x, y]) => [x + shiftB, y] as Pair));
  for (const poly of a) {
    for (const p of poly[0]!) {
      for (const q of bs) {
        const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
        if (d < best.d) best = { p, q, d };
      }
    }
  }
  return best;
}

/**
 * A line between the nearest outline points of a and b. With `wrap`, b is looked for one map width
 * to the left and to the right, and the line is drawn twice (once leaving each edge), so that both
 * halves show inside the viewBox.
 */
export function buildCrossingPath(a: MultiPolygon, b: MultiPolygon, width: number, wrap: boolean): string {
  if (!wrap) {
    const { p, q } = nearest(a, b, 0);
    return `M${r(p[0])} ${r(p[1])}L${r(q[0])} ${r(q[1])}`;
  }
  const left = nearest(a, b, -width);
  const right = nearest(a, b, width);
  const { p, q } = left.d < right.d ? left : right;
  const shift = left.d < right.d ? -width : width;
  // The same line, seen from b's side of the map.
  return `M${r(p[0])} ${r(p[1])}L${r(q[0])} ${r(q[1])}M${r(p[0] - shift)} ${r(p[1])}L${r(q[0] - shift)} ${r(q[1])}`;
}
