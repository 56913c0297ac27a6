// Where a territory's name and its units go: inside the shape, where there is most room.
import type { MultiPolygon, Pair } from "./clip";
import { insidePolygon, largestPolygon, roomiestPoint } from "./planar";

/**
 * The label at the roomiest point of the main part (the part around `home`, a sea zone's first
 * seed, else the largest); the anchor for units a little below it when there is room, so the two
 * do not cover each other.
 */
export function placeLabel(shape: MultiPolygon, home?: Pair): { anchor: Pair; label: Pair } {
  const main = (home && shape.find((part) => insidePolygon(home, part))) || largestPolygon(shape);
  const { at: label, room } = roomiestPoint(main);
  const below: Pair = [label[0], Math.round((label[1] + Math.min(room * 0.5, 12)) * 10) / 10];
  const anchor = room > 6 && insidePolygon(below, main) ? below : label;
  return { anchor, label };
}
