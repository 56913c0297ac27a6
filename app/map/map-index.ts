// The light half of the map, for the client bundle: ids, kinds, where stacks and names go, and a
// version. The heavy half (every shape's SVG path) is served once, cacheable for ever, by
// app/map-shapes/[version]/route.ts. Both derive from map-data.json; tests/map/map-index.test.ts
// keeps the version honest.
import index from "./map-index.json";
import type { MapPoint } from "./map-data";

export interface MapIndexTerritory {
  id: string;
  kind: "land" | "sea";
  anchor: MapPoint;
  label: MapPoint;
}

export interface MapIndex {
  /** A hash of map-data.json: the shapes' URL changes whenever the shapes do. */
  version: string;
  viewBox: string;
  territories: MapIndexTerritory[];
}

export const MAP_INDEX: MapIndex = index as unknown as MapIndex;

/** Where the client fetches the shapes: one immutable URL per version of the map. */
export const SHAPES_URL = `/map-shapes/${MAP_INDEX.version}`;
