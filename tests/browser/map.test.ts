// Map-first ordering (issue 6) in a real browser, by clicks on the map only: an armour blitz from
// Libya through French Equatorial Africa into Congo (R4.5), a transport in the Baltic loading two
// infantry from Germany and landing them in Finland Norway (R4.7), one order undone, a purchase from
// the purchase panel (R4.10), the lock (with the units-without-orders notice); then the replay of the
// resolved turn on the map. The same flow at a phone's width (390 px). The robots hold, so no battle
// waits for a decision.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, launchBrowser, LONG, ROOT, scenarioSteps, shoot, signIn, SKIP, START, startApp, watchPages } from "./support";
import { clickTerritory, clickWhereVisible, groupBadge, newRobotGame as newGame, zoomAt } from "./robot-game";

/** Screenshots for the README are kept in docs/ when SCREENSHOT_DOCS=1. */
const DOCS = process.env.SCREENSHOT_DOCS === "1";

/** The whole turn by clicks on the map. */
async function orderByClicks(page: Page): Promise<void> {
  const map = page.getByTestId("map-germany");
  const panel = page.getByTestId("map-panel-germany");
  // Groups that can take orders are marked; Libya's armour is one.
  expect(await (await groupBadge(page, "armour", "libya")).getAttribute("data-free")).toBe("1");

  // Armour blitz: select, click the outlined French Equatorial Africa, then Congo beyond it.
  await zoomAt(page, "libya", 4);
  await (await groupBadge(page, "armour", "libya")).click();
  await clickTerritory(page, "target", "french-equatorial-africa");
  await expect.poll(() => panel.getByTestId("map-order-m1").textContent()).toContain("Libya → French Equatorial Africa");
  // Making the order ended the selection; a click on the order's arrow selects it again to go further.
  await expect.poll(() => panel.getByTestId("map-selection-germany").count()).toBe(0);
  await clickWhereVisible(page, map.getByTestId("map-arrow-hit-m1"));
  await panel.getByTestId("map-selection-germany").filter({ hasText: "(order m1)" }).waitFor();
  await clickTerritory(page, "target", "congo");
  await expect.poll(() => panel.getByTestId("map-order-m1").textContent()).toContain("Libya → French Equatorial Africa → Congo");
  expect(await map.getByTestId("map-arrow-m1").getAttribute("data-path")).toBe("Libya>French Equatorial Africa>Congo");
  expect(await (await groupBadge(page, "armour", "libya")).getAttribute("data-free")).toBe("0");

  // Transport landing: the Baltic transport loads two infantry from Germany and unloads them into Finland Norway.
  await zoomAt(page, "baltic-sea-zone", 9);
  await (await groupBadge(page, "transport", "baltic-sea-zone")).click();
  await panel.getByTestId("map-load-germany-infantry-germany").click();
  await panel.getByTestId("map-load-germany-infantry-germany").click();
  await clickTerritory(page, "unload", "finland-norway");
  await expect.poll(() => panel.getByTestId("map-order-m2").textContent()).toContain("load 2 infantry from Germany before moving; unload into Finland Norway");

  // A third order, undone.
  await zoomAt(page, "east-europe", 9);
  await (await groupBadge(page, "infantry", "east-europe")).click();
  await clickTerritory(page, "target", "karelia-s-s-r-");
  await panel.getByTestId("map-order-m3").waitFor();
  await panel.getByTestId("map-undo-m3").click();
  await expect.poll(() => panel.getByTestId("map-order-m3").count()).toBe(0);
  expect(await (await groupBadge(page, "infantry", "east-europe")).getAttribute("data-free")).toBe("3");

  // A purchase from the panel: its cost, the money left, a placement the engine accepts.
  await panel.getByTestId("map-purchases-germany").locator("summary").click();
  await expect.poll(() => panel.getByTestId("map-money-left-germany").textContent()).toBe("32");
  // The table loads the first time the purchases are opened.
  await expect.poll(() => panel.getByTestId("map-place-germany-infantry").locator("option").allTextContents()).toEqual(["Germany", "South Europe"]);
  await panel.getByTestId("map-buy-germany-infantry").click();
  await expect.poll(() => panel.getByTestId("map-order-p3").textContent()).toContain("Buy 1 infantry at Germany");
  await expect.poll(() => panel.getByTestId("map-money-left-germany").textContent()).toBe("29");

  // Lock: first the notice of units without orders, then lock anyway.
  await panel.getByTestId("map-lock-germany").click();
  await panel.getByTestId("map-unordered-germany").waitFor();
  expect(await panel.getByTestId("map-lock-germany").textContent()).toContain("Lock anyway");
}

async function lockAndWatchReplay(page: Page, shotName: string): Promise<void> {
  const panel = page.getByTestId("map-panel-germany");
  await panel.getByTestId("map-lock-germany").click();
  // Every other nation is a robot: the turn resolves at once.
  await page.getByTestId("turn-number").filter({ hasText: "Turn 2" }).waitFor({ timeout: LONG });
  // The Replay tab opens the review of the turn on the game's one map, filling the window (issue 19).
  await page.getByTestId("tab-replay").click();
  await page.getByTestId("replay").getByTestId("replay-open").click();
  await page.waitForURL(/\/turn\/1$/, { timeout: LONG });
  const map = page.getByTestId("review-map");
  await map.waitFor({ timeout: LONG });
  expect(await page.getByTestId("game-panel").count()).toBe(0); // no second map in a panel
  // Before the land moves Congo is not German; in them the blitz's arrow goes all the way, and Congo changes colour.
  await page.locator('[data-testid^="review-step-"]').first().click();
  await expect.poll(() => map.getByTestId("map-territory-congo").getAttribute("data-owner")).not.toBe("Germany");
  await page.getByTestId("review-step-land-moves").click();
  await expect.poll(() => page.getByTestId("review-step").getAttribute("data-step")).toBe("land-moves");
  expect(await map.getByTestId("map-arrow-germany-m1").getAttribute("data-path")).toBe("Libya>French Equatorial Africa>Congo");
  await expect.poll(() => map.getByTestId("map-territory-congo").getAttribute("data-owner")).toBe("Germany");
  expect(await map.getByTestId("review-mark-capture-congo").getAttribute("data-text")).toBe("⚑ captured by Germany");
  expect(await page.getByTestId("review-step-lines").textContent()).toMatch(/Germany, order m1: 1 armour from Libya entered Congo by way of French Equatorial Africa/);
  await shoot(page, shotName);
}

describe.skipIf(SKIP)("map-first ordering in the browser", () => {
  let app: App | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let phone: Page;
  const log: string[] = [];
  const run_ = randomBytes(3).toString("hex");

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]); // Chromium starts while the server does
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB", timezoneId: "Europe/Berlin" })).newPage();
    phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: "en-US", timezoneId: "America/New_York" })
    ).newPage();
    page.setDefaultTimeout(30_000);
    phone.setDefaultTimeout(30_000);
    watchPages({ desktop: page, phone }, log);
  }, START);
  afterAll(async () => {
    await browser?.close().catch(() => {});
    await app?.stop();
  }, 60_000);
  scenarioSteps("lockstep-map", () => ({ desktop: page, phone }), log, () => app?.log() ?? "");

  it("desktop: orders a blitz and a landing by clicks, undoes one, locks", async () => {
    await signIn(page, app!.base, `mara-${run_}@example.com`);
    await newGame(page, app!.base, `Map ${run_}`);
    await page.getByTestId("map-germany").waitFor();
    if (DOCS) await page.screenshot({ path: join(ROOT, "docs", "map-desktop.png") });
    await orderByClicks(page);
    await shoot(page, "lockstep-map-orders-1280");
    if (DOCS) await page.screenshot({ path: join(ROOT, "docs", "map-desktop-orders.png") });
  }, 240_000);

  it("desktop: the replay shows the resolved moves on the map", async () => {
    await lockAndWatchReplay(page, "lockstep-map-replay-1280");
  }, 180_000);

  it("phone (390 px): the same flow", async () => {
    await signIn(phone, app!.base, `pia-${run_}@example.com`);
    await newGame(phone, app!.base, `Phone ${run_}`);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390); // nothing wider than the phone
    if (DOCS) await phone.screenshot({ path: join(ROOT, "docs", "map-phone.png") });
    await orderByClicks(phone);
    await lockAndWatchReplay(phone, "lockstep-map-replay-390");
  }, 300_000);
});
