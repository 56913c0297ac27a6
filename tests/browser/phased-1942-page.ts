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

/** The frame's bar: the turn, the phase and its status. */
export const phaseText = async (page: Page): Promise<string> => (await page.getByTestId("game-turn").textContent({ timeout: 5_000 }).catch(() => "")) ?? "";

/** Waits until the page shows a phase of decisions acting for Germany, or turn 2; returns the bar's text. */
export async function untilGermanyActs(page: Page): Promise<string> {
  await expect
    .poll(async () => ((await phaseText(page)).includes("Turn 2") || (await page.getByTestId("stage-lock").or(page.getByTestId("post-combat-lock-germany")).count()) > 0 ? "ready" : await phaseText(page)), { timeout: LONG })
    .toBe("ready");
  return phaseText(page);
}
