// Players you can count on, in the browser (issue 22): two players finish rated games against each
// other and see their ratings move (in the result, the lobby, the profile and the leaderboard), and
// one returns from a vacation to a deadline that waited for them.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SCREENSHOTS, SKIP, shoot, shootNarrow, signIn, twoPlayerSession } from "./support";
import { createClassic1942 } from "./page-trpc";

const AXIS = ["Germany", "Japan"];
const ALLIES = ["Russia", "United Kingdom", "United States"];

/** A tRPC call from the page, with its session: setup that is not what this scenario tests. */
async function call<T>(page: Page, path: string, input?: unknown, kind: "mutation" | "query" = "mutation"): Promise<T> {
  return page.evaluate(
    async ({ path, input, kind }) => {
      const res =
        kind === "mutation"
          ? await fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input ?? null) })
          : await fetch(`/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);
      const body = await res.json();
      if (!res.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { path, input, kind },
  ) as Promise<T>;
}

interface View {
  game: { status: string };
  phase: { deadline: string; status: string; turn: number } | null;
  result: null | { winner: string; ratingChanges?: { userId: string; before: number | null; after: number | null }[] };
}

/** Rated, the Axis (Germany, Japan) against the Allies; the team with more victory points after turn 1 wins (R9.1). */
const RATED = { robots: [], lowLuck: false, ordersHours: 1, decisionHours: 1, rated: true, excusedMisses: 0, houseRules: { minorVictoryTurn: 1 } };

describe.skipIf(SKIP)("players you can count on", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let aliceId = "";
  let bobId = "";
  let gameId = 0;
  let firstDeadline = 0;
  let waited = 0;
  const run = randomBytes(3).toString("hex");
  const session = twoPlayerSession("lockstep-players", { a: "Europe/Berlin", b: "America/New_York" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("signs two players up", async () => {
    await Promise.all([signIn(a, base, `alma-${run}@example.com`), signIn(b, base, `boris-${run}@example.com`)]); // each in its own browser context
    aliceId = (await call<{ me: { userId: string } }>(a, "game.lobby", undefined, "query")).me.userId;
    bobId = (await call<{ me: { userId: string } }>(b, "game.lobby", undefined, "query")).me.userId;
  }, 180_000);

  it("plays five rated games to their end (by the API: what they set up is not what this tests)", async () => {
    for (let i = 0; i < 5; i++) {
      const { gameId: id } = await call<{ gameId: number }>(a, "game.create", { name: `Rated ${i} ${run}`, nations: AXIS, ...RATED });
      for (const nation of ALLIES) await call(b, "game.join", { gameId: id, nation });
      for (const nation of AXIS) await call(a, "orders.lock", { gameId: id, nation });
      for (const nation of ALLIES) await call(b, "orders.lock", { gameId: id, nation });
      await expect.poll(async () => (await call<View>(a, "game.get", { gameId: id }, "query")).game.status, { timeout: LONG }).toBe("finished");
    }
    // Five rated games: both ratings show now, on the lobby and the leaderboard.
    await a.goto(`${base}/lobby`);
    await expect.poll(() => a.getByTestId("my-rating").textContent(), { timeout: LONG }).toMatch(/^-?\d+\.\d$/);
    await b.goto(`${base}/leaderboard`);
    const board = b.getByTestId("leaderboard");
    // The players' links in the table (the game's chips above it are links too).
    await board.getByRole("table").getByRole("link").first().waitFor();
    expect(await board.getByRole("table").getByRole("link").count()).toBe(2);
  }, 300_000);

  it("one declares a vacation, then both join a rated challenge that honours vacations", async () => {
    await b.goto(`${base}/settings`);
    // The form works once the page runs and the vacation state has loaded: the button says so.
    await expect.poll(() => b.getByTestId("vacation-start").isEnabled(), { timeout: LONG }).toBe(true);
    await b.getByTestId("vacation-days").fill("0.1");
    await b.getByTestId("vacation-start").click();
    await b.getByTestId("vacation-now").waitFor();
    await b.getByTestId("vacation-now").scrollIntoViewIfNeeded();
    await shoot(b, "lockstep-players-vacation-1440");
    await shootNarrow(b, "lockstep-players-vacation-390");
    // The challenge, made in the lobby's form: rated, vacations honoured, a 72 s orders deadline (long
    // enough for the Axis to lock before it on a loaded machine, short enough not to idle the run).
    await a.goto(`${base}/lobby`);
    const name = `Vacation ${run}`;
    // A classic game (game.create): the rest of this scenario plays it through game.* and orders.*; the
    // lobby's form makes games played a phase at a time (lobby-1942.test.ts carries these options there).
    await createClassic1942(a, base, { name, nations: [...AXIS], ordersHours: 0.02, excusedMisses: 0, honourVacations: true, rated: true, houseRules: { minorVictoryTurn: 1 } });
    await a.goto(`${base}/lobby`);
    await a.getByTestId("my-games").getByText(name).waitFor({ timeout: LONG });
    await b.goto(`${base}/lobby`);
    const open = b.getByTestId("open-challenges").locator("li[data-testid^=open-game-]").filter({ hasText: name });
    await open.waitFor({ timeout: LONG });
    // The challenger's name, reliability and rating beside it; the filters keep it among the rated ones.
    expect(await open.textContent()).toMatch(/reliability 100% · rating -?\d+\.\d/);
    await b.getByTestId("filter-rated").selectOption("unrated");
    await open.waitFor({ state: "detached" });
    await b.getByTestId("filter-rated").selectOption("rated");
    await open.waitFor();
    await b.setViewportSize({ width: 1440, height: 900 });
    await shoot(b, "lockstep-players-lobby-1440");
    await shootNarrow(b, "lockstep-players-lobby-390");
    gameId = Number((await open.getAttribute("data-testid"))!.replace("open-game-", ""));
    // Russia by the lobby's button (the challenge then leaves Boris's open list), the rest by the API.
    await b.getByTestId(`join-${gameId}-Russia`).click();
    await b.getByTestId("my-games").locator(`[data-testid=my-game-${gameId}]`).waitFor({ timeout: LONG });
    for (const nation of ["United Kingdom", "United States"]) await call(b, "game.join", { gameId, nation });
    firstDeadline = new Date((await call<View>(a, "game.get", { gameId }, "query")).phase!.deadline).getTime();
  }, 180_000);

  it("everyone sees the player on vacation; the deadline waits for the vacation's end", async () => {
    await a.goto(`${base}/game/${gameId}`);
    await expect.poll(() => a.getByTestId("seat-row-russia").textContent(), { timeout: LONG }).toContain("on vacation until");
    for (const nation of AXIS) await call(a, "orders.lock", { gameId, nation });
    // The 72 s deadline passes with the Allies unlocked: it moves to the vacation's end instead.
    await expect
      .poll(async () => new Date((await call<View>(a, "game.get", { gameId }, "query")).phase!.deadline).getTime(), { timeout: 300_000, interval: 5_000 })
      .toBeGreaterThan(firstDeadline + 30 * 60_000);
    const view = await call<View>(a, "game.get", { gameId }, "query");
    expect(view.phase).toMatchObject({ turn: 1, status: "open" });
    waited = new Date(view.phase!.deadline).getTime();
  }, 360_000);

  it("the player returns to the deadline that waited; acting ends the vacation; the game ends and both ratings move", async () => {
    await b.goto(`${base}/game/${gameId}`);
    await expect.poll(() => b.getByTestId("deadline").textContent(), { timeout: LONG }).toMatch(/h \d+ min left|min left/);
    expect(new Date((await call<View>(b, "game.get", { gameId }, "query")).phase!.deadline).getTime()).toBe(waited);
    await b.getByTestId("lock-russia").click();
    await expect.poll(async () => (await call<{ current: unknown }>(b, "vacation.get", undefined, "query")).current).toBeNull();
    for (const nation of ["United Kingdom", "United States"]) await call(b, "orders.lock", { gameId, nation });
    const result = b.getByTestId("rating-changes");
    await result.waitFor({ timeout: LONG });
    for (const id of [aliceId, bobId]) {
      const line = (await b.getByTestId(`rating-change-${id}`).textContent())!;
      const [before, after] = [...line.matchAll(/(-?\d+\.\d)/g)].map((m) => Number(m[1]));
      expect(before, line).not.toBeUndefined();
      expect(after, line).not.toBe(before);
    }
    // The result sits at the top of the panel, which the lock above scrolled away from.
    await b.getByTestId("game-over").scrollIntoViewIfNeeded();
    await b.getByTestId("game-over").screenshot({ path: `${SCREENSHOTS}/lockstep-players-result-1440.png` });
    await b.setViewportSize({ width: 390, height: 844 });
    await b.getByTestId("game-over").scrollIntoViewIfNeeded();
    await b.screenshot({ path: `${SCREENSHOTS}/lockstep-players-result-390.png` });
    await b.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it("the profile shows the rating history, the games and the reliability record, never the address", async () => {
    await a.goto(`${base}/player/${bobId}`);
    await a.getByTestId("rating-chart").waitFor({ timeout: LONG });
    expect(await a.getByTestId("profile").textContent()).toMatch(/Played.*Won/);
    expect(await a.getByTestId("reliability-record").textContent()).toContain("Deadlines moved for a vacation1");
    expect(await a.content()).not.toContain(`boris-${run}`);
    await a.setViewportSize({ width: 1440, height: 900 });
    await shoot(a, "lockstep-players-profile-1440");
    await shootNarrow(a, "lockstep-players-profile-390");
    await a.goto(`${base}/leaderboard`);
    await a.getByTestId("leaderboard").getByRole("table").waitFor();
    await shoot(a, "lockstep-players-leaderboard-1440");
    // Each game has its own board, chosen by a link that can be shared (?game=ID).
    await a.getByTestId("leaderboard-game-triple-alliance").click();
    await a.waitForURL(/\/leaderboard\?game=triple-alliance$/);
    await expect.poll(() => a.getByTestId("leaderboard").textContent(), { timeout: LONG }).toContain("Nobody has 5 rated games of War of the Triple Alliance yet");
  }, 120_000);
});
