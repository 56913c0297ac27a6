// The map's shapes (every territory's SVG path and the crossings), served once per version of the
// map and cached for ever: the game page's HTML and JavaScript carry only the light index
// (app/map/map-index.ts), so a player downloads the 250 KB of geography once, not with every page.
import { MAP } from "../../map/map-data";
import { MAP_INDEX } from "../../map/map-index";

export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return [{ version: MAP_INDEX.version }];
}

export interface MapShapes {
  paths: Record<string, string>;
  crossings: { between: [string, string]; path: string }[];
}

export function GET() {
  const body: MapShapes = { paths: Object.fromEntries(MAP.territories.map((t) => [t.id, t.path])), crossings: MAP.crossings };
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=31536000, immutable" } });
}
