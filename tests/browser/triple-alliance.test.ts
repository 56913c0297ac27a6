// Two generals play three turns of Encuentro (TA10.2) on the Triple Alliance screen at 1440×900 and
// at 390×844: each selects units on the table, drags a battalion forward inside its reachable
// ground, turns a battery on a target with the odds shown before locking, locks; the judge resolves
// the turn and both screens move on; then the review of the last turn is stepped through, dice shown,
// and played. The table fills the window on both sizes.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LONG, SKIP, expectBoardFills, shoot, signIn, twoPlayerSession, whenHydrated } from "./support";

async function trpc(page: Page, base: string, path: string, input: unknown): Promise<unknown> {
  const res = await page.request.post(`${base}/api/trpc/${path}`, { data: input });
  const body = (await res.json()) as { result?: { data: unknown }; error?: unknown };
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${JSON.stringify(body.error)}`);
  return body.result!.data;
}

/** Drags a unit on the table by (dx, dy) screen pixels: pan and zoom must not take the drag. */
async function dragUnit(page: Page, id: string, dx: number, dy: number): Promise<void> {
  const unit = page.locator(`[data-testid=ta-table] [data-unit="${id}"]`).last();
  await unit.scrollIntoViewIfNeeded();
  const box = (await unit.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

const tapUnit = (page: Page, id: string) => page.locator(`[data-testid=ta-table] [data-unit="${id}"]`).first().click();

/** One general's turn: a battalion forward, the battery at the first enemy in its field of fire, lock. */
async function orderTurn(page: Page, turn: number, battalion: string, battery: string, up: number): Promise<void> {
  await expect.poll(() => page.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain(`Turn ${turn}`);
  await page.getByTestId("ta-screen").waitFor();
  await tapUnit(page, battalion);
  await expect.poll(() => page.getByTestId("ta-reach").count()).toBe(1);
  await dragUnit(page, battalion, 0, up);
  await expect.poll(() => page.getByTestId("ta-order-text").textContent()).toMatch(/moves \d+ mm/i);
  await page.getByRole("button", { name: "Close" }).click();
  await tapUnit(page, battery);
  await page.getByTestId("ta-shoot").click();
  // A phone opens close on the player's own troops: the whole table brings the enemy into view.
  await page.getByRole("button", { name: "Whole table" }).click();
  const candidates = page.locator("[data-testid=ta-table] [data-mark=candidate]");
  if ((await candidates.count()) > 0) {
    await candidates.first().click();
    await expect.poll(() => page.getByTestId("ta-order-text").textContent()).toMatch(/^Shoots at /);
    // The exact spread of the volley, in sixths that sum to 6.
    const sixths = await page.getByTestId("ta-odds").locator("li").allTextContents();
    expect(sixths.map((t) => Number(/(\d)\/6/.exec(t)![1])).reduce((a, b) => a + b, 0)).toBe(6);
  }
  await page.getByTestId("ta-lock").click();
  // The lock is taken: the panel says so, or, for the last general to lock, the judge may already have
  // moved the table on (the new turn's panel starts without the line).
  await expect
    .poll(
      async () => {
        const shown = Number(/Turn (\d+)/.exec((await page.getByTestId("game-turn").textContent()) ?? "")?.[1] ?? 0);
        if (shown > turn) return "locked";
        const result = page.getByTestId("ta-result");
        return (await result.count()) > 0 && (await result.textContent()) === "Orders locked." ? "locked" : "not yet";
      },
      { timeout: LONG },
    )
    .toBe("locked");
}

describe.skipIf(SKIP)("Triple Alliance: two generals play three turns of Encuentro", () => {
  const s = twoPlayerSession("triple-alliance", { a: "America/Asuncion", b: "America/Sao_Paulo" });
  let gameId = 0;
  const game = () => `${s.base}/game/${gameId}`;

  it("Paraguay challenges, Brazil joins, both open the table", async () => {
    await s.a.setViewportSize({ width: 1440, height: 900 });
    await s.b.setViewportSize({ width: 390, height: 844 });
    await Promise.all([signIn(s.a, s.base, "paraguay@example.com"), signIn(s.b, s.base, "brazil@example.com")]); // each in its own browser context
    const created = (await trpc(s.a, s.base, "play.create", { name: "Encuentro", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: [], ordersHours: 24 })) as { gameId: number };
    gameId = created.gameId;
    await trpc(s.b, s.base, "play.join", { gameId, side: "brazil" });
    await s.a.goto(game());
    await s.b.goto(game());
    for (const p of [s.a, s.b]) await p.getByTestId("ta-screen").waitFor({ timeout: LONG });
    // Ten units to scale on the table, with the terrain of the learning table.
    expect(await s.a.locator("[data-testid=ta-table] [data-unit]").count()).toBeGreaterThanOrEqual(10);
    expect(await s.a.locator("[data-terrain=woods]").count()).toBe(1);
    // The table is the screen: nearly the whole window on a desktop, its whole width on a phone.
    for (const p of [s.a, s.b]) await expectBoardFills(p);
    await shoot(s.a, "triple-alliance-1440-table");
    await shoot(s.b, "triple-alliance-390-table");
  }, LONG * 2);

  for (const turn of [1, 2, 3]) {
    it(`turn ${turn}: both generals order and lock, the judge moves the table on`, async () => {
      await orderTurn(s.a, turn, "PY-B2", "PY-A1", -60);
      if (turn === 1) await shoot(s.a, "triple-alliance-1440-ordered");
      await orderTurn(s.b, turn, "BR-B2", "BR-A1", 60);
      if (turn === 1) await shoot(s.b, "triple-alliance-390-ordered");
      for (const p of [s.a, s.b]) await expect.poll(() => p.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain(`Turn ${turn + 1}`);
    }, LONG * 3);
  }

  it("the review of turn 3 replays movement and shooting on the table, dice shown", async () => {
    for (const [p, size] of [[s.a, "1440"], [s.b, "390"]] as const) {
      await p.goto(`${game()}/turn/3`);
      await p.getByTestId("ta-review").waitFor({ timeout: LONG });
      await whenHydrated(p.getByTestId("ta-step-movement"));
      await p.getByTestId("ta-step-movement").click();
      await expect.poll(() => p.getByTestId("ta-review-log").textContent()).toMatch(/moves \d+ mm.*\(TA4\.7\)/);
      await p.getByTestId("ta-step-shooting").click();
      await expect.poll(() => p.getByTestId("ta-review").getAttribute("data-step")).toBe("shooting");
      const log = (await p.getByTestId("ta-review-log").textContent()) ?? "";
      if (/fires at/.test(log)) expect(log).toMatch(/rolled [⚀⚁⚂⚃⚄⚅] \d/);
      await expectBoardFills(p);
      await shoot(p, `triple-alliance-${size}-review`);
      // Play runs the turn on by itself: hand-to-hand at once, then the end.
      await p.getByTestId("review-play").click();
      await expect.poll(() => p.getByTestId("ta-review").getAttribute("data-step")).toBe("melee");
      await expect.poll(() => p.getByTestId("ta-review").getAttribute("data-step"), { timeout: 10_000 }).toBe("after");
      await expect.poll(() => p.getByTestId("review-play").getAttribute("aria-pressed")).toBe("false");
    }
  }, LONG * 2);

  it("a rated game of one turn (TA9.3): both lock, and the page shows who won and how each rating moved", async () => {
    // Made in the lobby's form: rated, and the game's own option, its number of turns (TA9.3).
    await s.a.goto(`${s.base}/lobby`);
    await whenHydrated(s.a.getByTestId("challenge-game"));
    await s.a.getByTestId("challenge-game").selectOption("triple-alliance");
    await s.a.getByTestId("ruleset-name").fill("One turn");
    await s.a.getByTestId("ruleset-rated").check();
    await s.a.getByTestId("ruleset-option-turnLimit").fill("0");
    await s.a.getByTestId("create-ruleset-challenge").click();
    await expect.poll(() => s.a.getByTestId("create-error").textContent()).toContain("Turns (TA9.3): a whole number of at least 1");
    await s.a.getByTestId("ruleset-option-turnLimit").fill("1");
    await shoot(s.a, "triple-alliance-1440-challenge");
    await s.a.getByTestId("create-ruleset-challenge").click();
    await s.a.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    const rated = Number(/\/game\/(\d+)\/play$/.exec(s.a.url())![1]);
    await trpc(s.b, s.base, "play.join", { gameId: rated, side: "brazil" });
    await trpc(s.a, s.base, "play.lock", { gameId: rated, side: "paraguay" });
    await trpc(s.b, s.base, "play.lock", { gameId: rated, side: "brazil" });
    for (const [p, size] of [[s.a, "1440"], [s.b, "390"]] as const) {
      await p.goto(`${s.base}/game/${rated}`);
      await p.getByTestId("game-result").waitFor({ timeout: LONG });
      const result = (await p.getByTestId("game-result").textContent()) ?? "";
      expect(result).toMatch(/The game is over: (a draw|paraguay won|brazil won)/);
      // After the last turn the panel says the battle is over, not "turn 2 of 1".
      expect(await p.getByTestId("ta-screen-panel-turn").textContent()).toContain("over after turn 1");
      // Both players by team (TA1.7), each "unrated" until five rated games of this ruleset (docs/players.md).
      const changes = p.getByTestId("rating-changes").locator("[data-testid^=rating-change-]");
      await expect.poll(() => changes.count(), { timeout: LONG }).toBe(2);
      // A draw (every team tied, TA9.3) is no loss: both drew.
      const outcome = result.includes("a draw") ? "drew" : "(won|lost)";
      for (const line of await changes.allTextContents()) expect(line).toMatch(new RegExp(`\\((Paraguay|Allies), ${outcome}\\): unrated → unrated`));
      await p.getByTestId("rating-changes").scrollIntoViewIfNeeded();
      await shoot(p, `triple-alliance-${size}-rated-result`);
      // The Sides tab names each player with their figures, as the lobby does (their profile a tap away).
      await p.getByTestId("tab-sides").click();
      await expect.poll(() => p.getByTestId("seats").locator("[data-testid=player-badge]").count()).toBe(2);
      expect(await p.getByTestId("seat-paraguay").textContent()).toMatch(/· reliability (\d+%|new)/);
      await shoot(p, `triple-alliance-${size}-sides`);
      await p.getByTestId("tab-orders").click();
    }
  }, LONG * 2);
});
