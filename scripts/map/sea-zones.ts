// Sea zones: the ocean cut into the Voronoi cells of hand-placed seeds.
//
// Straight-line cells do not know about land, so a cell can reach across a peninsula and take a
// stray piece of water on its far side (the Gulf of Bothnia's cell reaching Norway's north cape).
// Such a piece (a part holding none of its zone's seeds) is handed to the neighbouring zone that
// shares the longest border with it, so every zone is the water around its own seeds.

import { Delaunay } from "d3-delaunay";
import { intersection, union, type MultiPolygon, type Pair, type Polygon } from "./clip";
import { OutlineIndex, sharedBorderLength } from "./check";
import { dropSmallParts, insidePolygon, polygonArea } from "./planar";

const MIN_SEA_PART = 4; // px²

export function seaZones(
  ocean: MultiPolygon,
  seeds: ReadonlyMap<string, readonly Pair[]>,
  width: number,
  height: number,
  /** Cells are worked out with heights times this: the board's projection stretches latitudes (geo.ts). */
  yScale = 1,
): Map<string, MultiPolygon> {
  const owner: string[] = [];
  const points: Pair[] = [];
  for (const [id, list] of seeds) {
    for (const p of list) {
      owner.push(id);
      points.push(p);
    }
  }
  const voronoi = Delaunay.from(points.map(([x, y]) => [x, y * yScale] as Pair)).voronoi([0, 0, width, height * yScale]);
  const cells = new Map<string, MultiPolygon[]>();
  points.forEach((_, i) => {
    const cell = voronoi.cellPolygon(i) as Pair[] | null;
    if (!cell) return;
    const list = cells.get(owner[i]!) ?? [];
    list.push([[cell.map(([x, y]) => [x, y / yScale] as Pair)]]);
    cells.set(owner[i]!, list);
  });

  const kept = new Map<string, Polygon[]>();
  const strays: Polygon[] = [];
  for (const [id, list] of cells) {
    const zone = dropSmallParts(intersection(ocean, union([], ...list)), MIN_SEA_PART);
    const own = seeds.get(id) ?? [];
    kept.set(id, zone.filter((part) => own.some((s) => insidePolygon(s, part))));
    strays.push(...zone.filter((part) => !own.some((s) => insidePolygon(s, part))));
  }

  // Largest first, so a small stray can join a big one already given away.
  strays.sort((a, b) => polygonArea(b) - polygonArea(a));
  const given = new Map<string, Polygon[]>();
  for (const stray of strays) {
    let best: string | undefined;
    let bestLength = 0;
    for (const [id, parts] of kept) {
      const index = new OutlineIndex([...parts, ...(given.get(id) ?? [])].flat());
      const length = sharedBorderLength(stray, index, 0.5);
      if (length > bestLength) {
        bestLength = length;
        best = id;
      }
    }
    if (best) given.set(best, [...(given.get(best) ?? []), stray]);
  }

  const out = new Map<string, MultiPolygon>();
  for (const [id, parts] of kept) out.set(id, union([], parts, ...(given.get(id) ?? []).map((p) => [p])));
  return out;
}
