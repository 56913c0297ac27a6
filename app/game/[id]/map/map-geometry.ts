// The map's drawing data: the light map index (app/map/map-index.ts; the shapes themselves are fetched,
// see use-map-shapes.ts) joined with the board's rules data (kinds, capitals, victory cities) and
// nation colours. Pure, no React.
import { MAP_INDEX as MAP } from "../../../map/map-index";
import { DEFAULT_BOARD } from "../../../../server/rulesets/1942/engine/board/default-board";
import type { Nation, VictoryCity } from "../../../../server/rulesets/1942/engine/types";

export type MapTerritory = (typeof MAP)["territories"][number];
export type Point = readonly [number, number];

export const SHAPES: ReadonlyMap<string, MapTerritory> = new Map(MAP.territories.map((t) => [t.id, t]));

const [vx, vy, vw, vh] = MAP.viewBox.split(/[\s,]+/).map(Number) as [number, number, number, number];
/** The whole map, as the view box the zoom starts from. */
export const FULL_VIEW = { x: vx, y: vy, w: vw, h: vh };
/** One "map unit": badge and marker sizes scale with the map, whatever its coordinates. */
export const U = vw / 170;

const BOARD = new Map(DEFAULT_BOARD.territories.map((t) => [t.id, t]));
export const capitalOf = (id: string): Nation | undefined => BOARD.get(id)?.capitalOf;
/** A territory's IPC value (0 for sea zones). */
export const valueOf = (id: string): number => BOARD.get(id)?.value ?? 0;
export function victoryCitiesIn(id: string): VictoryCity[] {
  const vc = BOARD.get(id)?.victoryCity;
  return vc === undefined ? [] : Array.isArray(vc) ? vc : [vc];
}
export const isSeaZone = (id: string): boolean => BOARD.get(id)?.kind === "sea";

/** Nation colours of the classic board: strong for units, soft for owned land. */
export const NATION_COLOUR: Record<Nation, { unit: string; land: string; ink: string }> = {
  Russia: { unit: "#8c2f23", land: "#d9a79c", ink: "#fff" },
  Germany: { unit: "#4a4f55", land: "#a9adb2", ink: "#fff" },
  "United Kingdom": { unit: "#a5781c", land: "#e3cf9c", ink: "#fff" },
  Japan: { unit: "#c75e00", land: "#f2c08f", ink: "#fff" },
  "United States": { unit: "#3f6b2f", land: "#b3cc9f", ink: "#fff" },
};
export const SEA_FILL = "#cfe0ee";


export function anchorOf(id: string): Point {
  const t = SHAPES.get(id);
  return t ? (t.anchor as unknown as Point) : [FULL_VIEW.x + FULL_VIEW.w / 2, FULL_VIEW.y + FULL_VIEW.h / 2];
}

/**
 * A box around some places, for the map to open on or bring into view (a turn's review, a battles
 * phase): never closer than a region of the world, so the places keep their surroundings.
 */
export function placesBox(places: readonly string[]): { x: number; y: number; w: number; h: number } | null {
  if (places.length === 0) return null;
  const xs = places.map((p) => anchorOf(p)[0]);
  const ys = places.map((p) => anchorOf(p)[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = Math.max(x1 - x0 + 0.12 * FULL_VIEW.w, 0.22 * FULL_VIEW.w);
  const h = Math.max(y1 - y0 + 0.16 * FULL_VIEW.h, 0.3 * FULL_VIEW.h);
  return { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w, h };
}

/**
 * The arrow of a path through the anchors, as SVG path data. The map is cut at 30°W, so a step
 * between two zones on opposite edges (the Atlantic) goes out of one edge and comes in at the other,
 * the short way round, instead of running across the whole world.
 */
export function arrowPath(from: string, path: readonly string[]): string {
  const points = [from, ...path].map(anchorOf);
  let d = `M${points[0]![0]},${points[0]![1]}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const dx = x1 - x0;
    if (Math.abs(dx) <= FULL_VIEW.w / 2) {
      d += ` L${x1},${y1}`;
      continue;
    }
    // Across the edge: the same line with x1 shifted by one map width, cut where it leaves the map.
    const shifted = dx > 0 ? x1 - FULL_VIEW.w : x1 + FULL_VIEW.w;
    const edge = dx > 0 ? FULL_VIEW.x : FULL_VIEW.x + FULL_VIEW.w;
    const t = (edge - x0) / (shifted - x0);
    const yEdge = y0 + t * (y1 - y0);
    const other = dx > 0 ? FULL_VIEW.x + FULL_VIEW.w : FULL_VIEW.x;
    d += ` L${edge},${yEdge} M${other},${yEdge} L${x1},${y1}`;
  }
  return d;
}

/** Does any step of the path cross the map's edge (the short way round)? */
export function crossesEdge(from: string, path: readonly string[]): boolean {
  const xs = [from, ...path].map((t) => anchorOf(t)[0]);
  return xs.some((x, i) => i > 0 && Math.abs(x - xs[i - 1]!) > FULL_VIEW.w / 2);
}
