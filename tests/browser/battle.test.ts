// An interactive land battle in the browser (R6): A plays Germany and attacks Karelia S.S.R. with 3
// infantry and 1 armour; B plays Russia, whose 3 infantry, armour and fighter defend it. Robots play the
// other nations (they hold). Low luck is on (R6.8) and the decision deadline is 0.006 h (~22 s).
//
// Under low luck the Axis fire 6 (one sure hit a round) and the Allies 13 (two sure hits and a roll):
// the battle always lasts at least two rounds and A is always asked in round 1 (2 or 3 hits on four
// units of two kinds). A changes the pre-filled default by hand and takes the default afterwards; B
// never decides, so every Russian decision takes the default at the deadline (the in-app worker sweeps
// every 2 s). Both pages follow the battle live, without a reload; the history shows every round, who
// chose, and the "Verify dice" button replays the turn.
//
// Same harness as game-loop.test.ts (see support.ts): PGlite by default, Postgres with DATABASE_URL.
import { createHash, randomBytes } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, countNavigations, shoot, shootNarrow, signIn, twoPlayerSession } from "./support";
import { createClassic1942 } from "./page-trpc";

const KARELIA = "karelia-s-s-r-"; // slug("Karelia S.S.R.")

describe.skipIf(SKIP)("an interactive battle in the browser", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  let commitment = "";
  let navigationsA: () => number = () => 0;
  let navigationsB: () => number = () => 0;
  const run_ = randomBytes(3).toString("hex");
  const emailA = `gerda-${run_}@example.com`;
  const emailB = `boris-${run_}@example.com`;
  const gameName = `Karelia ${run_}`;

  // Two players in two time zones: each sees deadlines in their own.
  const session = twoPlayerSession("lockstep-battle", { a: "Europe/Berlin", b: "America/New_York" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  /** The live panel of the Karelia battle while it waits for decisions. */
  const live = (page: Page): Locator => page.getByTestId(`live-battle-${KARELIA}`);
  /** A's decision forms for the Axis in Karelia (casualties or retreat). */
  const axisForms = (page: Page): Locator => page.locator(`form[data-testid^="decision-${KARELIA}-"][data-testid$="-axis"]`);

  it("signs both players up through the dev mailbox", async () => {
    await Promise.all([signIn(a, base, emailA), signIn(b, base, emailB)]); // each in its own browser context
  }, 180_000);

  it("A makes a low-luck challenge with a 22 s decision deadline; B joins as Russia", async () => {
    // A classic game (game.create): this scenario tests the classic page's battles; the lobby's form
    // makes games played a phase at a time. The robots hold, so the only battles are the ones this test orders.
    gameId = await createClassic1942(a, base, { name: gameName, nations: ["Germany"], robots: ["United Kingdom", "Japan", "United States"], decisionHours: 0.006, lowLuck: true, robotsHold: true });
    await a.goto(`${base}/lobby`);
    await a.getByTestId(`my-game-${gameId}`).waitFor({ timeout: LONG });
    expect(gameId).toBeGreaterThan(0);

    await b.goto(`${base}/lobby`);
    const join = b.getByTestId(`join-${gameId}-Russia`);
    await join.waitFor({ timeout: LONG });
    const listed = await b.getByTestId(`open-game-${gameId}`).textContent();
    expect(listed).toContain("decisions 22 s");
    expect(listed).toContain("low luck");
    await join.click();
    await b.waitForURL(new RegExp(`/game/${gameId}$`), { timeout: LONG });
    await a.goto(`${base}/game/${gameId}`);
    for (const page of [a, b]) await page.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor({ timeout: LONG });

    // The dice commitment is public before anyone locks: the same SHA-256 on both pages.
    commitment = (await a.getByTestId("seed-hash").textContent())!.trim();
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await b.getByTestId("seed-hash").textContent())!.trim()).toBe(commitment);
  }, 180_000);

  it("A orders the attack on Karelia; both lock; the battle appears on both pages", async () => {
    const editor = a.getByTestId("orders-germany");
    await editor.getByTestId("move-from-germany").fill("East Europe");
    await editor.getByTestId("move-count-germany-infantry").fill("3");
    await editor.getByTestId("move-count-germany-armour").fill("1");
    await editor.getByTestId("move-path-germany").fill("Karelia S.S.R.");
    await editor.getByTestId("add-move-germany").click();
    await editor.getByTestId("save-germany").click();
    await expect.poll(() => editor.getByTestId("saved-germany").textContent()).toContain("East Europe → Karelia S.S.R.");

    // From here on neither page reloads: everything arrives through the event stream.
    navigationsA = countNavigations(a);
    navigationsB = countNavigations(b);
    await a.getByTestId("lock-germany").click();
    await a.getByTestId("locked-tag-germany").waitFor({ state: "attached" });
    await expect.poll(() => b.getByTestId("locked-germany").textContent(), { timeout: LONG }).toContain("✓");
    await b.getByTestId("lock-russia").click(); // B saved no orders: Russia's units hold

    for (const page of [a, b]) {
      await live(page).waitFor({ timeout: LONG });
      const axis = await live(page).getByTestId("side-axis").textContent();
      const allies = await live(page).getByTestId("side-allies").textContent();
      expect(axis).toContain("attacking");
      expect(axis).toContain("Germany: 3 infantry, 1 armour");
      expect(allies).toContain("defending");
      expect(allies).toContain("Russia: 3 infantry, 1 armour, 1 fighter");
      await page.getByTestId("decision-deadline").filter({ hasText: /\d+ s left/ }).waitFor();
    }
  }, 180_000);

  it("round 1: A changes the pre-filled casualties by hand; B is told that Russia must decide", async () => {
    const form = a.getByTestId(`decision-${KARELIA}-1-general-axis`);
    await form.waitFor({ timeout: LONG });
    // Both are told, live: A of Germany's decision, B of Russia's.
    expect(await a.getByTestId("decision-waiting").textContent()).toContain("Germany");
    await b.getByTestId("decision-waiting").filter({ hasText: "Russia" }).waitFor({ timeout: LONG });
    await b.getByTestId(`decision-${KARELIA}-1-general-allies`).waitFor();
    await a.getByTestId(`decision-${KARELIA}-1-general-allies-waiting`).waitFor();

    // The default (R6.9) loses the cheapest units: infantry only. Swap one infantry for the armour.
    const infantry = form.getByTestId("pick-germany-infantry");
    const armour = form.getByTestId("pick-germany-armour");
    const defInfantry = Number(await infantry.inputValue());
    expect(defInfantry).toBeGreaterThanOrEqual(2); // the Allies hit 2 or 3 times
    expect(Number(await armour.inputValue())).toBe(0);
    expect(await form.getByTestId(`decision-${KARELIA}-1-general-axis-summary`).textContent()).toContain("(the default)");
    await form.getByTestId(`decision-${KARELIA}-1-general-axis-counts`).click(); // the steppers, the tap board's fallback
    await form.getByRole("button", { name: /One hit less on infantry/ }).click();
    // One hit short now: the picker says so and will not send it.
    expect(await form.getByTestId(`decision-${KARELIA}-1-general-axis-summary`).textContent()).toContain("give 1 more");
    expect(await form.getByTestId(`decision-${KARELIA}-1-general-axis-confirm`).isDisabled()).toBe(true);
    await form.getByRole("button", { name: /One hit more on armour/ }).click();
    expect(await armour.inputValue()).toBe("1");
    const summary = await form.getByTestId(`decision-${KARELIA}-1-general-axis-summary`).textContent();
    expect(summary).toContain(`lose ${defInfantry - 1} infantry, 1 armour`);
    expect(summary).not.toContain("(the default)");
    // Issue 13: the odds from here, with the default and with these picks, priced in the odds worker.
    await expect.poll(() => form.getByTestId(`casualty-odds-${KARELIA}`).textContent(), { timeout: 10_000 }).toMatch(/^Odds to take Karelia S\.S\.R\. from here: [<>]?\d+ % with the default, [<>]?\d+ % with your picks\.$/);
    await form.getByTestId(`decision-${KARELIA}-1-general-axis-confirm`).click();
    await form.waitFor({ state: "detached", timeout: LONG });
    expect(await a.getByTestId("decision-waiting").count()).toBe(0);
    // R6.3, both sides decide at once: B sees that Germany has chosen, never what, while Russia has not;
    // A sees her own pick.
    const sealed = `decided-${KARELIA}-1-general-axis`;
    await b.getByTestId(sealed).waitFor({ timeout: LONG });
    expect(await b.getByTestId(sealed).textContent()).toContain("Germany has chosen");
    expect(await b.getByTestId(sealed).textContent()).not.toContain("armour");
    expect(await live(b).locator('[data-testid="choice-general-axis"]').count()).toBe(0);
    await a.getByTestId(sealed).waitFor({ timeout: LONG });
    expect(await a.getByTestId(sealed).textContent()).toContain(`your casualties: ${defInfantry - 1} infantry, 1 armour`);

    // While Russia's decision waits for its deadline: the battle page, wide and narrow, on both sides.
    await shoot(a, "lockstep-battle-a-1280");
    await shootNarrow(a, "lockstep-battle-a-390");
    await shoot(b, "lockstep-battle-b-1280");
    await shootNarrow(b, "lockstep-battle-b-390");
  }, 120_000);

  it("B never decides: Russia's decisions default at the deadline, A takes any later default, the turn resolves", async () => {
    // Rounds each page showed while the battle waited (finished ones, and the one in progress when the
    // server sends it), for the log: the last rounds of a battle end it and only show once it is over.
    const seenLive: Record<"a" | "b", Set<string>> = { a: new Set(), b: new Set() };
    const resolved = (page: Page) => page.getByTestId("turn-resolved-banner").isVisible();
    let defaultsByA = 0;
    const until = Date.now() + 420_000;
    while (!((await resolved(a)) && (await resolved(b)))) {
      expect(Date.now(), "the turn did not resolve in time").toBeLessThan(until);
      for (const [name, page] of [["a", a], ["b", b]] as const) {
        const rounds = await live(page)
          .locator('[data-testid^="round-"]')
          .evaluateAll((els) => els.map((e) => `${(e as HTMLElement).dataset.testid}:${(e as HTMLElement).dataset.state}`))
          .catch(() => [] as string[]);
        for (const r of rounds) seenLive[name].add(r);
      }
      // B's page must never offer Germany's choice, A's never Russia's.
      expect(await b.locator(`form[data-testid^="decision-${KARELIA}-"][data-testid$="-axis"]`).count()).toBe(0);
      expect(await a.locator(`form[data-testid^="decision-${KARELIA}-"][data-testid$="-allies"]`).count()).toBe(0);
      const form = axisForms(a).first();
      if (await form.isVisible().catch(() => false)) {
        const id = (await form.getAttribute("data-testid").catch(() => null)) ?? "";
        if (id) {
          await a.getByTestId(id.includes("-retreat-") ? `${id}-fight-on` : `${id}-accept-default`).click();
          await a.getByTestId(id).waitFor({ state: "detached", timeout: LONG });
          defaultsByA++;
        }
      }
      await a.getByTestId("turn-resolved-banner").or(axisForms(a)).first().waitFor({ timeout: 3_000 }).catch(() => {});
    }
    console.log(`battle: A took ${defaultsByA} later defaults; rounds seen while waiting: A ${[...seenLive.a].join(", ") || "none"}; B ${[...seenLive.b].join(", ") || "none"}`);
    for (const page of [a, b]) {
      expect(await page.getByTestId("turn-resolved-banner").textContent()).toContain("Turn 1 resolved");
      await page.getByTestId("turn-number").filter({ hasText: "Turn 2" }).waitFor({ timeout: LONG });
    }
  }, 480_000);

  it("both pages show every round of the battle, live, with the dice and who chose", async () => {
    for (const page of [a, b]) {
      // The last turn's battles are a strip: open it to read the rounds.
      const strip = page.getByTestId("recent-battles");
      await strip.waitFor({ timeout: LONG });
      if (!(await strip.locator("details").evaluate((d) => (d as HTMLDetailsElement).open))) await strip.locator("summary strong").first().click();
      const battle = strip.getByTestId(`battle-${KARELIA}`);
      await battle.waitFor({ timeout: LONG });
      expect(await battle.getByTestId("battle-winner").textContent()).toBe("Allies won");
      await battle.getByTestId("round-1").waitFor();
      await battle.getByTestId("round-2").waitFor();
      // Low luck, R6.8: the Axis attack with 3 × 1 + 3 = 6, the Allies defend with 3 × 2 + 3 + 4 = 13.
      const round1 = battle.getByTestId("round-1");
      expect(await round1.getByTestId("fire-general-axis").textContent()).toContain("total 6: 1 sure hit, no remainder");
      expect(await round1.getByTestId("fire-general-allies").textContent()).toMatch(/total 13: 2 sure hits; remainder 1, rolled [1-6]/);
      const germany = round1.locator('[data-testid="choice-general-axis"]');
      expect(await germany.getAttribute("data-by")).toBe("player");
      expect(await germany.textContent()).toContain("chosen by Germany");
      const russia = round1.locator('[data-testid="choice-general-allies"]');
      expect(await russia.getAttribute("data-by")).toBe("default");
      expect(await russia.textContent()).toContain("default (R6.9) for Russia");
      expect(await round1.textContent()).toContain("Axis: lost");
      expect(await round1.textContent()).toMatch(/Axis: lost \d infantry, 1 armour/);
    }
    // Neither page was reloaded or navigated since the locks.
    expect(navigationsA()).toBe(0);
    expect(navigationsB()).toBe(0);
    await shoot(a, "lockstep-battle-after-a-1280");
    await shootNarrow(b, "lockstep-battle-after-b-390");
  }, 120_000);

  it("the history shows the battle round by round; the seed matches the commitment and 'Verify dice' says ok", async () => {
    await a.getByTestId("turn-resolved-banner").getByRole("link", { name: "in the history" }).click();
    await a.waitForURL(new RegExp(`/game/${gameId}/history#turn-1$`), { timeout: LONG });
    const turn1 = a.locator("#turn-1");
    const battle = turn1.getByTestId(`battle-${KARELIA}`);
    await battle.waitFor();
    expect(await battle.getByTestId("battle-winner").textContent()).toBe("Allies won");
    expect(await battle.locator('[data-testid^="round-"]').count()).toBeGreaterThanOrEqual(2);
    expect(await battle.locator('[data-testid^="choice-"][data-chooser="Germany"][data-by="player"]').count()).toBeGreaterThanOrEqual(1);
    expect(await battle.locator('[data-testid^="choice-"][data-chooser="Russia"][data-by="default"]').count()).toBeGreaterThanOrEqual(2); // casualties and fight on
    expect(await battle.locator('[data-testid^="choice-"][data-chooser="Russia"][data-by="player"]').count()).toBe(0);

    // The revealed seed is the one committed to before the orders locked.
    const seed = (await turn1.getByTestId("seed-1").textContent())!.trim();
    expect(createHash("sha256").update(seed).digest("hex")).toBe(commitment);

    await a.getByTestId("verify-button").click();
    const result = a.getByTestId("verify-result");
    await result.waitFor({ timeout: LONG });
    expect(await result.getAttribute("data-ok")).toBe("true");
    expect(await a.getByTestId("verify-turn-1").textContent()).toBe("Turn 1: ok");
    await shoot(a, "lockstep-battle-history-1280");
    await shootNarrow(a, "lockstep-battle-history-390");

    // B was told in-app, too.
    await b.goto(`${base}/notifications`);
    await expect.poll(() => b.getByTestId("notifications").textContent(), { timeout: LONG }).toContain("Russia must decide in Karelia S.S.R.");
  }, 180_000);
});
