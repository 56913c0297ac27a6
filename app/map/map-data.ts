// The board's map: one shape per territory of the default board (RULES.md R1.4), generated from
// Natural Earth by `npm run map:build` (scripts/build-map.ts). Never edit map-data.json by hand.
import data from "./map-data.json";

export type MapPoint = [x: number, y: number];

export interface MapTerritory {
  /** A territory id of the default board. */
  id: string;
  kind: "land" | "sea";
  /**
   * SVG path data in viewBox units (draw with fill-rule evenodd: a ring inside another is a hole).
   * A shape may have several parts: islands, or a Pacific zone with a part at each map edge.
   */
  path: string;
  /** Where unit stacks go: inside the shape. */
  anchor: MapPoint;
  /** Where the name goes: inside the shape (the roomiest point of its largest part). */
  label: MapPoint;
}

export interface MapCrossing {
  /** A board edge (sorted pair) whose shapes do not touch: a strait, an island link, a canal. */
  between: [string, string];
  /** A short line to draw for it, between the nearest points of the two shapes. */
  path: string;
}

export interface MapData {
  /** "0 0 W H": the board's projection (scripts/map/geo.ts, docs/map-projection.md), its left and right edges at 30°W, Antarctica cut off. */
  viewBox: string;
  territories: MapTerritory[];
  crossings: MapCrossing[];
}

export const MAP: MapData = data as unknown as MapData;
