// The whole board in Chromium (issue 19): the real DOM boxes of every stack, name and marker, drawn by
// the game screen's own layers fitted to its map box at 1440×900 (scripts/map/board-render.ts), in the
// opening and after ten robot turns played with the engine: no stack over another, none over a name or
// a marker, no name over another, every name at least 11 px, everything on the drawn map. The laid-out
// boxes are checked without a browser by tests/app/board-overlap.test.ts.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKIP, launchBrowser } from "./support";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";
import { boardPage } from "../../scripts/map/board-render";
import { afterRobotTurns, stacksOf } from "../../scripts/map/positions";
import { DESKTOP } from "../../scripts/map/screens";

interface Box {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Boxes cover each other by more than a pixel's antialiasing. */
const cover = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
function pairs(list: Box[], other: Box[] = list): string[] {
  const out: string[] = [];
  list.forEach((a, i) => other.forEach((b, j) => (other !== list || j > i) && cover(a, b) && out.push(`${a.id} / ${b.id}`)));
  return out;
}

describe.skipIf(SKIP)("the whole board in the browser at 1440×900", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const positions = { opening: () => createState(DEFAULT_BOARD, DEFAULT_SETUP), "after ten robot turns": () => afterRobotTurns(10) };
  for (const [name, make] of Object.entries(positions)) {
    it(`${name}: no stack over another or over a name or marker, names ≥ 11 px`, async () => {
      const state = make();
      const page = await browser.newPage({ viewport: { width: DESKTOP.w, height: DESKTOP.h } });
      await page.setContent(boardPage(stacksOf(state), state.owners, DESKTOP, true));
      const found = await page.evaluate(() => {
        const box = (id: string, r: DOMRect) => ({ id, left: r.left, top: r.top, right: r.right, bottom: r.bottom });
        const union = (id: string, rs: DOMRect[]) => ({ id, left: Math.min(...rs.map((r) => r.left)), top: Math.min(...rs.map((r) => r.top)), right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)) });
        const stacks = [...document.querySelectorAll('[data-testid^="map-stacks-"]')].map((g) => union(`stack ${g.getAttribute("data-territory")}`, [...g.querySelectorAll(".map-badge rect")].map((r) => r.getBoundingClientRect())));
        const groups = [...document.querySelectorAll('[data-testid^="map-label-"]')];
        const names = groups
          .map((g) => g.querySelector(":scope > text") as SVGTextElement)
          .filter((t) => t.getAttribute("visibility") !== "hidden")
          .map((t) => {
            // Its drawn width, and its height from cap height to descent (the font's ascent above the
            // capitals holds no ink: a stack may touch it, as stack-layout.ts's boxes allow).
            const fs = Number(t.getAttribute("font-size"));
            const m = t.getScreenCTM()!;
            const bb = t.getBBox();
            const y = Number(t.getAttribute("y"));
            return { id: `name ${t.textContent}`, left: m.a * bb.x + m.e, right: m.a * (bb.x + bb.width) + m.e, top: m.d * (y - 0.75 * fs) + m.f, bottom: m.d * (y + 0.25 * fs) + m.f, px: fs * m.a };
          });
        const marks = [...document.querySelectorAll('[data-testid^="map-mark-"]')].map((m) => box(`marker ${m.getAttribute("data-testid")}`, m.getBoundingClientRect()));
        const map = document.querySelector('[data-testid="board"] .map-territories')!.getBoundingClientRect();
        return { stacks, names, marks, map: box("map", map), stacksDrawn: stacks.length, territories: new Set(stacks.map((s) => s.id)).size };
      });
      await page.close();
      const occupied = new Set(stacksOf(state).filter((u) => u.type !== "factory" && u.type !== "aaGun").map((u) => u.at));
      expect(found.stacks.length).toBe(occupied.size);
      expect(found.names.length).toBeGreaterThan(80);
      expect(found.names.filter((n) => n.px < 11).map((n) => `${n.id}: ${n.px.toFixed(1)} px`)).toEqual([]);
      expect(pairs(found.stacks)).toEqual([]);
      expect(pairs(found.stacks, [...found.names, ...found.marks])).toEqual([]);
      expect(pairs(found.names)).toEqual([]);
      const m = found.map;
      const off = [...found.stacks, ...found.names].filter((b) => b.left < m.left - 0.5 || b.top < m.top - 0.5 || b.right > m.right + 0.5 || b.bottom > m.bottom + 0.5).map((b) => b.id);
      expect(off).toEqual([]);
    });
  }
});
