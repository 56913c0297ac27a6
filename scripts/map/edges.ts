// Which board edges the map accounts for: the two shapes share a border, or a crossing is listed.
import { DEFAULT_BOARD } from "../../server/rulesets/1942/engine/board/default-board";
import { OutlineIndex, parsePath, sharedBorderLength, type Rings } from "./check";

/** px: borders are built from the same points, so anything wider than rounding is a real gap. */
export const TOUCH_TOLERANCE = 0.5;

interface Data {
  territories: { id: string; path: string }[];
  crossings: { between: [string, string] | string[] }[];
}

export function touchLength(a: Rings, b: Rings): number {
  return Math.max(sharedBorderLength(a, new OutlineIndex(b), TOUCH_TOLERANCE), sharedBorderLength(b, new OutlineIndex(a), TOUCH_TOLERANCE));
}

export function unaccountedEdges(data: Data): [string, string][] {
  const rings = new Map(data.territories.map((t) => [t.id, parsePath(t.path)]));
  const crossed = new Set(data.crossings.map((c) => [...c.between].sort().join("|")));
  return DEFAULT_BOARD.edges
    .map(([a, b]) => [a, b].sort() as [string, string])
    .filter(([a, b]) => !crossed.has(`${a}|${b}`) && touchLength(rings.get(a) ?? [], rings.get(b) ?? []) === 0);
}
