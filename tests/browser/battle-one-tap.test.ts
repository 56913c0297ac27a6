// A battle fought with one tap, at 1440×900: A plays Germany (every other nation is a robot that
// holds) and attacks Karelia S.S.R. from East Europe and Finland Norway with 6 infantry and 2 armour;
// Russia's robot defends with 3 infantry, armour and fighter. Low luck (R6.8): the Axis fire 12 (two
// sure hits a round), the Allies 13 (two sure hits and a roll), so Germany has a real choice (infantry
// or armour) in round 1 and again in round 2. The decision deadline is a day, so no default can step in.
//
// A picks "Keep my armour" and taps "Resolve with my preferences" once in round 1: every later German
// choice follows the preference without asking, the turn resolves, and the battle's record names each
// German choice as the player's (or as the only legal one), with infantry lost before armour.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { LONG, SCREENSHOTS, SKIP, onePageSession, shoot, shootNarrow, signIn } from "./support";
import { attackByList } from "./robot-game";

const KARELIA = "karelia-s-s-r-"; // slug("Karelia S.S.R.")

describe.skipIf(SKIP)("a battle fought with one tap", () => {
  let base = "";
  let a: Page;
  const run_ = randomBytes(3).toString("hex");
  const gameName = `One tap ${run_}`;
  const session = onePageSession("lockstep-one-tap", { width: 1440, height: 900 }, { listView: true });
  beforeAll(() => {
    ({ page: a, app: { base } } = session);
  });

  it("A makes a low-luck game against robots and orders the attack on Karelia from two territories", async () => {
    await signIn(a, base, `tapper-${run_}@example.com`);
    await attackByList(a, base, gameName, "Karelia S.S.R.", [
      ["East Europe", { infantry: 3, armour: 1 }],
      ["Finland Norway", { infantry: 3, armour: 1 }],
    ]);
  }, 240_000);

  it("one tap on 'Resolve with my preferences' fights the rest of the battle: no later question, the turn resolves", async () => {
    const first = a.getByTestId(`decision-${KARELIA}-1-general-axis`);
    await first.waitFor({ timeout: LONG });
    const prefs = a.getByTestId(`prefs-${KARELIA}`);
    await prefs.getByTestId(`prefs-${KARELIA}-order`).selectOption("keep-armour");
    await expect.poll(() => prefs.getByTestId(`prefs-${KARELIA}-order`).isEnabled()).toBe(true);
    await prefs.scrollIntoViewIfNeeded();
    await a.screenshot({ path: join(SCREENSHOTS, "lockstep-one-tap-panel-1440.png") });
    await shoot(a, "lockstep-one-tap-1440");
    await shootNarrow(a, "lockstep-one-tap-390");
    await prefs.getByTestId(`prefs-${KARELIA}-resolve`).click();

    // From the tap on, Germany is never asked again: no German decision form appears until the turn resolves.
    const axisForms = a.locator(`form[data-testid^="decision-${KARELIA}-"][data-testid$="-axis"]`);
    await first.waitFor({ state: "detached", timeout: LONG });
    const until = Date.now() + 120_000;
    while (!(await a.getByTestId("turn-resolved-banner").isVisible())) {
      expect(Date.now(), "the turn did not resolve in time").toBeLessThan(until);
      expect(await axisForms.count(), "Germany was asked again after the one tap").toBe(0);
      await a.getByTestId("turn-resolved-banner").waitFor({ timeout: 1_000 }).catch(() => {});
    }
    expect(await a.getByTestId("turn-resolved-banner").textContent()).toContain("Turn 1 resolved");
  }, 180_000);

  it("the record shows two rounds or more, each German choice the player's (or the only legal one), armour kept", async () => {
    const strip = a.getByTestId("recent-battles");
    await strip.waitFor({ timeout: LONG });
    if (!(await strip.locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await strip.locator("summary strong").first().click();
    const battle = strip.getByTestId(`battle-${KARELIA}`);
    await battle.waitFor({ timeout: LONG });
    const rounds = battle.locator('[data-testid^="round-"]');
    expect(await rounds.count()).toBeGreaterThanOrEqual(2);
    const german = battle.locator('[data-testid^="choice-"][data-chooser="Germany"]');
    const by = await german.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.by));
    expect(by.filter((x) => x === "player").length).toBeGreaterThanOrEqual(2); // round 1 and round 2, both by the preference
    expect(by.every((x) => x === "player" || x === "forced")).toBe(true);
    // Round 1: two or three hits, taken by infantry alone (the armour is kept).
    expect(await battle.getByTestId("round-1").textContent()).toMatch(/Axis: lost [23] infantry(?!, \d armour)/);
    await shoot(a, "lockstep-one-tap-after-1440");
  }, 120_000);
});
