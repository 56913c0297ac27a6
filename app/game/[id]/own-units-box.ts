// Where the map first opens for a player: around the player's own units.
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { UnitStack } from "./game-types";
import { anchorOf } from "./map/map-geometry";
import type { View } from "./map/use-map-zoom";

/** The box around the viewer's own units (the map opens there); null for spectators. */
export function ownUnitsBox(units: readonly UnitStack[], mine: readonly Nation[]): View | null {
  const points = units.filter((u) => mine.includes(u.nation)).map((u) => anchorOf(u.at));
  if (points.length === 0) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const pad = 30;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}
