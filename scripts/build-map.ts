// npm run map:build — derive app/map/map-data.json from Natural Earth (world-atlas) and the recipes:
// land territories as unions and cuts of countries (scripts/map/recipe-land.ts), sea zones as
// Voronoi cells of hand-placed seeds clipped to the ocean (recipe-sea.ts), crossings for board edges
// whose shapes do not touch (recipe-crossings.ts). Prints the board edges still unaccounted for.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Topology } from "topojson-specification";
import { difference, intersection, union, type MultiPolygon } from "./map/clip";
import { DEFAULT_BOARD } from "../server/rulesets/1942/engine/board/default-board";
import { makeProjection, projectClip, projectCountries, projectLand, simplifyTopology } from "./map/geo";
import { landTerritories, recipeDots } from "./map/land-territories";
import { placeLabel } from "./map/placement";
import { area, dropSpecks, insidePolygon, rect, toPath } from "./map/planar";
import { LAND } from "./map/recipe-land";
import { NO_SEA, SEA } from "./map/recipe-sea";
import { CROSSINGS } from "./map/recipe-crossings";
import { LABEL_AT } from "./map/recipe-labels";
import { buildCrossingPath } from "./map/crossing-path";
import { unaccountedEdges } from "./map/edges";
import { seaZones } from "./map/sea-zones";

const OUT = fileURLToPath(new URL("../app/map/map-data.json", import.meta.url));
const SIMPLIFY_DEGREES = 0.06; // ~0.25 px at the equator: invisible, and it keeps the data small
const MIN_PART = 0.6;
// Sea zones are cut with heights at this share: the projection stretches latitudes about twice as
// much as longitudes around Europe, and the seeds were placed for a map of natural proportions.
const SEA_Y_SCALE = 0.6; // px²: smaller bits of land are specks nobody can see or click

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology;
const mp = makeProjection();
const frame = rect(0, 0, mp.width, mp.height);
const simple = simplifyTopology(topology, SIMPLIFY_DEGREES);
const countries = new Map<string, MultiPolygon>();
for (const [name, shape] of projectCountries(simple, mp)) {
  countries.set(name, dropSpecks(intersection(shape, frame), MIN_PART));
}

const shapes = landTerritories(LAND, countries, mp, MIN_PART);

// The ocean: the frame minus all land (assigned or not) and minus the Arctic the board leaves out.
// Dots are the only land territories add to Natural Earth's land.
const dots = LAND.flatMap((r) => recipeDots(r, mp));
const allLand = union(dropSpecks(projectLand(simple, mp), MIN_PART), ...dots);
const noSea = union([], ...NO_SEA.map((box) => projectClip(box, mp)));
// Lakes (water with no seed: the Great Lakes, Victoria, Baikal...) are not sea zones; they are left
// out, like unassigned land (Greenland, Iceland). The Caspian has seeds, so it is a sea zone.
const allSeeds = Object.values(SEA).flat().map((p) => mp.project(p));
const ocean = difference(frame, allLand, noSea).filter((part) => allSeeds.some((p) => insidePolygon(p, part)));

// A seed on land would leave its cell's water to the neighbours: report it.
const seedProblems = Object.entries(SEA).flatMap(([id, list]) =>
  list.filter((p) => !ocean.some((part) => insidePolygon(mp.project(p), part))).map((p) => `${id}: seed ${p.join(", ")} is not at sea`),
);

// Sea zones: Voronoi cells of every seed, each zone the ocean around its own seeds.
const seeds = new Map(Object.entries(SEA).map(([id, list]) => [id, list.map((p) => mp.project(p))]));
for (const [id, zone] of seaZones(ocean, seeds, mp.width, mp.height, SEA_Y_SCALE)) {
  if (zone.length === 0) throw new Error(`${id}: no ocean around its seeds`);
  shapes.set(id, zone);
}

// One entry per board territory, in the board's order.
// A territory with no recipe is left out and reported (the tests fail on it too).
const problems: string[] = [...seedProblems];
const territories = DEFAULT_BOARD.territories.flatMap((t) => {
  const shape = shapes.get(t.id);
  if (!shape) {
    problems.push(`no recipe for ${t.id}`);
    return [];
  }
  // A sea zone's name goes in the part around its first seed (Alaska's, not Chukotka's, side of the
  // Bering Sea); a land territory's in its largest part.
  const placed = placeLabel(shape, t.kind === "sea" ? seeds.get(t.id)?.[0] : undefined);
  const { anchor } = placed;
  const hand = LABEL_AT[t.id];
  const label = hand ? mp.project(hand.at) : placed.label;
  if (hand && !shape.some((part) => insidePolygon(label, part))) problems.push(`${t.id}: the label's place ${hand.at.join(", ")} is not inside it`);
  return [{ id: t.id, kind: t.kind, path: toPath(shape), anchor, label }];
});
const extra = [...shapes.keys()].filter((id) => !DEFAULT_BOARD.territories.some((t) => t.id === id));
if (extra.length > 0) throw new Error(`recipes for ids not on the board: ${extra.join(", ")}`);

const crossings = CROSSINGS.flatMap((c) => {
  const between = [...c.between].sort() as [string, string];
  const [a, b] = [shapes.get(between[0]), shapes.get(between[1])];
  if (!a || !b) return [];
  return [{ between, path: buildCrossingPath(a, b) }];
});

const data = { viewBox: `0 0 ${mp.width} ${mp.height}`, territories, crossings };
// One territory per line, so that a rebuild's diff shows which shapes changed.
const lines = (items: object[]) => items.map((x) => `  ${JSON.stringify(x)}`).join(",\n");
const json = `{"viewBox": ${JSON.stringify(data.viewBox)},\n"territories": [\n${lines(territories)}\n],\n"crossings": [\n${lines(crossings)}\n]}\n`;
writeFileSync(OUT, json);

const size = Buffer.byteLength(json);
console.log(`wrote ${OUT}: ${territories.length} territories, ${crossings.length} crossings, ${(size / 1024).toFixed(0)} KB`);
for (const [a, b] of unaccountedEdges(data)) problems.push(`no shared border and no crossing: ${a} — ${b}`);
for (const p of problems) console.log(`  ${p}`);
console.log(`${problems.length} problems; land ${area(allLand).toFixed(0)} px² of ${mp.width * mp.height}`);
if (problems.length > 0) process.exitCode = 1;
