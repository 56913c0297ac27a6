// The whole board drawn as the game screen draws it with the view reset (the same layers: territories,
// crossings, names and markers, unit stacks), to an HTML page for Chromium: for the browser check of
// real DOM boxes (tests/browser/board-overlap.test.ts) and for docs/board-*.png (scripts/map/board-shot.ts).
import { readFileSync } from "node:fs";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MAP } from "../../app/map/map-data";
import { FULL_VIEW, SEA_FILL } from "../../app/game/[id]/map/map-geometry";
import { CrossingLayer, LabelLayer, MapUnit, TerritoryLayer } from "../../app/game/[id]/map/map-layers";
import { StackLayer } from "../../app/game/[id]/map/stack-layer";
import { mapUnitAt, seaLabelsAt } from "../../app/game/[id]/map/board-fit";
import { writtenLabels } from "../../app/game/[id]/map/map-labels";
import type { UnitStack } from "../../app/game/[id]/game-types";
import type { Nation } from "../../server/rulesets/1942/engine";

const SPRITE = readFileSync(new URL("../../public/unit-icons.svg", import.meta.url), "utf8");
const PATHS = Object.fromEntries(MAP.territories.map((t) => [t.id, t.path]));

/** A page of exactly `box` px showing the whole board fitted into it ("meet", as board-map.tsx). */
export function boardPage(units: readonly UnitStack[], owners: Record<string, Nation>, box: { w: number; h: number }, victoryCities = false): string {
  const perPixel = 1 / Math.min(box.w / FULL_VIEW.w, box.h / FULL_VIEW.h);
  const unit = mapUnitAt(perPixel);
  const seaLabels = seaLabelsAt(unit, perPixel);
  const svg = renderToStaticMarkup(
    h(
      "svg",
      { xmlns: "http://www.w3.org/2000/svg", viewBox: `${FULL_VIEW.x} ${FULL_VIEW.y} ${FULL_VIEW.w} ${FULL_VIEW.h}`, width: box.w, height: box.h, preserveAspectRatio: "xMidYMid meet", style: { background: SEA_FILL, display: "block" }, "data-testid": "board" },
      h(
        MapUnit.Provider,
        { value: unit },
        h(TerritoryLayer, { owners, paths: PATHS }),
        h(CrossingLayer, { crossings: MAP.crossings }),
        h(LabelLayer, { units, victoryCities, written: writtenLabels(units, victoryCities, seaLabels, unit).names }),
        h(StackLayer, { units, world: true, labels: { victoryCities, seaLabels } }),
      ),
    ),
  );
  // The sprite inline, so that the page needs no server.
  const sprite = SPRITE.replace("<svg ", '<svg style="display:none" ');
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}</style></head><body>${sprite}${svg.replaceAll('href="/unit-icons.svg#', 'href="#')}</body></html>`;
}
