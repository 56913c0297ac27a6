// Terrain on the battlefield (TA5): what a footprint may enter, rivers crossed only at fords and
// bridges, roads, hills and cover.
import { distPointSegment, overlapsArea, pointInPolygon, segmentIntersection, type Poly, type Pt } from "./geometry";
import type { Arm, Battlefield } from "./types";

/** Areas a unit of this arm may never overlap (TA5.2, TA5.3); generals as cavalry for marsh and lakes only. */
export function impassableFor(arm: Arm | "general", kind: string): boolean {
  if (kind === "marsh" || kind === "lake") return true;
  if (kind === "woods") return arm === "cavalry" || arm === "artillery";
  return false;
}

export function blockedByArea(bf: Battlefield, arm: Arm | "general", foot: Poly): string | null {
  for (const a of bf.areas) if (impassableFor(arm, a.kind) && overlapsArea(foot, a.poly)) return a.name ?? a.kind;
  return null;
}

export function offTable(bf: Battlefield, foot: Poly): boolean {
  return foot.some((p) => p.x < -1e-9 || p.y < -1e-9 || p.x > bf.width + 1e-9 || p.y > bf.height + 1e-9);
}

/** A centre line crossing a river outside every ford and bridge (TA5.5): the river's name, or null. */
export function riverBlocks(bf: Battlefield, from: Pt, to: Pt): string | null {
  const crossings = bf.areas.filter((a) => a.kind === "ford" || a.kind === "bridge");
  for (const line of bf.lines) {
    if (line.kind !== "river") continue;
    for (let i = 0; i + 1 < line.points.length; i++) {
      const x = segmentIntersection(from, to, line.points[i]!, line.points[i + 1]!);
      if (x && !crossings.some((c) => pointInPolygon(x, c.poly))) return line.name ?? "river";
    }
  }
  return null;
}

export const inArea = (bf: Battlefield, p: Pt, kinds: string[]): boolean => bf.areas.some((a) => kinds.includes(a.kind) && pointInPolygon(p, a.poly));
export const inTown = (bf: Battlefield, p: Pt): boolean => inArea(bf, p, ["town"]);
export const footInTown = (bf: Battlefield, foot: Poly): boolean => bf.areas.some((a) => a.kind === "town" && overlapsArea(foot, a.poly));
/** TA5.8 */
export const inCover = (bf: Battlefield, p: Pt): boolean => inArea(bf, p, ["woods", "town", "trench"]);
/** TA5.7 */
export const onHill = (bf: Battlefield, p: Pt): boolean => inArea(bf, p, ["hill"]);

/** TA5.6: the whole move lies along one straight stretch of road. */
export function alongRoad(bf: Battlefield, from: Pt, to: Pt): boolean {
  for (const line of bf.lines) {
    if (line.kind !== "road") continue;
    const half = (line.width ?? 40) / 2;
    for (let i = 0; i + 1 < line.points.length; i++) {
      const a = line.points[i]!;
      const b = line.points[i + 1]!;
      if (distPointSegment(from, a, b) <= half && distPointSegment(to, a, b) <= half) return true;
    }
  }
  return false;
}
