// Land territories from the recipe (recipe-land.ts): unions and cuts of projected countries.
import { difference, intersection, union, type MultiPolygon } from "./clip";
import { projectClip, type MapProjection } from "./geo";
import { disc, dropSpecks } from "./planar";
import type { LandRecipe } from "./recipe-land";

/** The disc for each of a recipe's dots: islands too small to see or click otherwise. */
export function recipeDots(recipe: LandRecipe, mp: MapProjection): MultiPolygon[] {
  return (recipe.dots ?? []).map((d) => disc(mp.project(d), recipe.dotRadius ?? 4));
}

/** Build every land territory, in recipe order (a recipe's `minus` names ones built before it). */
export function landTerritories(
  recipes: readonly LandRecipe[],
  countries: ReadonlyMap<string, MultiPolygon>,
  mp: MapProjection,
  minPart: number,
): Map<string, MultiPolygon> {
  const shapes = new Map<string, MultiPolygon>();
  for (const recipe of recipes) {
    const parts: MultiPolygon[] = recipeDots(recipe, mp);
    for (const part of recipe.countries) {
      const [name, clip] = typeof part === "string" ? [part, undefined] : part;
      const country = countries.get(name);
      if (!country) throw new Error(`${recipe.id}: no country "${name}" in Natural Earth`);
      parts.push(clip ? intersection(country, projectClip(clip, mp)) : country);
    }
    let shape = union([], ...parts);
    for (const other of recipe.minus ?? []) {
      const cut = shapes.get(other);
      if (!cut) throw new Error(`${recipe.id}: minus "${other}" must come earlier in the recipe`);
      shape = difference(shape, cut);
    }
    shape = dropSpecks(shape, minPart);
    if (shape.length === 0) throw new Error(`${recipe.id}: empty shape`);
    shapes.set(recipe.id, shape);
  }
  return shapes;
}
