// What the phased 1942 browser tests read and do on the frame's page: the phone's sheet, the phase the
// bar names, and the wait for the next moment Germany (the page's player) acts or turn 2 opens.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { LONG, transitionsDone, whenHydrated } from "./support";

/** On a phone the panel is a bottom sheet: open it (or close it, to see the map) before a tap there. */
export async function sheet(page: Page, open: boolean): Promise<void> {
  if ((page.viewportSize()?.width ?? 1440) > 700) return;
  const toggle = page.getByTestId("sheet-toggle");
  await whenHydrated(toggle);
  if ((await toggle.getAttribute("aria-expanded")) !== String(open)) await toggle.click();
  await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe(String(open));
  await transitionsDone(page);
}

/**
 * The frame's bar: the turn, the phase and its status, and the phase's index in the turn ("#2"): two
 * battles phases of one pass read the same ("Land battles (phase 3 of 4)"), the index tells them apart.
 */
export const phaseText = async (page: Page): Promise<string> =>
  (await page
    .getByTestId("game-turn")
    .evaluate((bar) => `${bar.textContent} #${bar.querySelector('[data-testid="game-phase"]')?.getAttribute("data-step") ?? ""}`, undefined, { timeout: 5_000 })
    .catch(() => "")) ?? "";

/** Waits until the page shows a phase of decisions acting for Germany, or turn 2; returns the bar's text. */
export async function untilGermanyActs(page: Page): Promise<string> {
  await expect
    .poll(async () => ((await phaseText(page)).includes("Turn 2") || (await page.getByTestId("stage-lock").or(page.getByTestId("post-combat-lock-germany")).count()) > 0 ? "ready" : await phaseText(page)), { timeout: LONG })
    .toBe("ready");
  return phaseText(page);
}

/**
 * The battles phase's markers (app/game/[id]/map/battle-markers.tsx) drawn on the map and those cut by
 * its edges: a marker's box must lie wholly inside the map as the screen shows it (on a phone, above
 * the sheet's peek).
 */
export async function battleMarkers(page: Page): Promise<{ shown: string[]; cut: string[] }> {
  return page.getByTestId("map-battles").evaluate((layer) => {
    const map = (layer as SVGGElement).ownerSVGElement!.getBoundingClientRect();
    const panel = document.querySelector('[data-testid="board-panel"]')?.getBoundingClientRect();
    // A phone's sheet lies over the map's lower part; a desktop's panel is beside it.
    const bottom = Math.min(map.bottom, window.innerHeight, panel && panel.top > map.top ? panel.top : Infinity);
    const right = Math.min(map.right, window.innerWidth);
    const markers = [...layer.querySelectorAll<SVGGElement>("g[data-territory]")];
    const cut = markers.filter((m) => {
      const b = m.querySelector("rect")!.getBoundingClientRect();
      return b.left < map.left - 0.5 || b.top < map.top - 0.5 || b.right > right + 0.5 || b.bottom > bottom + 0.5;
    });
    return { shown: markers.map((m) => m.dataset.territory!).sort(), cut: cut.map((m) => m.dataset.territory!) };
  });
}

/**
 * The battle markers' boxes on the screen (each marker's own rect, battle-markers.tsx) and the pairs
 * that cover each other (by more than a pixel's antialiasing): marker-layout.ts keeps them apart.
 */
export async function markerOverlaps(page: Page): Promise<{ shown: number; overlapping: string[] }> {
  return page.getByTestId("map-battles").evaluate((layer) => {
    const boxes = [...layer.querySelectorAll<SVGGElement>("g[data-territory]")].map((m) => ({ id: m.dataset.territory!, r: m.querySelector("rect")!.getBoundingClientRect() }));
    const overlapping: string[] = [];
    boxes.forEach((a, i) =>
      boxes.forEach((b, j) => {
        if (j > i && a.r.left < b.r.right - 0.5 && b.r.left < a.r.right - 0.5 && a.r.top < b.r.bottom - 0.5 && b.r.top < a.r.bottom - 0.5) overlapping.push(`${a.id} / ${b.id}`);
      }),
    );
    return { shown: boxes.length, overlapping };
  });
}
