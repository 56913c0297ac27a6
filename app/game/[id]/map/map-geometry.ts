// The map's drawing data: the geography (app/map/map-data.ts) joined with the board's rules data
// (kinds, capitals, victory cities), nation colours and short unit labels. Pure, no React.
import { MAP } from "../../../map/map-data";
import { DEFAULT_BOARD } from "../../../../server/engine/board/default-board";
import type { Nation, VictoryCity } from "../../../../server/engine/types";

export type MapTerritory = (typeof MAP)["territories"][number];
export type Point = readonly [number, number];

export const SHAPES: ReadonlyMap<string, MapTerritory> = new Map(MAP.territories.map((t) => [t.id, t]));
export const CROSSINGS = MAP.crossings;

const [vx, vy, vw, vh] = MAP.viewBox.split(/[\s,]+/).map(Number) as [number, number, number, number];
/** The whole map, as the view box the zoom starts from. */
export const FULL_VIEW = { x: vx, y: vy, w: vw, h: vh };
/** One "map unit": badge and marker sizes scale with the map, whatever its coordinates. */
export const U = vw / 170;

const BOARD = new Map(DEFAULT_BOARD.territories.map((t) => [t.id, t]));
export const capitalOf = (id: string): Nation | undefined => BOARD.get(id)?.capitalOf;
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

/** SVG polyline points through the anchors of a path (the order's arrow). */
export function arrowPoints(from: string, path: readonly string[]): string {
  return [from, ...path].map((t) => anchorOf(t).join(",")).join(" ");
}
