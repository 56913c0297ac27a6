// The client's light map index must be the one derived from the shapes: a rebuilt map with a stale
// index would draw stacks in the wrong places and keep serving old shapes under an old URL.
import { describe, expect, it } from "vitest";
import { MAP } from "../../app/map/map-data";
import { MAP_INDEX } from "../../app/map/map-index";
import { mapIndexOf } from "../../scripts/map/map-index";

describe("map index", () => {
  it("matches map-data.json (run npm run map:index after changing the map)", () => {
    expect(MAP_INDEX).toEqual(mapIndexOf(MAP));
  });
  it("carries no shapes", () => {
    expect(JSON.stringify(MAP_INDEX)).not.toContain('"path"');
  });
});
