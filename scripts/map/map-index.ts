// The light index of the map (app/map/map-index.json) derived from the full map data: no paths, and a
// version that is the SHA-256 of the shapes, so the shapes' URL changes whenever they do.
import { createHash } from "node:crypto";
import type { MapData } from "../../app/map/map-data";
import type { MapIndex } from "../../app/map/map-index";

export function mapIndexOf(data: MapData): MapIndex {
  const version = createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 16);
  return { version, viewBox: data.viewBox, territories: data.territories.map(({ id, kind, anchor, label }) => ({ id, kind, anchor, label })) };
}

export function mapIndexJson(data: MapData): string {
  const index = mapIndexOf(data);
  const lines = index.territories.map((t) => `  ${JSON.stringify(t)}`).join(",\n");
  return `{"version": ${JSON.stringify(index.version)}, "viewBox": ${JSON.stringify(index.viewBox)},\n"territories": [\n${lines}\n]}\n`;
}
