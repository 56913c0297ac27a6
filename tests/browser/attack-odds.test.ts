// The odds of an attack while ordering (issue 13), in a real browser: an attack made by clicks on the
// map shows the exact odds of taking its target on the map and in the order list, priced in the odds
// worker; a second order into the same territory raises them (all orders into it combined); the
// territory's card opens the calculator filled with the attack; an aircraft flying over an enemy AA
// gun on its way is priced with that AA fire (R5.1). The panel's whole-turn lines (issue 24) show
// what turnOdds gives for the draft.
import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";
import { turnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { type App, launchBrowser, scenarioSteps, shoot, shootNarrow, signIn, SKIP, START, startApp, watchPages } from "./support";
import { clickTerritory, groupBadge, newRobotGame } from "./robot-game";

/** The label's exact chance, in per cent (its data-p), once priced. */
const percentOf = async (label: Locator) => 100 * Number((await label.getAttribute("data-p")) ?? NaN);

describe.skipIf(SKIP)("the odds of an attack while ordering", () => {
  let app: App | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const log: string[] = [];
  const run_ = randomBytes(3).toString("hex");

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]); // Chromium starts while the server does
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-GB" })).newPage();
    page.setDefaultTimeout(30_000);
    watchPages({ desktop: page }, log);
  }, START);
  afterAll(async () => {
    await browser?.close().catch(() => {});
    await app?.stop();
  }, 60_000);
  scenarioSteps("lockstep-attack-odds", () => ({ desktop: page }), log, () => app?.log() ?? "");

  it("shows the odds of taking Karelia on the map and in the order list, and fills the calculator", async () => {
    await signIn(page, app!.base, `odile-${run_}@example.com`);
    await newRobotGame(page, app!.base, `Odds ${run_}`);
    const map = page.getByTestId("map-germany");
    const panel = page.getByTestId("map-panel-germany");

    // One armour from East Europe into Karelia S.S.R. (3 Russian infantry and more defend it).
    await (await groupBadge(page, "armour", "east-europe")).click();
    await clickTerritory(page, "target", "karelia-s-s-r-");
    const label = map.getByTestId("map-odds-karelia-s-s-r-");
    await expect.poll(() => label.textContent(), { timeout: 30_000 }).toMatch(/^[<>]?\d+ %$/);
    const alone = await percentOf(label);
    const tag = panel.getByTestId("map-order-odds-m1-karelia-s-s-r-");
    expect(await tag.textContent()).toBe(`${await label.textContent()} to take Karelia S.S.R.`);

    // Three infantry join it: the same territory, one label, higher odds (the orders combined).
    // A click on the badge selects the whole stack.
    await (await groupBadge(page, "infantry", "east-europe")).click();
    await clickTerritory(page, "target", "karelia-s-s-r-");
    await expect.poll(() => percentOf(label), { timeout: 30_000 }).toBeGreaterThan(alone);
    expect(await map.getByTestId("map-odds-karelia-s-s-r-").count()).toBe(1);
    const both = await percentOf(label);
    expect(await panel.getByTestId("map-order-odds-m2-karelia-s-s-r-").textContent()).toBe(`${await label.textContent()} to take Karelia S.S.R.`);

    // The whole turn (issue 24): each line of the panel is turnOdds' figure for this draft on the opening board.
    const draft = [
      { id: "m1", units: { armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
      { id: "m2", units: { infantry: 3 }, from: "East Europe", path: ["Karelia S.S.R."] },
    ];
    const whole = turnOdds({ state: createState(DEFAULT_BOARD, DEFAULT_SETUP), orders: { Germany: draft } });
    const lines = [
      { id: "karelia-s-s-r-", text: "Take Karelia S.S.R.", p: whole.probability({ owned: "Karelia S.S.R.", team: "Axis" }) },
      { id: "keep-germany", text: "Keep Germany", p: whole.probability({ owned: "Germany", team: "Axis" }) },
    ];
    for (const line of lines) {
      const shown = panel.getByTestId(`turn-odds-germany-${line.id}`);
      await expect.poll(async () => Math.abs(Number((await shown.getAttribute("data-p")) ?? NaN) - line.p), { timeout: 30_000 }).toBeLessThan(1e-9);
      expect(await shown.textContent()).toBe(`${line.text}: ${Math.round(100 * line.p)} %`);
    }
    await panel.getByTestId("turn-odds-germany").scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-attack-odds-1440");
    await shootNarrow(page, "lockstep-attack-odds-390");
    // On a phone the panel is a sheet under the map: the whole-turn lines scrolled into it.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByTestId("turn-odds-germany").scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-turn-odds-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // Undo the armour: the odds fall back below the combined ones.
    await panel.getByTestId("map-undo-m1").click();
    await expect.poll(() => percentOf(label), { timeout: 30_000 }).toBeLessThan(both);
    const infantryOnly = await percentOf(label);

    // "Fill from this territory": the card's link carries the attack to the calculator.
    await map.getByTestId("map-territory-karelia-s-s-r-").dispatchEvent("click");
    const link = map.getByTestId("territory-card-calculator");
    const href = (await link.getAttribute("href"))!;
    expect(decodeURIComponent(href)).toContain("a.Germany=infantry:3");
    expect(decodeURIComponent(href)).toContain("d.Russia=");
    await page.goto(`${app!.base}${href}`);
    // The calculator prices the same battle: its "territory taken" shows the map's chance to one decimal.
    const taken = page.getByTestId("odds-results").getByTestId("odds-territory-taken");
    await expect.poll(() => taken.textContent(), { timeout: 60_000 }).toMatch(/\d/);
    expect(Math.abs(Number(/[\d.]+/.exec((await taken.textContent())!)![0]) - infantryOnly)).toBeLessThanOrEqual(0.051);
    await shoot(page, "lockstep-attack-odds-calculator");
  }, 240_000);

  it("prices AA fire on the way: a fighter flying over Karelia's AA gun to Caucasus (R5.1)", async () => {
    await newRobotGame(page, app!.base, `Odds over ${run_}`);
    const map = page.getByTestId("map-germany");
    // Two armour from Ukraine S.S.R. into Caucasus (5 Russian infantry, no AA gun there).
    await (await groupBadge(page, "armour", "ukraine-s-s-r-")).click();
    await clickTerritory(page, "target", "caucasus");
    const label = map.getByTestId("map-odds-caucasus");
    await expect.poll(() => label.textContent(), { timeout: 30_000 }).toMatch(/^[<>]?\d+ %$/);
    const defender = { Russia: { infantry: 5 } };
    const armourOnly = exactOdds({ attacker: { Germany: { armour: 2 } }, defender, sea: false }).taken;
    expect(Math.abs(Number(await label.getAttribute("data-p")) - armourOnly)).toBeLessThan(1e-9);

    // The fighter of Finland Norway joins: its path crosses Karelia S.S.R., whose AA gun fires once.
    await (await groupBadge(page, "fighter", "finland-norway")).click();
    await clickTerritory(page, "target", "caucasus");
    const attacker = { Germany: { armour: 2, fighter: 1 } };
    const shotAt = exactOdds({ attacker, defender, sea: false, flights: [{ nation: "Germany", aircraft: { fighter: 1 }, aaFire: 1 }] }).taken;
    const unharmed = exactOdds({ attacker, defender, sea: false }).taken;
    expect(unharmed - shotAt).toBeGreaterThan(0.001);
    await expect.poll(async () => Math.abs(Number(await label.getAttribute("data-p")) - shotAt), { timeout: 30_000 }).toBeLessThan(1e-9);
    expect(await map.locator("[data-path]").evaluateAll((ps) => ps.map((p) => p.getAttribute("data-path")))).toContain("Finland Norway>Karelia S.S.R.>Caucasus");
    // The order list shows the same chance beside each order into Caucasus.
    const panel = page.getByTestId("map-panel-germany");
    for (const id of ["m1", "m2"]) expect(await panel.getByTestId(`map-order-odds-${id}-caucasus`).textContent()).toBe(`${await label.textContent()} to take Caucasus`);
    await shoot(page, "lockstep-attack-odds-fly-over");
  }, 240_000);
});
