// The lobby is live (issue 12): a challenge made in one browser appears in another's open lobby without a
// reload, a join starts the game, and a game running without the viewer is listed to watch and opens as
// a spectator's board.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, countNavigations, shoot, signIn, twoPlayerSession } from "./support";
import { newRobotGame } from "./robot-game";

describe.skipIf(SKIP)("the live lobby", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  let navigationsOfB = () => 0;
  const run = randomBytes(3).toString("hex");
  const session = twoPlayerSession("lockstep-lobby", { a: "Europe/Berlin", b: "America/New_York" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("two players sign in and open the lobby", async () => {
    await Promise.all([signIn(a, base, `alma-${run}@example.com`), signIn(b, base, `boris-${run}@example.com`)]); // each in its own browser context
    await b.goto(`${base}/lobby`);
    await b.getByTestId("open-challenges").getByText("No open challenges").waitFor();
    navigationsOfB = countNavigations(b);
  }, 180_000);

  it("a challenge made by one appears in the other's lobby without a reload", async () => {
    await a.goto(`${base}/lobby`);
    await a.getByLabel("Name").fill(`Live ${run}`);
    await a.getByTestId("seat-Germany-me").check();
    for (const n of ["Russia", "United Kingdom", "United States"]) await a.getByTestId(`seat-${n}-robot`).check();
    await a.getByTestId("robots-hold").check();
    await a.getByTestId("create-challenge").click();
    // The challenge's page opens (it waits for players there: a 1942 game played a phase at a time,
    // the platform's frame); A goes back to the lobby.
    await a.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    gameId = Number(/\/game\/(\d+)\/play$/.exec(a.url())![1]);
    await a.goto(`${base}/lobby`);
    await a.getByTestId("my-games").getByRole("link", { name: `Live ${run}` }).waitFor({ timeout: LONG });
    // B's lobby shows it well within the old 15 s polling interval, and B's page never reloaded.
    const started = Date.now();
    await b.getByTestId(`join-${gameId}-Japan`).waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(navigationsOfB()).toBe(0);
    await shoot(b, "lockstep-lobby-live-challenge");
  }, 120_000);

  it("the join starts the game; A's lobby shows it in play without a reload", async () => {
    const navigationsOfA = countNavigations(a);
    await b.getByTestId(`join-${gameId}-Japan`).click();
    await b.waitForURL(new RegExp(`/game/${gameId}/play$`), { timeout: LONG });
    await expect.poll(() => a.getByTestId(`my-game-${gameId}`).textContent(), { timeout: 10_000 }).toContain("in play");
    expect(navigationsOfA()).toBe(0);
  }, 120_000);

  it("a game without the viewer is listed to watch, live, with nations and turn, and opens as a spectator", async () => {
    await b.goto(`${base}/lobby`);
    await b.getByTestId("my-games").getByRole("link", { name: `Live ${run}` }).waitFor();
    // A starts a game alone against robots: it runs at once, and B (in no seat) may watch it.
    const soloId = await newRobotGame(a, base, `Solo ${run}`);
    const watched = b.getByTestId(`watch-game-${soloId}`);
    await watched.waitFor({ timeout: 10_000 });
    expect(await watched.textContent()).toContain("Turn 1");
    expect(await watched.textContent()).toContain("Germany:");
    expect(await watched.textContent()).toContain("Japan: robot");
    // The game B plays is not offered to watch.
    expect(await b.getByTestId(`watch-game-${gameId}`).count()).toBe(0);
    await shoot(b, "lockstep-lobby-watch");
    await b.getByTestId(`watch-${soloId}`).click();
    await b.waitForURL(new RegExp(`/game/${soloId}$`), { timeout: LONG });
    await b.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor();
    await b.getByText("You watch this game").waitFor();
    // A spectator has no orders to give: no nation's order form is shown.
    expect(await b.getByTestId("lock-germany").count()).toBe(0);
  }, 180_000);
});
