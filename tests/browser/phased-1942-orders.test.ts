// The orders phase of a 1942 game played a phase at a time, on the 1942 map in the platform's frame
// (issue 21; app/games/1942/orders): the player selects a stack on the map, moves it to a destination
// the rules give (play.ask), buys a unit and places it, saves (play.save: the batch stored is what was
// done on the map), locks, and the turn moves on to its next phase (the robots lock at once). The
// whole flow once on a desktop (1440×900) and once on a phone (390×844, the panel a bottom sheet).
// Then the same without the map: the list view's forms (orders-list-view.tsx, the classic page's) add a
// move and a purchase, save and lock through play.*, and the map shows what the server holds.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clickTerritory, groupBadge } from "./robot-game";
import { createPhased1942, pageTrpc } from "./page-trpc";
import { LONG, SKIP, onePageSession, shoot, signIn, transitionsDone, whenHydrated } from "./support";

type Saved = { saved: Record<string, unknown>[] | null; phase: { locked: string[] } | null };

/** Germany's saved batch of the phase in play, as play.get gives it to its player. */
const savedBatch = async (page: Page, gameId: number): Promise<Saved["saved"]> => (await pageTrpc<Saved>(page, "play.get", { gameId }, "GET")).saved;

/** On a phone the panel is a bottom sheet: opened before its controls are used. */
async function openSheet(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  const toggle = page.getByTestId("sheet-toggle");
  if ((await toggle.getAttribute("aria-expanded")) === "true") return;
  await toggle.click();
  await expect.poll(() => toggle.getAttribute("aria-expanded"), { timeout: LONG }).toBe("true");
  await transitionsDone(page);
}

async function closeSheet(page: Page, phone: boolean): Promise<void> {
  if (!phone) return;
  const toggle = page.getByTestId("sheet-toggle");
  if ((await toggle.getAttribute("aria-expanded")) === "false") return;
  await toggle.click();
  await expect.poll(() => toggle.getAttribute("aria-expanded"), { timeout: LONG }).toBe("false");
  await transitionsDone(page);
}

async function ordersOnTheMap(page: Page, base: string, run: string, phone: boolean): Promise<void> {
  const tag = phone ? "narrow" : "wide";
  const gameId = await createPhased1942(page, `Phased map ${tag} ${run}`);
  await page.goto(`${base}/game/${gameId}`);
  await page.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
  // The 1942 map, not the JSON screen, in the frame's orders phase.
  const map = page.getByTestId("map-germany");
  await map.waitFor({ timeout: LONG });
  expect(await page.getByTestId("json-screen").count()).toBe(0);
  expect(await page.getByTestId("game-phase").textContent()).toContain("Orders");
  const panel = page.getByTestId("map-panel-germany");
  await whenHydrated(panel);

  // The whole stack of infantry in East Europe, to Germany: a destination the rules gave (play.ask).
  await closeSheet(page, phone);
  await (await groupBadge(page, "infantry", "east-europe")).click();
  await map.getByTestId("map-target-germany").waitFor({ state: "attached", timeout: LONG });
  if (phone) {
    // The stack picked on the map: the sheet's peek scrolls to the selection (its counts, then its
    // destinations), the sheet stays at its peek and the map stays free for the destination's tap.
    await expect
      .poll(() => panel.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const sheet = el.closest("aside")!.getBoundingClientRect();
        return r.top >= sheet.top - 1 && r.top < window.innerHeight - 80;
      }), { timeout: LONG })
      .toBe(true);
    expect(await page.getByTestId("sheet-toggle").getAttribute("aria-expanded")).toBe("false");
    await shoot(page, "lockstep-phased-1942-orders-picked-390");
  }
  await clickTerritory(page, "target", "germany");
  await openSheet(page, phone);
  const move = panel.getByTestId("map-order-m1");
  await expect.poll(() => move.textContent(), { timeout: LONG }).toContain("East Europe → Germany");

  // One infantry bought and placed in Germany (its factory), where the rules allow it (R4.10).
  await panel.getByTestId("map-purchases-germany").locator("summary").click();
  const money = panel.getByTestId("map-money-left-germany");
  await expect.poll(() => money.textContent(), { timeout: LONG }).toMatch(/^\d+$/);
  const before = Number(await money.textContent());
  await panel.getByTestId("map-place-germany-infantry").selectOption({ label: "Germany" });
  await panel.getByTestId("map-buy-germany-infantry").click();
  await expect.poll(() => panel.getByTestId("map-bought-germany-infantry").textContent(), { timeout: LONG }).toBe("1");
  await expect.poll(() => money.textContent(), { timeout: LONG }).toBe(String(before - 3));
  expect(await panel.getByTestId("map-order-list-germany").textContent()).toContain("Germany");

  // Saved: the batch stored is what was done on the map.
  await panel.getByTestId("map-save-germany").click();
  await expect.poll(() => panel.getByTestId("map-save-message-germany").textContent(), { timeout: LONG }).toBe("Saved 2 orders.");
  const saved = await savedBatch(page, gameId);
  expect(saved).toHaveLength(2);
  expect(saved).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ from: "East Europe", path: ["Germany"], units: { infantry: 3 } }),
      expect.objectContaining({ type: "infantry", count: 1, destination: "Germany" }),
    ]),
  );
  await closeSheet(page, phone);
  await shoot(page, `lockstep-phased-1942-map-${tag}`);
  await openSheet(page, phone);

  // Locked (the units left without orders hold: "Lock anyway"): the robots have locked, so the orders
  // phase resolves and the frame moves on to the turn's next phase, or to turn 2.
  const lock = panel.getByTestId("map-lock-germany");
  await lock.click();
  await expect.poll(() => lock.textContent(), { timeout: LONG }).toBe("Lock anyway");
  await lock.click();
  await expect
    .poll(async () => `${await page.getByTestId("game-turn").textContent()}`, { timeout: LONG })
    .toMatch(/Turn 2|battles|Post-combat/);
  await closeSheet(page, phone);
  await shoot(page, `lockstep-phased-1942-map-${tag}-next`);
}

/** Every order through the list view's forms: a move and a purchase added, saved, locked; the map shows them. */
async function ordersInTheList(page: Page, base: string, run: string, phone: boolean): Promise<void> {
  const tag = phone ? "narrow" : "wide";
  // Japan is the player's too and does not lock: Germany's locked batch stays in the open phase to be read.
  const gameId = await createPhased1942(page, `Phased list ${tag} ${run}`, ["Germany", "Japan"]);
  await page.goto(`${base}/game/${gameId}`);
  await page.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
  await page.getByTestId("map-germany").waitFor({ timeout: LONG });
  await openSheet(page, phone);
  const toggle = page.getByTestId("list-view-germany");
  await whenHydrated(toggle);
  // The player's choice is kept in the browser: opened once, the list stays open.
  if ((await toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)) === false) await toggle.click();
  const editor = page.getByTestId("orders-germany");
  await editor.waitFor({ timeout: LONG });

  // Two of East Europe's infantry to Germany (a part of the stack), then one infantry bought for Germany.
  await editor.getByTestId("move-from-germany").fill("East Europe");
  await editor.getByTestId("move-count-germany-infantry").fill("2");
  await editor.getByTestId("move-path-germany").fill("Germany");
  await editor.getByTestId("add-move-germany").click();
  await editor.getByTestId("purchase-type-germany").selectOption("infantry");
  await editor.getByTestId("purchase-count-germany").fill("1");
  await editor.getByTestId("purchase-destination-germany").fill("Germany");
  await editor.getByTestId("add-purchase-germany").click();
  const entered = [
    { id: "m1", from: "East Europe", path: ["Germany"], units: { infantry: 2 } },
    { id: "p2", type: "infantry", count: 1, destination: "Germany" },
  ];
  await expect.poll(() => editor.getByTestId("draft-germany").locator("li > div > span").allTextContents(), { timeout: LONG }).toEqual(["m1 2 infantry: East Europe → Germany", "p2 Buy 1 infantry at Germany"]);
  await editor.getByTestId("move-form-germany").scrollIntoViewIfNeeded();
  await shoot(page, `lockstep-phased-1942-list-${tag}-forms`);
  // One draft: the map's list has them before they are saved.
  const mapList = page.getByTestId("map-order-list-germany");
  expect(await mapList.locator("li > span:first-child").allTextContents()).toEqual(["m1 2 infantry: East Europe → Germany", "p2 Buy 1 infantry at Germany"]);

  await editor.getByTestId("save-germany").click();
  await expect.poll(() => editor.getByTestId("save-message-germany").textContent(), { timeout: LONG }).toBe("Saved 2 orders.");
  expect((await savedBatch(page, gameId))).toEqual(entered);
  const lock = editor.getByTestId("lock-germany");
  await expect.poll(() => lock.isEnabled(), { timeout: LONG }).toBe(true);
  await lock.click();
  await editor.getByTestId("locked-tag-germany").waitFor({ timeout: LONG });
  const held = await pageTrpc<Saved>(page, "play.get", { gameId }, "GET");
  expect(held.phase?.locked).toContain("Germany");
  expect(held.saved).toEqual(entered);
  // Locked: the forms are gone, the saved list is what was entered.
  expect(await editor.getByTestId("move-form-germany").count()).toBe(0);
  expect(await editor.getByTestId("saved-germany").locator("li").allTextContents()).toEqual(["m1 2 infantry: East Europe → Germany", "p2 Buy 1 infantry at Germany"]);
  await shoot(page, `lockstep-phased-1942-list-${tag}`);

  // The page again, from the server: the map draws the saved move and lists both orders.
  await page.reload();
  const map = page.getByTestId("map-germany");
  await map.locator('svg[data-zoom="ready"]').waitFor({ timeout: LONG });
  await expect.poll(() => map.getByTestId("map-arrow-m1").getAttribute("data-path"), { timeout: LONG }).toBe("East Europe>Germany");
  expect(await page.getByTestId("map-order-list-germany").locator("li > span:first-child").allTextContents()).toEqual(["m1 2 infantry: East Europe → Germany", "p2 Buy 1 infantry at Germany"]);
  await page.getByTestId("map-locked-tag-germany").waitFor({ timeout: LONG });
  await closeSheet(page, phone);
  await shoot(page, `lockstep-phased-1942-list-${tag}-map`);
}

describe.skipIf(SKIP)("the orders phase of a phased 1942 game on the map", () => {
  const session = onePageSession("lockstep-phased-1942-map", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  it("is ordered on the map on a desktop: select, move, buy and place, save, lock, next phase", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `uma-${run}@example.com`);
    await ordersOnTheMap(page, app.base, run, false);
  }, 600_000);

  it("is ordered the same on a phone, the panel in the bottom sheet", async () => {
    const { page, app } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await ordersOnTheMap(page, app.base, run, true);
  }, 600_000);

  it("is ordered without the map on a desktop: the list view's forms add a move and a purchase, save, lock", async () => {
    const { page, app } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    await ordersInTheList(page, app.base, run, false);
  }, 600_000);

  it("is ordered the same in the list on a phone", async () => {
    const { page, app } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await ordersInTheList(page, app.base, run, true);
  }, 600_000);
});
