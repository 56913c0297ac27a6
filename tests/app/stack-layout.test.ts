// No badge covers another (issue 12): the starting board's stacks laid out at the widest zoom and
// closer, with each territory's split or collapsed block as wide as it is drawn.
import { describe, expect, it } from "vitest";
import { anchorOf } from "../../app/game/[id]/map/map-geometry";
import { anyOverlap, layoutStacks, type Rect, type TerritoryStacks } from "../../app/game/[id]/map/stack-layout";
import { DEFAULT_SETUP } from "../../server/engine/board/default-board";

function territories(): TerritoryStacks[] {
  const by = new Map<string, { nation: string; type: string }[]>();
  for (const u of DEFAULT_SETUP.units) if (u.type !== "factory" && u.type !== "aaGun") by.set(u.at, [...(by.get(u.at) ?? []), u]);
  return [...by.entries()].map(([at, units]) => ({ at, anchor: anchorOf(at), badges: units.length, nations: new Set(units.map((u) => u.nation)).size, first: units.some((u) => u.nation === "Germany") }));
}

function rects(list: TerritoryStacks[], badge: { w: number; h: number; gap: number }): { rects: Rect[]; collapsed: number } {
  const layout = layoutStacks(list, badge);
  let collapsed = 0;
  const out = list.map((t) => {
    const p = layout.get(t.at)!;
    if (p.collapsed) collapsed++;
    const n = p.collapsed ? t.nations : t.badges;
    const rows = Math.ceil(n / p.cols);
    return { x: p.x, y: p.y, w: p.cols * badge.w, h: rows * badge.h + (rows - 1) * badge.gap };
  });
  return { rects: out, collapsed };
}

describe("layoutStacks", () => {
  const list = territories();
  it.each([1, 2, 4, 8, 16])("at zoom %i no two territories' badges overlap, and closer zooms split more", (k) => {
    // Badges keep their size on the screen: in map units they shrink as the map zooms in.
    const unit = 9.4 / k;
    const { rects: r } = rects(list, { w: 6.6 * unit, h: 2.3 * unit, gap: 0.2 * unit });
    expect(anyOverlap(r)).toBe(false);
  });
  it("splits everything when zoomed far in, collapses some at the widest zoom", () => {
    const far = rects(list, { w: 6.6 * 0.3, h: 2.3 * 0.3, gap: 0.06 });
    const wide = rects(list, { w: 6.6 * 9.4, h: 2.3 * 9.4, gap: 1.88 });
    expect(far.collapsed).toBe(0);
    expect(wide.collapsed).toBeGreaterThan(0);
  });
});
