// No icon covers another (issue 12): the starting board's stacks laid out at the widest zoom and
// closer, with each territory's split or collapsed block as large as it is drawn; at the whole
// world's zoom every territory shows its collapsed form; the names of territories are kept clear
// where there is room.
import { describe, expect, it } from "vitest";
import { anchorOf } from "../../app/game/[id]/map/map-geometry";
import { labelBoxes } from "../../app/game/[id]/map/map-labels";
import { anyOverlap, blockSize, columns, layoutStacks, type LayoutOptions, type Rect, type TerritoryStacks } from "../../app/game/[id]/map/stack-layout";
import { TOKEN } from "../../app/game/[id]/map/stack-layer";
import { U } from "../../app/game/[id]/map/map-geometry";
import { DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import type { UnitStack } from "../../app/game/[id]/game-types";

const STACKS = DEFAULT_SETUP.units as unknown as UnitStack[];

function territories(): TerritoryStacks[] {
  const by = new Map<string, { nation: string; type: string }[]>();
  for (const u of DEFAULT_SETUP.units) if (u.type !== "factory" && u.type !== "aaGun") by.set(u.at, [...(by.get(u.at) ?? []), u]);
  return [...by.entries()].map(([at, units]) => ({ at, anchor: anchorOf(at), badges: units.length, nations: new Set(units.map((u) => u.nation)).size, first: units.some((u) => u.nation === "Germany") }));
}

/** Icons as drawn at "map unit" `unit`. */
const token = (unit: number) => ({ w: TOKEN.w * unit, h: TOKEN.h * unit, gap: TOKEN.gap * unit });

function rects(list: TerritoryStacks[], badge: { w: number; h: number; gap: number }, opts: LayoutOptions = {}): { rects: Rect[]; collapsed: number; moved: number } {
  const layout = layoutStacks(list, badge, opts);
  let collapsed = 0;
  let moved = 0;
  const out = list.map((t) => {
    const p = layout.get(t.at)!;
    if (p.collapsed) collapsed++;
    if (p.moved) moved++;
    const size = blockSize(p.collapsed ? t.nations : t.badges, badge);
    expect(size.cols).toBe(p.cols);
    return { x: p.x, y: p.y, w: size.w, h: size.h };
  });
  return { rects: out, collapsed, moved };
}

describe("layoutStacks", () => {
  const list = territories();
  it.each([1, 2, 4, 8, 16])("at zoom %i no two territories' icons overlap", (k) => {
    // Icons keep their size on the screen: in map units they shrink as the map zooms in.
    const unit = (1.6 * U) / k;
    const labels = labelBoxes(STACKS, true, k >= 4, unit);
    expect(anyOverlap(rects(list, token(unit), { labels }).rects)).toBe(false);
    expect(anyOverlap(rects(list, token(unit), { labels, world: true }).rects)).toBe(false);
  });

  it("splits everything when zoomed far in, collapses some further out", () => {
    const far = rects(list, token(0.3));
    const wide = rects(list, token(1.6 * U));
    expect(far.collapsed).toBe(0);
    expect(far.moved).toBe(0);
    expect(wide.collapsed).toBeGreaterThan(0);
  });

  it("at the whole world's zoom every territory shows one stack per nation, however close", () => {
    expect(rects(list, token(0.3), { world: true }).collapsed).toBe(list.length);
  });

  it("splitting never pushes a neighbour's stack away: a stack left collapsed stands where it stands at the world's zoom", () => {
    for (const k of [1, 2, 4]) {
      const badge = token((1.6 * U) / k);
      const labels = labelBoxes(STACKS, true, true, (1.6 * U) / k);
      const close = layoutStacks(list, badge, { labels });
      const world = layoutStacks(list, badge, { labels, world: true });
      for (const t of list) if (close.get(t.at)!.collapsed) expect(close.get(t.at), t.at).toEqual(world.get(t.at));
    }
  });

  it("keeps a block off a name when there is room beside it, and over it rather than nowhere", () => {
    const badge = { w: 10, h: 5, gap: 1 };
    const t: TerritoryStacks = { at: "A", anchor: [100, 100], badges: 1, nations: 1, first: true };
    const name: Rect = { x: 95, y: 100, w: 10, h: 4 };
    const off = layoutStacks([t], badge, { labels: [name] }).get("A")!;
    expect(anyOverlap([name, { x: off.x, y: off.y, w: 10, h: 5 }])).toBe(false);
    expect(off.moved).toBe(true);
    expect(off.collapsed).toBe(false);
    // Names everywhere near: it stays at its anchor, over the name, still split.
    const crowd: Rect[] = [{ x: 0, y: 0, w: 300, h: 300 }];
    const over = layoutStacks([t], badge, { labels: crowd }).get("A")!;
    expect([over.x, over.y, over.moved, over.collapsed]).toEqual([95, 100, false, false]);
  });

  it("keeps a block moved aside on the map, and looks further out before covering a name", () => {
    const badge = { w: 10, h: 5, gap: 1 };
    // At the map's left edge with a name on its anchor: the block goes right, never off the map.
    const edge: TerritoryStacks = { at: "A", anchor: [4, 50], badges: 1, nations: 1, first: true };
    const name: Rect = { x: -1, y: 50, w: 10, h: 4 };
    const bounds: Rect = { x: 0, y: 0, w: 200, h: 200 };
    const p = layoutStacks([edge], badge, { world: true, labels: [name], bounds }).get("A")!;
    expect(p.x).toBeGreaterThanOrEqual(0);
    expect(anyOverlap([name, { x: p.x, y: p.y, w: 10, h: 5 }])).toBe(false);
    // Names all around within two steps, a free place further out: it goes there, with a leader line.
    const t: TerritoryStacks = { at: "B", anchor: [100, 100], badges: 1, nations: 1, first: true };
    const crowd: Rect = { x: 70, y: 80, w: 60, h: 40 };
    const far = layoutStacks([t], badge, { world: true, labels: [crowd], bounds }).get("B")!;
    expect(anyOverlap([crowd, { x: far.x, y: far.y, w: 10, h: 5 }])).toBe(false);
    expect(far.moved).toBe(true);
  });

  it("lays out up to three icons in a row, four as two by two, more in rows of three", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(columns)).toEqual([1, 2, 3, 2, 3, 3, 3]);
    expect(blockSize(4, { w: 10, h: 5, gap: 1 })).toEqual({ cols: 2, w: 21, h: 11 });
  });
});
