// What a newcomer reads first: the home page says what the game is (with a picture of the map) and
// links to the rules and "how to play"; /rules shows the turn order, the unit table and every rule by
// id as text. At desktop and phone widths, with no horizontal scrolling on the phone.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { RULES_TEXT } from "../../app/rules/rules-text";
import { SKIP, onePageSession, shoot, type App } from "./support";

describe.skipIf(SKIP)("home, rules and how to play", () => {
  let app: App;
  let page: Page;
  const session = onePageSession("lockstep-rules", { width: 1440, height: 900 });
  const browserLog = session.browserLog;
  beforeAll(() => {
    ({ app, page } = session);
  });

  it("the home page says what the game is, shows the map and links to the rules", async () => {
    await page.goto(`${app.base}/`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Lockstep");
    expect(await page.locator(".lead").first().textContent()).toMatch(/orders at the same time/);
    const picture = page.getByRole("img", { name: /map of 1942/ });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1232);
    expect((await picture.boundingBox())!.width).toBeGreaterThan(500);
    await shoot(page, "lockstep-home-desktop");
    await page.getByRole("main").getByRole("link", { name: "How to play" }).click();
    await page.getByTestId("how-to-play").waitFor();
    const howTo = (await page.getByTestId("how-to-play").textContent()) ?? "";
    expect(howTo).toMatch(/Save, then lock/);
    // R6.7: only submarines (submerging) and aircraft (withdrawing) leave a battle, and it says why land units cannot.
    expect(howTo).not.toMatch(/or a retreat/);
    expect(howTo).toMatch(/submarines may submerge/);
    expect(howTo).toMatch(/aircraft may withdraw/);
    expect(howTo).toMatch(/Land units and surface ships never retreat: two retreats could meet in one territory/);
    await page.getByTestId("how-to-play").getByRole("link", { name: "rules page" }).click();
    await page.getByTestId("rules-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/rules");
  });

  it("/rules shows the turn order, the unit table and every rule as text", async () => {
    const steps = await page.getByTestId("turn-order").locator("li > strong").allTextContents();
    expect(steps).toEqual(["Orders", "Combat", "Post-combat", "Place-new", "Income and victory"]);
    const table = page.getByTestId("unit-table");
    expect(await table.locator("tbody tr").count()).toBe(13);
    expect(await table.locator('tr[data-unit="battleship"] td').allTextContents()).toEqual(["20", "4", "4", "2", "2", "sea", expect.stringContaining("2 hits")]);
    expect(await table.locator('tr[data-unit="aaGun"] td').nth(1).textContent()).toBe("–");
    // Every rule of the rulebook, by its id, with its text.
    for (const id of ["R3.1", "R5.2a", "R6.9", "R8.6"]) {
      const rule = page.locator(`[id="${id}"]`);
      expect(await rule.locator("dt").textContent()).toContain(RULES_TEXT[id]!.title);
      expect(await rule.locator("dd").textContent()).toBe(RULES_TEXT[id]!.text);
    }
    expect(await page.locator("dl > div[id]").count()).toBe(Object.keys(RULES_TEXT).filter((k) => k.includes(".")).length);
    // The rule links of the turn order jump to the chapter.
    await page.getByTestId("turn-order").getByRole("link", { name: "R7" }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe("#R7");
    await shoot(page, "lockstep-rules-desktop");
  });

  it("reads on a phone without sideways scrolling; the header links to both pages", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/", "/rules", "/how-to-play"]) {
      await page.goto(`${app.base}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const nav = page.getByRole("navigation", { name: "Game rules" });
      expect(await nav.getByRole("link").allTextContents()).toEqual(["How to play", "Rules"]);
    }
    await page.goto(`${app.base}/`);
    await shoot(page, "lockstep-home-phone");
    expect(browserLog).toEqual([]);
  });
});
