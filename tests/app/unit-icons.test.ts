// Every unit type of the engine has its silhouette in the map's sprite (public/unit-icons.svg), each
// a distinct drawing on the 24×24 grid the map's icons are drawn with.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { UNIT_TYPES } from "../../server/rulesets/1942/engine/types";

const SPRITE = readFileSync(new URL("../../public/unit-icons.svg", import.meta.url), "utf8");
const symbols = [...SPRITE.matchAll(/<symbol id="(\w+)" viewBox="([^"]+)"><path fill-rule="evenodd" d="([^"]+)"\/><\/symbol>/g)].map((m) => ({ id: m[1]!, viewBox: m[2]!, d: m[3]! }));

describe("the unit sprite", () => {
  it("has one symbol per unit type, on the 24×24 grid, all different", () => {
    expect(symbols.map((s) => s.id).sort()).toEqual([...UNIT_TYPES].sort());
    for (const s of symbols) expect(s.viewBox, s.id).toBe("0 0 24 24");
    expect(new Set(symbols.map((s) => s.d)).size).toBe(UNIT_TYPES.length);
  });
  it("leaves the fill to the map (the nation's colour)", () => {
    expect(SPRITE).not.toMatch(/\sfill=/);
  });
});
