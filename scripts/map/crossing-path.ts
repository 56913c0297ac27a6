// The short line drawn for a crossing: between the nearest outline points of the two shapes.
import type { MultiPolygon, Pair } from "./clip";

const r = (v: number) => Math.round(v * 10) / 10;

export function buildCrossingPath(a: MultiPolygon, b: MultiPolygon): string {
  let best = { p: [0, 0] as Pair, q: [0, 0] as Pair, d: Infinity };
  const bs: Pair[] = b.flatMap((poly) => poly[0]!);
  for (const poly of a) {
    for (const p of poly[0]!) {
      for (const q of bs) {
        const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
        if (d < best.d) best = { p, q, d };
      }
    }
  }
  return `M${r(best.p[0])} ${r(best.p[1])}L${r(best.q[0])} ${r(best.q[1])}`;
}
