// Pure drawing helpers for the Triple Alliance table: the table's y grows north (TA1.1) and the
// SVG's grows down, so every point is flipped once here; bases are laid out inside a footprint as
// the rulebook stands them (TA1.3: line 2 across, column 1 across, losses from the rear).
import { add, dir, rect, scale, type Poly, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { baseSize } from "@/server/rulesets/triple-alliance/tables";
import { across, basesLeft, footprintSize } from "@/server/rulesets/triple-alliance/units";
import type { Unit } from "@/server/rulesets/triple-alliance/types";

/** Table point → SVG point on a table `height` mm deep. */
export const flip = (p: Pt, height: number): Pt => ({ x: p.x, y: height - p.y });
export const unflip = flip;

export const points = (poly: Poly, height: number): string => poly.map((p) => `${p.x.toFixed(1)},${(height - p.y).toFixed(1)}`).join(" ");

/** The rectangles of a unit's bases, front rank first (TA1.3, TA1.5). */
export function baseRects(u: Pick<Unit, "arm" | "formation" | "hits" | "pos" | "facing">, at: Pt = u.pos, facing: number = u.facing): Poly[] {
  const size = baseSize(u.arm);
  const n = Math.max(1, basesLeft(u.hits));
  const a = Math.min(across(u.formation), n);
  const { depth } = footprintSize(u);
  const f = dir(facing);
  const l = { x: -f.y, y: f.x };
  const out: Poly[] = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / a);
    const inRow = Math.min(a, n - row * a);
    const col = i % a;
    const left = ((inRow - 1) / 2 - col) * size.width;
    const fwd = depth / 2 - (row + 0.5) * size.depth;
    out.push(rect(add(add(at, scale(f, fwd)), scale(l, left)), facing, size.width, size.depth));
  }
  return out;
}

export const SIDE_COLOURS: Record<string, string> = { Paraguay: "#b8322a", Brazil: "#2e7d3b", Argentina: "#4f8cc9", Uruguay: "#28459a" };
export const nationColour = (nation: string): string => SIDE_COLOURS[nation] ?? "#666";

export const TERRAIN_FILL: Record<string, string> = {
  woods: "#6e9a55",
  town: "#bca186",
  marsh: "#93a98a",
  lake: "#86b8d8",
  hill: "#d2bf8f",
  trench: "#7c6a4c",
  ford: "#a9cddd",
  bridge: "#8a6b4a",
};

export const RATING_LETTER = { elite: "E", trained: "T", raw: "R" } as const;
export const ARM_LABEL = { infantry: "Infantry", cavalry: "Cavalry", artillery: "Artillery" } as const;

/** A short label that fits under a unit: "Batallón 6" stays, long names keep their first words. */
export function shortName(name: string, max = 18): string {
  if (name.length <= max) return name;
  const words = name.split(" ");
  let out = "";
  for (const w of words) {
    if ((out + " " + w).trim().length > max - 1) break;
    out = (out + " " + w).trim();
  }
  return (out || name.slice(0, max - 1)) + "…";
}

/** The bounding box (table mm) of some points, with a margin. */
export function boxOf(pts: Pt[], margin: number): { x: number; y: number; w: number; h: number } | null {
  if (pts.length === 0) return null;
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const x0 = Math.min(...xs) - margin;
  const y0 = Math.min(...ys) - margin;
  return { x: x0, y: y0, w: Math.max(...xs) + margin - x0, h: Math.max(...ys) + margin - y0 };
}
