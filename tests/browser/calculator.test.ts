// The battle calculator in the browser: prefilled from its URL, priced in a Web Worker, updated as
// the form changes (and the URL with it), the numbers those of the exact odds.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exactOdds, type OddsInput } from "../../server/rulesets/1942/engine/odds";
import { type App, launchBrowser, LONG, shoot, shootNarrow, SKIP, START, startApp, watchPages } from "./support";

const pct = (p: number) => `${(p * 100).toFixed(1)} %`;

describe.skipIf(SKIP)("the battle calculator", () => {
  let app: App;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const workers: string[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]); // Chromium starts while the server does
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    watchPages({ calculator: page }, errors);
    page.on("worker", (w) => workers.push(w.url()));
  }, START);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("prices the battle of its URL in a worker, and the form's changes", async () => {
    const first: OddsInput = { attacker: { Germany: { infantry: 3, armour: 1 } }, defender: { Russia: { infantry: 3 } } };
    await page.goto(`${app.base}/calculator?a.Germany=infantry:3,armour:1&d.Russia=infantry:3`, { timeout: LONG });
    const results = page.getByTestId("odds-results");
    const odds = exactOdds(first);
    await expect.poll(() => results.getByTestId("odds-attacker-wins").textContent(), { timeout: LONG }).toBe(pct(odds.attackerWins));
    expect(await results.getByTestId("odds-territory-taken").textContent()).toBe(pct(odds.taken));
    expect(await results.getByTestId("odds-defender-wins").textContent()).toBe(pct(odds.defenderWins));
    expect(workers.length).toBeGreaterThan(0);
    await shoot(page, "calculator-wide");
    await shootNarrow(page, "calculator-narrow");

    // Five defending infantry and a fighter lost last: the odds follow, and so does the URL.
    await page.getByLabel("defender Russia infantry").fill("5");
    await page.getByText("Choices (R6.7, R6.9)").first().click();
    await page.getByLabel("attacker withdraws air after round").fill("");
    const second: OddsInput = { attacker: { Germany: { infantry: 3, armour: 1 } }, defender: { Russia: { infantry: 5 } } };
    const odds2 = exactOdds(second);
    await expect.poll(() => results.getByTestId("odds-attacker-wins").textContent(), { timeout: LONG }).toBe(pct(odds2.attackerWins));
    expect(page.url()).toContain("d.Russia=infantry%3A5");

    // The page reloaded from its own URL shows the same battle.
    await page.reload();
    await expect.poll(() => page.getByTestId("odds-results").getByTestId("odds-attacker-wins").textContent(), { timeout: LONG }).toBe(pct(odds2.attackerWins));
    expect(errors).toEqual([]);
  }, 300_000);

  it("names the units as the rest of the game does (issue 19: \"AA gun\", never the code's \"aaGun\")", async () => {
    // The defender on land may have an AA gun: its field and its survivor bars use the game's name.
    await page.goto(`${app.base}/calculator?a.Germany=fighter:2&d.Russia=infantry:1,aaGun:1`, { timeout: LONG });
    await expect.poll(() => page.getByTestId("odds-results").getByTestId("odds-attacker-wins").textContent(), { timeout: LONG }).toMatch(/%$/);
    const aa = page.getByLabel("defender Russia AA gun");
    expect(await aa.inputValue()).toBe("1");
    expect(await page.locator("body").innerText()).not.toMatch(/aaGun/);
    expect(await page.locator("body").innerText()).toMatch(/AA gun/);
  }, 120_000);
});
