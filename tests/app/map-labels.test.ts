// Names on the map (issue 12): on the whole world Europe's names would sit on one another, so a name
// that would overlap a marker row or a more telling name waits for a closer zoom; capitals and land
// of value claim room first, sea zones last; zoomed in far enough, every name is written.
import { describe, expect, it } from "vitest";
import { SHAPE_LIST, nameBox, writtenLabels } from "../../app/game/[id]/map/map-labels";
import { U, capitalOf } from "../../app/game/[id]/map/map-geometry";
import { anyOverlap, overlaps } from "../../app/game/[id]/map/stack-layout";
import { DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import type { UnitStack } from "../../app/game/[id]/game-types";

const STACKS = DEFAULT_SETUP.units as unknown as UnitStack[];
const WORLD = 1.6 * U; // the "map unit" on the whole world (board-map.tsx caps it there)

describe("the names written on the map", () => {
  const box = (id: string, unit: number) => nameBox(SHAPE_LIST.find((t) => t.id === id)!, unit);

  it("never overlap one another, at the world's zoom and closer", () => {
    for (const unit of [WORLD, WORLD / 2, WORLD / 4]) {
      const { names } = writtenLabels(STACKS, true, true, unit);
      expect(anyOverlap([...names].map((id) => box(id, unit))), `unit ${unit}`).toBe(false);
    }
  });

  it("on the whole world some names wait; a capital's name waits only for another capital's", () => {
    const { names } = writtenLabels(STACKS, true, true, WORLD);
    expect(names.size).toBeLessThan(SHAPE_LIST.length);
    const capitals = SHAPE_LIST.filter((t) => capitalOf(t.id)).map((t) => t.id);
    for (const c of capitals.filter((c) => !names.has(c))) {
      expect(capitals.some((o) => o !== c && names.has(o) && overlaps(box(o, WORLD), box(c, WORLD))), c).toBe(true);
    }
    expect(capitals.filter((c) => names.has(c)).length).toBeGreaterThanOrEqual(3);
  });

  it("leave a neighbour's markers clear, but for capitals", () => {
    const bare = writtenLabels([], false, true, WORLD).names;
    const marked = writtenLabels(STACKS, true, true, WORLD).names;
    expect(marked.size).toBeLessThan(bare.size);
  });

  it("more names are written the closer the zoom, and all of them far enough in", () => {
    const counts = [WORLD, WORLD / 2, WORLD / 8, WORLD / 64].map((unit) => writtenLabels(STACKS, false, true, unit).names.size);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    expect(counts.at(-1)).toBe(SHAPE_LIST.length);
  });

  it("sea zones' names are left out when the zoom makes them too small to read", () => {
    const { names } = writtenLabels(STACKS, false, false, WORLD / 64);
    expect([...names].every((id) => SHAPE_LIST.find((t) => t.id === id)!.kind === "land")).toBe(true);
  });
});
