// The turn review (issue 7) in the browser, for a turn with a head-on conflict, AA losses and a battle of
// two rounds, all played through the lobby and the orders editor. A plays Germany, B Russia; robots hold
// the other nations; low luck (R6.8) makes every outcome below certain:
//
// - Turn 1: Germany gathers its six aircraft in East Europe (5 fighters, 1 bomber; no battle).
// - Turn 2: Germany's East Europe stack (3 infantry, 1 armour and the six aircraft) attacks Karelia S.S.R.
//   while Russia sends 1 infantry from Karelia to East Europe.
//   · AA (R5.1): Karelia's gun fires at 6 aircraft of one order: low luck total 6 = exactly 1 hit.
//   · Head-on (R5.2b): the Axis force (land units plus the surviving aircraft whose final step is that
//     crossing) far outweighs 1 infantry (3): the Axis advance, the Russian infantry stays in Karelia.
//   · Battle (R6): the Axis fire 3 + 3 + 4 × 3 + 4 = 22 (3 sure hits, and a roll), the Allies 6 + 3 + 4 =
//     13: Russia's 5 units outlive round 1 whatever the roll, so there are at least two rounds.
//   · Capture (R5.2d): Algeria's German infantry walks into empty French West Africa (the robots hold).
// The review opens on the game's map (issue 19): stepped through in R3's order at 1440×900 and 390×844,
// its sentences are the report's, its arrows, stop point, head-on values, battle and capture are drawn.
// Then the review page of turn 2 tells all of it with rule citations, turn 3 (open) says it is not
// resolved, and the JSON of turn 2 holds the same facts.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { battleLuck, battleLuckLines, type BattleLuck } from "../../app/game/[id]/turn/luck";
import { parText, percent, worseText } from "../../app/game/[id]/turn/turn-luck-text";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";
import type { BattleReport } from "../../server/rulesets/1942/engine/report";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { countsText } from "../../app/components/format";
import { linesAbout, reviewSteps } from "../../app/game/[id]/turn/review-steps";
import type { Nation, Order, TurnReport } from "../../server/rulesets/1942/engine";
import { LONG, ROOT, SCREENSHOTS, SKIP, shoot, shootNarrow, signIn, twoPlayerSession } from "./support";
import { createClassic1942 } from "./page-trpc";

/** Screenshots for docs/ are kept there when SCREENSHOT_DOCS=1. */
const DOCS = process.env.SCREENSHOT_DOCS === "1";

const KARELIA = "karelia-s-s-r-"; // slug("Karelia S.S.R.")

describe.skipIf(SKIP)("the turn review in the browser", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  const run_ = randomBytes(3).toString("hex");
  const gameName = `Review ${run_}`;

  const session = twoPlayerSession("lockstep-review", { a: "Europe/Berlin", b: "Asia/Tokyo" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  /** Add one move in a nation's editor: counts per type, path as the editor takes it ("A, B"). */
  async function move(page: Page, nation: string, from: string, counts: Record<string, number>, path: string) {
    const s = nation.toLowerCase();
    const editor = page.getByTestId(`orders-${s}`);
    const drafted = () => editor.getByTestId(`draft-${s}`).locator("li").count();
    const before = await drafted();
    await editor.getByTestId(`move-from-${s}`).fill(from);
    for (const [type, n] of Object.entries(counts)) await editor.getByTestId(`move-count-${s}-${type}`).fill(String(n));
    await editor.getByTestId(`move-path-${s}`).fill(path);
    await editor.getByTestId(`add-move-${s}`).click();
    // In the draft before anything is saved: a save of the list as it was would keep nothing.
    await expect.poll(drafted, { message: `the move from ${from} in ${nation}'s draft` }).toBe(before + 1);
  }

  async function saveAndLock(page: Page, nation: string, expectSaved: string) {
    const s = nation.toLowerCase();
    const editor = page.getByTestId(`orders-${s}`);
    await editor.getByTestId(`save-${s}`).click();
    await expect.poll(() => editor.getByTestId(`saved-${s}`).textContent()).toContain(expectSaved);
    await page.getByTestId(`lock-${s}`).click();
    await page.getByTestId(`locked-tag-${s}`).waitFor({ state: "attached" });
  }

  /**
   * Until both pages show `turn`: each player takes the pre-filled default of every battle decision
   * of their side and locks its post-combat landings (nothing needs to move: they are safe), so no
   * phase waits out its decision deadline.
   */
  async function playOutTurn(turn: number) {
    const until = Date.now() + 300_000;
    const shows = (page: Page) => page.getByTestId("turn-number").filter({ hasText: `Turn ${turn}` }).isVisible();
    while (!((await shows(a)) && (await shows(b)))) {
      expect(Date.now(), `turn ${turn} did not open in time`).toBeLessThan(until);
      for (const page of [a, b]) {
        const accept = page.locator('form[data-testid^="decision-"] [data-testid$="-accept-default"], form[data-testid^="decision-"] [data-testid$="-fight-on"]').first();
        // The form may go as the battle moves on; a click that cannot land soon is tried again on the
        // next pass (waiting out the default 30 s would let the decision deadline pass instead).
        if (await accept.isVisible().catch(() => false)) await accept.click({ timeout: 5_000 }).catch(() => {});
      }
      // Russia's part too (nothing of it needs to move): locked, the phase closes at once, not at its deadline.
      for (const [page, nation] of [[a, "germany"], [b, "russia"]] as const) {
        const lock = page.getByTestId(`post-combat-lock-${nation}`);
        if (await lock.isVisible().catch(() => false)) await lock.click({ timeout: 5_000 }).catch(() => {});
      }
      await a.waitForTimeout(400);
    }
  }

  it("signs both players up and starts a low-luck game: A Germany, B Russia, robots hold", async () => {
    await Promise.all([signIn(a, base, `gisela-${run_}@example.com`), signIn(b, base, `bogdan-${run_}@example.com`)]); // each in its own browser context
    // A classic game (game.create): this scenario reviews the classic page's turn; the lobby's form
    // makes games played a phase at a time.
    gameId = await createClassic1942(a, base, { name: gameName, nations: ["Germany"], robots: ["United Kingdom", "Japan", "United States"], decisionHours: 0.01, lowLuck: true, robotsHold: true });
    await b.goto(`${base}/lobby`);
    await b.getByTestId(`join-${gameId}-Russia`).click();
    await b.waitForURL(new RegExp(`/game/${gameId}$`), { timeout: LONG });
    await a.goto(`${base}/game/${gameId}`);
    for (const page of [a, b]) await page.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor({ timeout: LONG });
  }, 240_000);

  it("turn 1: Germany gathers its six aircraft in East Europe", async () => {
    await move(a, "Germany", "Germany", { fighter: 1, bomber: 1 }, "East Europe");
    await move(a, "Germany", "West Europe", { fighter: 1 }, "Germany, East Europe");
    await move(a, "Germany", "Ukraine S.S.R.", { fighter: 1 }, "East Europe");
    await move(a, "Germany", "Finland Norway", { fighter: 1 }, "Baltic Sea Zone, East Europe");
    await saveAndLock(a, "Germany", "Finland Norway → Baltic Sea Zone → East Europe");
    await b.getByTestId("lock-russia").click();
    await playOutTurn(2);
  }, 360_000);

  it("turn 2 before it resolves: its review says so and reveals no order", async () => {
    await move(a, "Germany", "East Europe", { infantry: 3, armour: 1, fighter: 5, bomber: 1 }, "Karelia S.S.R.");
    await move(a, "Germany", "Algeria", { infantry: 1 }, "French West Africa");
    await saveAndLock(a, "Germany", "East Europe → Karelia S.S.R.");
    await b.goto(`${base}/game/${gameId}/turn/2`);
    expect(await b.getByTestId("review-not-resolved").textContent()).toContain("Turn 2 is not resolved yet");
    expect(await b.content()).not.toContain("East Europe → Karelia");
    const early = await b.request.get(`${base}/game/${gameId}/history/download?turn=2`);
    const earlyJson = (await early.json()) as { orders: unknown; report: unknown; story: unknown; resolved: boolean };
    expect(earlyJson).toMatchObject({ resolved: false, orders: null, report: null, story: null });
    await b.goto(`${base}/game/${gameId}`);
    await b.getByTestId("turn-number").filter({ hasText: "Turn 2" }).waitFor({ timeout: LONG });
  }, 120_000);

  it("turn 2: Germany attacks Karelia with its aircraft while a Russian infantry heads the other way", async () => {
    await move(b, "Russia", "Karelia S.S.R.", { infantry: 1 }, "East Europe");
    await saveAndLock(b, "Russia", "Karelia S.S.R. → East Europe");
    await playOutTurn(3);
    await a.getByTestId("turn-resolved-banner").getByRole("link", { name: "read what happened" }).click();
    await a.waitForURL(new RegExp(`/game/${gameId}/turn/2$`), { timeout: LONG });
  }, 420_000);

  it("the review of turn 2 opens on the map: step by step in R3's order, the sentences the report's, arrows, stop, head-on, battle, capture", async () => {
    const page = a;
    await page.setViewportSize({ width: 1440, height: 900 });
    const map = page.getByTestId("review-map");
    await map.locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    const res = await page.request.get(`${base}/game/${gameId}/history/download?turn=2`);
    const json = (await res.json()) as { orders: Partial<Record<Nation, Order[]>>; report: TurnReport };
    const { report, orders } = json;
    const steps = reviewSteps(report, orders, { lowLuck: true });
    // R3's order: AA fire, then the land moves (no sea move this turn), the land battle, …, income last.
    expect(steps.slice(0, 3).map((s) => s.id)).toEqual(["aa", "land-moves", "land-battles"]);
    expect(steps[steps.length - 1]!.id).toBe("income");
    const chips = await page.locator('ol [data-testid^="review-step-"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid));
    expect(chips).toEqual(steps.map((s) => `review-step-${s.id}`));
    const shown = () => page.getByTestId("review-step-lines").getByTestId("review-line").evaluateAll((els) => els.map((e) => (e.firstChild?.nodeName === "SPAN" ? e.childNodes[1] : e.firstChild)?.textContent ?? ""));
    const g1 = orders.Germany!.find((o) => o.from === "East Europe")!.id;
    const r1 = orders.Russia![0]!.id;
    const atStep = async (i: number) => {
      await expect.poll(() => page.getByTestId("review-step").getAttribute("data-step")).toBe(steps[i]!.id);
      // The step's sentences are the story's, in the step the report puts them (review-steps.ts).
      expect(await shown()).toEqual(steps[i]!.lines.map((l) => l.text));
    };

    // AA fire (R5.1): the flight the guns fired at, and what fell — the report's loss.
    await atStep(0);
    expect(await page.getByTestId("review-step").textContent()).toContain(`Step 1 of ${steps.length}`);
    expect(await map.getByTestId(`map-arrow-germany-${g1}`).getAttribute("data-path")).toBe("East Europe>Karelia S.S.R.");
    expect(await map.getByTestId(`review-mark-aa-${KARELIA}`).getAttribute("data-text")).toBe(`AA ✖ ${countsText(report.aa[0]!.lost)}`);
    expect(await map.getByTestId("map-territory-french-west-africa").getAttribute("data-owner")).toBe("United Kingdom");

    // Land moves: Germany's arrows, Russia's stopped where it stood, the head-on's both values, the capture by moving in.
    await page.getByTestId("review-next").click();
    await atStep(1);
    expect(await map.getByTestId(`map-arrow-russia-${r1}`).getAttribute("data-path")).toBe("Karelia S.S.R.>East Europe");
    // It lost the head-on: its arrow stops, barred, at the border it could not cross.
    expect(await map.getByTestId(`map-arrow-russia-${r1}`).getAttribute("data-turned-back")).toBe("stopped");
    expect(await page.getByTestId("review-legend").textContent()).toMatch(/moved.*stopped short/);
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-review-map-moves-1440.png") });
    expect(await map.getByTestId(`map-arrow-germany-${g1}`).count()).toBe(1);
    expect(await map.getByTestId(`review-mark-stop-${KARELIA}`).count()).toBe(0); // the bar is its stop point
    const headOn = report.conflicts.find((c) => c.kind === "head-on")!;
    const value = (team: string) => headOn.forces!.find((f) => f.team === team)!.value;
    const headOnMark = map.locator('[data-testid^="review-mark-head-on-"]');
    expect(await headOnMark.getAttribute("data-text")).toBe(`⇄ head-on: Axis ${value("Axis")} · Allies ${value("Allies")}`);
    expect(report.captures.find((c) => c.territory === "French West Africa")).toMatchObject({ to: "Germany", when: "movement" });
    expect(await map.getByTestId("map-territory-french-west-africa").getAttribute("data-owner")).toBe("Germany");
    expect(await map.getByTestId("review-mark-capture-french-west-africa").getAttribute("data-text")).toBe("⚑ captured by Germany");
    // A sentence pointed at lights its places; a place clicked shows only its sentences.
    await page.getByTestId("review-line").filter({ hasText: "head-on between" }).hover();
    await expect.poll(() => map.getByTestId("review-place-east-europe").getAttribute("data-lit")).toBe("1");
    expect(await map.getByTestId(`review-place-${KARELIA}`).getAttribute("data-lit")).toBe("1");
    expect(await map.getByTestId("review-place-french-west-africa").getAttribute("data-lit")).toBe("0");
    await page.getByTestId("review-step-lines").hover({ position: { x: 5, y: 5 } });
    await map.getByTestId("review-place-french-west-africa").dispatchEvent("click");
    await expect.poll(() => page.getByTestId("review-line").count()).toBe(linesAbout(steps[1]!, "French West Africa").length);
    expect(await page.getByTestId("review-line").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.places))).toEqual(
      linesAbout(steps[1]!, "French West Africa").map((l) => l.places.join("|")),
    );
    await page.getByTestId("review-all-places").click();

    // Land battles: the battle's marker with the report's winner, Karelia's owner the report's.
    await page.getByTestId("review-next").click();
    await atStep(2);
    const battle = report.battles.find((b) => b.territory === "Karelia S.S.R.")!;
    expect(await map.getByTestId(`review-mark-battle-${KARELIA}`).getAttribute("data-text")).toBe(`⚔ ${battle.winner} won`);
    expect(await map.getByTestId(`map-territory-${KARELIA}`).getAttribute("data-owner")).toBe(report.owners["Karelia S.S.R."]);
    expect((await shown())[0]).toMatch(/^Battle in Karelia S\.S\.R\. \(land\): the Axis attacking with Germany's 3 infantry, 1 armour, 4 fighters, 1 bomber; the Allies/);
    if (DOCS) await page.screenshot({ path: join(ROOT, "docs", "review-desktop.png") });
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-review-map-1440.png") });

    // The last step: income at each capital, the treasury the report's.
    await page.getByTestId(`review-step-${steps[steps.length - 1]!.id}`).click();
    await atStep(steps.length - 1);
    expect(await map.getByTestId("review-mark-income-germany").getAttribute("data-text")).toBe(`+${report.income.Germany} → ${report.treasury.Germany}`);
    expect(await page.getByTestId("review-next").isDisabled()).toBe(true);

    // A phone (390×844): the map above a bottom sheet that shows the step and its sentences.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await map.locator('svg[data-shapes="loaded"]').waitFor({ timeout: LONG });
    await page.getByTestId("review-step-land-moves").click();
    await atStep(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const sheet = (await page.getByTestId("review-panel").boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    expect(mapBox.height).toBeGreaterThan(400);
    expect(await page.getByTestId("review-next").isVisible()).toBe(true);
    expect(sheet.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height - 1);
    await page.getByTestId("review-next").click();
    await atStep(2);
    if (DOCS) await page.screenshot({ path: join(ROOT, "docs", "review-phone.png") });
    await page.screenshot({ path: join(SCREENSHOTS, "lockstep-review-map-390.png") });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The game screen's Replay tab opens this review of the last turn: no second map in its panel.
    await page.goto(`${base}/game/${gameId}`);
    await page.getByTestId("tab-replay").click();
    expect(await page.getByTestId("replay").getByTestId("replay-open").getAttribute("href")).toBe(`/game/${gameId}/turn/2`);
    expect(await page.getByTestId("game-panel").locator("svg[data-viewbox]").count()).toBe(0);
    await page.getByTestId("replay").getByTestId("replay-open").click();
    await page.waitForURL(new RegExp(`/game/${gameId}/turn/2$`), { timeout: LONG });
    await page.getByTestId("review-map").waitFor({ timeout: LONG });
  }, 180_000);

  it("the review of turn 2 tells the orders, AA losses, the head-on and both rounds, citing the rules", async () => {
    const page = a;
    await page.getByTestId("review-text").locator("summary").click();
    await page.getByTestId("story-section-orders").waitFor({ timeout: LONG });
    expect(await page.getByTestId("review-title").textContent()).toContain("turn 2");
    // Orders revealed, with their outcomes.
    const orders = (await page.getByTestId("story-section-orders").textContent()) ?? "";
    expect(orders).toMatch(/Russia, order \w+: 1 infantry from Karelia S.S.R. toward East Europe: stopped in Karelia S\.S\.R\.: lost a head-on crossing/);
    expect(orders).toMatch(/Germany, order \w+: 3 infantry, 1 armour, 5 fighters, 1 bomber from East Europe entered Karelia S\.S\.R\.; met Russia there: a battle followed; AA fire in Karelia S\.S\.R\. shot down 1 fighter/);
    // AA fire (R5.1) with its low-luck sum (R6.8).
    const aa = page.getByTestId("story-section-aa");
    expect(await aa.textContent()).toContain("AA guns in Karelia S.S.R. fired at Germany's 6 aircraft of order");
    expect(await aa.textContent()).toContain("total 6, 1 sure hit, no remainder — 1 hit; shot down 1 fighter");
    expect(await aa.locator("li").first().getAttribute("data-rules")).toBe("R5.1 R6.8");
    // The head-on with both forces' values and who won (R5.2b).
    const movement = (await page.getByTestId("story-section-land-movement").textContent()) ?? "";
    expect(movement).toMatch(/head-on between East Europe and Karelia S\.S\.R\. — the Axis from East Europe to Karelia S\.S\.R\., worth (\d+) \(Germany's order \w+\) against the Allies from Karelia S\.S\.R\. to East Europe, worth 3 \(Russia's order \w+\); the Axis won \1 to 3/);
    // The battle round by round: at least two, every sub-phase's fire and who chose the casualties.
    const battle = page.getByTestId(`story-battle-${KARELIA}`);
    await battle.getByTestId("story-round-1").waitFor();
    await battle.getByTestId("story-round-2").waitFor();
    const round1 = (await battle.getByTestId("story-round-1").textContent()) ?? "";
    expect(round1).toContain("General fire, the Axis: low luck: total 22, 3 sure hits; remainder 4, rolled");
    expect(round1).toContain("General fire, the Allies: low luck: total 13, 2 sure hits; remainder 1, rolled");
    expect(round1).toMatch(/The Axis took \d hits? of the general fire on .* — (chosen by Germany's player|the default for Germany)/);
    expect(round1).toMatch(/The Allies took \d hits of the general fire on .* — (chosen by Russia's player|the default for Russia)/);
    expect(round1).toContain("End of round 1");
    expect(await battle.getByTestId(`story-${`battle-${KARELIA}`}-outcome`).textContent()).toMatch(/won after \d rounds/);
    // Captures, post-combat, income and victory follow in the order of the turn (R3).
    const ids = await page.locator('[data-testid^="story-section-"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid));
    expect(ids.slice(0, 4)).toEqual(["story-section-orders", "story-section-aa", "story-section-land-movement", "story-section-land-battles"]);
    expect(ids).toContain("story-section-income");
    expect(ids[ids.length - 1]).toBe("story-section-victory");

    // Every line cites a rule; the citation quotes the rulebook in its title and its popover.
    expect(await page.locator('li[data-rules=""]').count()).toBe(0);
    const headOn = page.getByTestId("story-section-land-movement").getByTestId("rule-R5.2b").first();
    expect(await headOn.getAttribute("title")).toMatch(/^R5\.2b Head-on: When in one step hostile forces would cross one edge in opposite directions/);
    await headOn.focus();
    const tipId = (await headOn.getAttribute("aria-describedby"))!;
    const tip = page.locator(`[id="${tipId}"]`);
    expect(await tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toContain("compare their economic values");
    await shoot(page, "lockstep-review-turn-2-1280");
    await shootNarrow(page, "lockstep-review-turn-2-390");

    // Previous and next turns.
    await page.getByTestId("previous-turn").click();
    await page.waitForURL(new RegExp(`/game/${gameId}/turn/1$`));
    expect(await page.getByTestId("story-section-orders").textContent()).toContain("Finland Norway entered East Europe by way of Baltic Sea Zone");
    await page.getByTestId("next-turn").click();
    await page.waitForURL(new RegExp(`/game/${gameId}/turn/2$`));
    await page.getByTestId("next-turn").click();
    await page.waitForURL(new RegExp(`/game/${gameId}/turn/3$`));
    expect(await page.getByTestId("review-not-resolved").textContent()).toContain("Turn 3 is not resolved yet: its orders are open");
  }, 180_000);

  it("B reads the same review; the JSON of turn 2 holds the same facts; the notification links to the review", async () => {
    await b.goto(`${base}/game/${gameId}/turn/2`);
    await b.getByTestId(`story-battle-${KARELIA}`).waitFor({ state: "attached", timeout: LONG });
    const res = await b.request.get(`${base}/game/${gameId}/history/download?turn=2`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toContain(`lockstep-game-${gameId}-turn-2.json`);
    const json = (await res.json()) as {
      turn: number;
      resolved: boolean;
      orders: Record<string, unknown[]>;
      report: { aa: { hits: number }[]; conflicts: { kind: string }[]; battles: { rounds: unknown[] }[]; owners: Record<string, string> };
      story: { id: string; lines: { text: string; rules: string[] }[] }[];
    };
    expect(json).toMatchObject({ turn: 2, resolved: true });
    expect(json.orders.Germany).toHaveLength(2);
    expect(json.orders.Russia).toHaveLength(1);
    expect(json.report.aa[0]!.hits).toBe(1);
    expect(json.report.conflicts.map((c) => c.kind)).toContain("head-on");
    expect(json.report.battles[0]!.rounds.length).toBeGreaterThanOrEqual(2);
    expect(json.story.find((s) => s.id === "aa")!.lines[0]!.rules).toEqual(["R5.1", "R6.8"]);
    // The luck section places the battle on its exact distribution, in the words of luck.ts.
    const luck = battleLuck(json.report.battles[0] as unknown as BattleReport, true) as BattleLuck;
    const shown = await b.getByTestId("luck-battle").allTextContents();
    const lines = battleLuckLines(luck);
    expect(shown).toHaveLength(lines.length);
    lines.forEach((line, i) => expect(shown[i]).toContain(line));
    expect(shown[0]).toMatch(/^Germany's result in Karelia S\.S\.R\.: (better than \d+ % of the possible outcomes|no possible outcome was worse); /);
    expect(await b.getByTestId("luck-nation").count()).toBeGreaterThanOrEqual(2);
    // Turn 1 had no battle: the luck over the game so far is this turn's.
    const turnLuck = (await b.getByTestId("luck-nation").allTextContents()).map((t) => t.replace(/^This turn, /, ""));
    expect(await b.getByTestId("luck-game").allTextContents()).toEqual(turnLuck);

    // The whole-turn luck meter (issue 24): Germany's one attack, Karelia, as the report has it — the
    // only nation that attacked (the robots hold, Russia's infantry only moved). AA fire was sure (low
    // luck, 1 hit), so the battle as the report starts it is the one the odds priced: its chance is
    // that battle's exact odds, and the turns that go worse are those where it failed, if it succeeded.
    const karelia = json.report.battles[0] as unknown as BattleReport;
    const forces = (attacking: boolean) => ({ [attacking ? "Germany" : "Russia"]: Object.fromEntries(karelia.sides[attacking ? "Axis" : "Allies"].map((u) => [u.type, u.count])) });
    const p = exactOdds({ attacker: forces(true), defender: forces(false), lowLuck: true }).taken;
    const taken = json.report.owners["Karelia S.S.R."] === "Germany";
    expect(await b.getByTestId("turn-luck").locator("details[data-testid^=turn-luck-]").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.testid))).toEqual(["turn-luck-germany"]);
    const meter = b.getByTestId("turn-luck-germany");
    expect(await meter.getByTestId("turn-luck-count").textContent()).toBe(`${taken ? 1 : 0} of 1 attack succeeded`);
    const worse = taken ? 1 - p : 0;
    expect(Number(await meter.getAttribute("data-worse"))).toBeCloseTo(worse, 9);
    expect(await meter.getByTestId("turn-luck-place").textContent()).toBe(`${worseText({ worse })} · ${parText({ succeeded: taken ? 1 : 0, expected: p })}`);
    await meter.locator("summary").click();
    const attack = meter.getByTestId("turn-luck-attack");
    await attack.waitFor();
    expect(Number(await attack.getAttribute("data-p"))).toBeCloseTo(p, 9);
    expect(await attack.textContent()).toBe(`Karelia S.S.R.: ${taken ? "taken" : "not taken"} — a ${percent(p)} chance`);
    await b.setViewportSize({ width: 1440, height: 900 });
    await b.screenshot({ path: join(SCREENSHOTS, "lockstep-review-luck-1440.png") });
    await b.setViewportSize({ width: 390, height: 844 });
    await b.getByTestId("review-panel").getByTestId("sheet-toggle").click(); // the sheet opens on its top: the meter under the title
    await b.getByTestId("turn-luck").scrollIntoViewIfNeeded();
    expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await b.screenshot({ path: join(SCREENSHOTS, "lockstep-review-luck-390.png") });
    await b.setViewportSize({ width: 1280, height: 900 });
    // The review route's first-load JavaScript (its module scripts, as game-screen.test.ts measures the
    // game page's) stays under the game page's cap: the meter is plain text and a bar, loaded with it.
    const html = await (await b.request.get(`${base}/game/${gameId}/turn/2`)).text();
    const srcs = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnoModule\b/i.test(tag)).flatMap((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? []);
    let js = 0;
    for (const src of new Set(srcs)) js += gzipSync(Buffer.from(await (await b.request.get(new URL(src.replace(/&amp;/g, "&"), base).href)).body())).length;
    console.log(`review page: first-load JS ${(js / 1024).toFixed(1)} KB gzip in ${new Set(srcs).size} files`);
    expect(js).toBeGreaterThan(0);
    expect(js).toBeLessThanOrEqual(200 * 1024);

    await b.goto(`${base}/notifications`);
    const link = b.getByTestId("notifications").getByRole("link", { name: /turn 2 resolved/ }).first();
    await link.waitFor({ timeout: LONG });
    expect(await link.getAttribute("href")).toBe(`/game/${gameId}/turn/2`);
  }, 120_000);
});
