// Board edges whose two shapes do not share a border on the map, each with why. The build draws a
// short line for each (between the nearest points of the two shapes); `wrap` means the line leaves
// one edge of the map and comes back at the other, because the shapes meet across the map's edge.

export interface CrossingRecipe {
  between: readonly [string, string];
  why: string;
  wrap?: boolean;
}

export const CROSSINGS: readonly CrossingRecipe[] = [];
