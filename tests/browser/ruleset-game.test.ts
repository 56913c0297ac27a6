// A game of another ruleset in the browser (issue 21): the lobby offers Interplanetary, a challenge
// against a robot starts at once, the game page (the platform's frame around the game's screen) saves
// and locks the player's orders, the robot's turn and the player's resolve through the worker, the page
// follows live to turn 2, and the turn's review opens; the player leaves the side to a robot, which
// orders and locks at once. Screenshots at 1440×900 and 390×844.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LONG, SKIP, onePageSession, shoot, shootNarrow, signIn, openTab } from "./support";

describe.skipIf(SKIP)("an Interplanetary game against a robot", () => {
  const session = onePageSession("lockstep-ruleset", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");
  let gameUrl = "";

  it("is made in the lobby and opens on its page", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `ida-${run}@example.com`);
    await page.getByTestId("challenge-game").selectOption("interplanetary");
    await page.getByTestId("ruleset-challenge").waitFor();
    await page.getByTestId("ruleset-name").fill(`Race ${run}`);
    await page.getByTestId("ruleset-scenario").selectOption("planet-race");
    // Press speaks of the game's sides, not of 1942's nations.
    expect(await page.getByTestId("press-choice").textContent()).toContain("private channels of any sides");
    await expect.poll(() => page.getByTestId("side-blue-robot").isChecked()).toBe(true);
    await expect.poll(() => page.getByTestId("side-red-me").isChecked()).toBe(true);
    // Rated: no robots, so the other sides' seats turn open; unticked, they are the robots' again.
    await page.getByTestId("ruleset-rated").check();
    await expect.poll(() => page.getByTestId("side-blue-open").isChecked()).toBe(true);
    await shoot(page, "lockstep-ruleset-lobby-rated");
    await shootNarrow(page, "lockstep-ruleset-lobby-rated-narrow");
    await page.getByTestId("ruleset-rated").uncheck();
    await expect.poll(() => page.getByTestId("side-blue-robot").isChecked()).toBe(true);
    await shoot(page, "lockstep-ruleset-lobby");
    await page.getByTestId("create-ruleset-challenge").click();
    // The game page sends a game of another ruleset to its own route.
    await page.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    gameUrl = page.url();
    await page.getByTestId("ruleset-game").waitFor({ timeout: LONG });
    expect(await page.getByTestId("game-kind").textContent()).toContain("Interplanetary · The great planet race");
    expect(await page.getByTestId("game-turn").textContent()).toContain("Turn 1");
    expect(await page.getByTestId("seat-blue").textContent()).toContain("locked");
  }, 240_000);

  it("saves and locks the player's orders; the turn resolves and the page follows to turn 2", async () => {
    const { page } = session;
    // The game's own screen in the frame: no burn is a plot too (the ship stays where it is), saved and locked at once.
    await page.getByTestId("ip-screen").waitFor({ timeout: LONG });
    await shoot(page, "lockstep-ruleset-game");
    await shootNarrow(page, "lockstep-ruleset-game-narrow");
    await page.getByTestId("lock").click();
    await expect.poll(() => page.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain("Turn 2");
    await page.getByTestId("last-review").waitFor();
  }, 180_000);

  it("opens the review of turn 1", async () => {
    const { page } = session;
    await page.getByTestId("last-review").click();
    await page.getByTestId("ruleset-review").waitFor({ timeout: LONG });
    expect(await page.getByTestId("review-title").textContent()).toContain("turn 1");
    await shoot(page, "lockstep-ruleset-review");
    await shootNarrow(page, "lockstep-ruleset-review-narrow");
  }, 120_000);

  it("is listed in the lobby as an Interplanetary game", async () => {
    const { page, app } = session;
    await page.goto(`${app.base}/lobby`);
    const kind = page.getByTestId("my-games").locator('[data-testid^="game-kind-"]').first();
    await kind.waitFor({ timeout: LONG });
    expect(await kind.textContent()).toBe("Interplanetary · The great planet race");
    await shootNarrow(page, "lockstep-ruleset-lobby-narrow");
  }, 120_000);

  it("leaves the side to a robot from the seats, which then plays it", async () => {
    const { page } = session;
    await page.goto(gameUrl);
    await page.getByTestId("ruleset-game").waitFor({ timeout: LONG });
    // The seats are on the Sides tab.
    await openTab(page, "tab-sides");
    await page.getByTestId("leave-red").waitFor({ timeout: LONG });
    await shootNarrow(page, "lockstep-ruleset-seats-narrow");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("leave-red").click();
    await expect.poll(() => page.getByTestId("seat-red").textContent(), { timeout: LONG }).toContain("robot");
    expect(await page.getByTestId("leave-red").count()).toBe(0);
    // With the player gone, robots play both sides: the turn closes at once and the worker resolves it.
    await expect.poll(() => page.getByTestId("game-turn").textContent(), { timeout: LONG }).not.toContain("Turn 2:");
    await shoot(page, "lockstep-ruleset-left");
  }, 120_000);
});
