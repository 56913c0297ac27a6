// The turn review of a 1942 game played a phase at a time (issue 21; docs/platform.md "The page"): the
// turn told on the 1942 map as a classic game's review tells it, in the platform's frame. One player
// holds Germany and Russia (so the battle's choices wait for a player, and the turn has battles
// phases); robots hold the other three. Through the API (play.save, play.lock): Germany attacks
// Karelia S.S.R. with 3 infantry and 1 armour, Russia orders nothing, every later phase is locked with
// its defaults. Low luck (R6.8): Karelia's defenders (at least Russia's own, whatever the robots do)
// fire 13 or more — two sure hits — against Germany's 6, one sure hit on five or more units, so round 1
// never ends the battle and a battles phase always opens. Every check is read off the turn's report:
// the steps in R3's order, each step's sentences, Germany's arrow, the battle's mark and Karelia's owner.
// On the game's page, turn 1's battles are over the tabs (the whole turn's report's, every one with its
// outcome, not the orders phase's combat so far) and its Replay tab opens the review, whose luck over
// the game is priced from every turn's whole report. Screenshots at 1440×900 and 390×844.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { battleLuck, luckLine, nationLuck, type BattleLuck } from "../../app/game/[id]/turn/luck";
import { reviewSteps } from "../../app/game/[id]/turn/review-steps";
import type { Nation, Order, TurnReport } from "../../server/rulesets/1942/engine";
import { createPhased1942, pageTrpc } from "./page-trpc";
import { sheet } from "./phased-1942-page";
import { LONG, SCREENSHOTS, SKIP, onePageSession, signIn } from "./support";

const KARELIA = "karelia-s-s-r-"; // slug("Karelia S.S.R.")
const ATTACK = { id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] };

type PlayView = { turn: number; phase: { status: string; sides: string[]; locked: string[] } | null };

describe.skipIf(SKIP)("the turn review of a 1942 game played a phase at a time", () => {
  const session = onePageSession("lockstep-phased-1942-review", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  it("tells the turn on the 1942 map: its arrows and battle, step by step, the sentences the report's", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `vera-${run}@example.com`);
    const gameId = await createPhased1942(page, `Phased review ${run}`, ["Germany", "Russia"]);
    expect(await pageTrpc(page, "play.save", { gameId, side: "Germany", phase: "orders", orders: [ATTACK] })).toEqual({ ok: true });
    // Turn 1 to its end: whatever phase is open, each of the player's sides that acts in it locks (a
    // battles or post-combat phase with nothing saved: its defaults, R6.9, R7.4); the robots lock at once.
    const until = Date.now() + 300_000;
    for (;;) {
      const view = await pageTrpc<PlayView>(page, "play.get", { gameId }, "GET");
      if (view.turn > 1) break;
      expect(Date.now(), "turn 1 did not resolve in time").toBeLessThan(until);
      if (view.phase?.status === "open")
        for (const side of ["Germany", "Russia"]) if (view.phase.sides.includes(side) && !view.phase.locked.includes(side)) await pageTrpc(page, "play.lock", { gameId, side });
      await page.waitForTimeout(300);
    }
    const review = await pageTrpc<{ resolved: boolean; report: TurnReport; orders: Partial<Record<Nation, Order[]>>; phases: unknown[] | null; luck: unknown[] | null }>(page, "play.review", { gameId, turn: 1 }, "GET");
    expect(review.resolved).toBe(true);
    // Orders, then at least one battles phase: the turn's report is the whole turn's, assembled from them.
    expect(review.phases!.length).toBeGreaterThan(1);
    const { report, orders } = review;
    const battle = report.battles.find((b) => b.territory === "Karelia S.S.R.")!;
    expect(battle.rounds.length).toBeGreaterThanOrEqual(2);
    const steps = reviewSteps(report, orders, { lowLuck: true });
    // The strip's words for each of the turn's battles: where, and who won (the winner's team, or none).
    const chipsOf = (r: TurnReport) => r.battles.map((b, i) => `${i > 0 ? ", " : ""}${b.territory}${b.winner ? ` (${b.winner === "none" ? "no winner" : `${b.winner} won`})` : ""}`);
    const strip = async () => {
      const recent = page.getByTestId("recent-battles");
      await recent.waitFor({ timeout: LONG });
      expect(await recent.locator("summary strong").first().textContent()).toBe(`Battles of turn 1 (${report.battles.length}):`);
      expect(await recent.locator('[data-testid^="recent-battle-chip-"]').allTextContents()).toEqual(chipsOf(report));
    };

    // The game's page (turn 2's orders): turn 1's battles over the tabs, its review a Replay tab away.
    await page.goto(`${app.base}/game/${gameId}/play`);
    await strip();
    await page.getByTestId("ruleset-game").locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-phased-1942-strip-1440.png") });
    await page.getByTestId("tab-replay").click();
    expect(await page.getByTestId("replay").locator("h2").textContent()).toBe("Replay of turn 1");
    await page.getByTestId("replay-open").click();
    await page.getByTestId("ruleset-review").waitFor({ timeout: LONG });
    expect(new URL(page.url()).pathname).toBe(`/game/${gameId}/turn/1`);
    const map = page.getByTestId("review-map");
    await map.locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    expect(await page.getByTestId("review-title").textContent()).toContain("turn 1");
    // The steps of the turn in R3's order, as the classic review walks a turn.
    const chips = await page.locator('ol [data-testid^="review-step-"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid));
    expect(chips).toEqual(steps.map((s) => `review-step-${s.id}`));
    const shown = () => page.getByTestId("review-step-lines").getByTestId("review-line").evaluateAll((els) => els.map((e) => (e.firstChild?.nodeName === "SPAN" ? e.childNodes[1] : e.firstChild)?.textContent ?? ""));
    // Every step, one after the other: its name, its sentences (the story's, review-steps.ts), its map.
    for (let i = 0; i < steps.length; i++) {
      if (i > 0) await page.getByTestId("review-next").click();
      await expect.poll(() => page.getByTestId("review-step").getAttribute("data-step"), { timeout: LONG }).toBe(steps[i]!.id);
      expect(await page.getByTestId("review-step").textContent()).toContain(`Step ${i + 1} of ${steps.length}`);
      expect(await shown()).toEqual(steps[i]!.lines.map((l) => l.text));
      if (steps[i]!.id === "land-moves") expect(await map.getByTestId(`map-arrow-germany-${ATTACK.id}`).getAttribute("data-path")).toBe("East Europe>Karelia S.S.R.");
      if (steps[i]!.id === "land-battles") {
        expect(await map.getByTestId(`review-mark-battle-${KARELIA}`).getAttribute("data-text")).toBe(`⚔ ${battle.winner} won`);
        expect(await map.getByTestId(`map-territory-${KARELIA}`).getAttribute("data-owner")).toBe(report.owners["Karelia S.S.R."]);
        // The robots' battles are told beside it, each in its own sentences.
        expect((await shown()).filter((l) => /^Battle in Karelia S\.S\.R\. \(land\): the Axis attacking with Germany's 3 infantry, 1 armour; the Allies/.test(l))).toHaveLength(1);
        await page.screenshot({ path: join(SCREENSHOTS, "lockstep-phased-1942-review-1440.png") });
      }
    }
    expect(await page.getByTestId("review-next").isDisabled()).toBe(true);
    // The luck over the turn, priced from the whole turn (issue 24), and the story as text.
    expect(review.luck).not.toBeNull();
    await page.getByTestId("review-text").locator("summary").click();
    await page.getByTestId(`story-battle-${KARELIA}`).getByTestId("story-round-2").waitFor({ timeout: LONG });
    // The luck over the game (turns 1–1): every battle of every turn's whole report, priced as the classic review prices it.
    const all = await pageTrpc<{ gameReports: TurnReport[] }>(page, "play.review", { gameId, turn: 1, boards: false, gameReports: true }, "GET");
    expect(all.gameReports).toEqual([report]);
    const gameLuck = nationLuck(all.gameReports.flatMap((r) => r.battles).map((b) => battleLuck(b, true)).filter((p): p is BattleLuck => "actual" in p)).map(luckLine);
    expect(gameLuck.length).toBeGreaterThan(0);
    const shownLuck = await page.getByTestId("luck-game").allTextContents();
    expect(shownLuck).toHaveLength(gameLuck.length);
    gameLuck.forEach((line, i) => expect(shownLuck[i]).toContain(line));

    // A phone (390×844): the map fills the window above the frame's sheet, the step control in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await map.locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    await page.getByTestId("review-step-land-battles").click();
    await expect.poll(() => page.getByTestId("review-step").getAttribute("data-step"), { timeout: LONG }).toBe("land-battles");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const mapBox = (await map.boundingBox())!;
    expect(mapBox.height).toBeGreaterThan(400);
    expect(await page.getByTestId("review-next").isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-phased-1942-review-390.png") });
    // The game's page on a phone: the sheet opens on the orders, the strip after the tabs as on the
    // classic page, the Replay tab beside the others.
    await page.goto(`${app.base}/game/${gameId}/play`);
    await page.getByTestId("ruleset-game").locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    await sheet(page, true);
    await strip();
    const recent = page.getByTestId("recent-battles");
    expect(await recent.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(await page.getByTestId("tab-orders").evaluate((el) => el.getBoundingClientRect().top));
    await recent.scrollIntoViewIfNeeded();
    expect(await recent.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-phased-1942-strip-390.png") });
    await page.getByTestId("tab-replay").click();
    await page.getByTestId("replay-open").click();
    await page.getByTestId("ruleset-review").waitFor({ timeout: LONG });
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 600_000);
});
