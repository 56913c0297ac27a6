// The lobby's 1942 form makes a 1942 game played a phase at a time (play.create; docs/lobby.md): one
// player chooses options at 1440×900, another joins from the lobby's open challenges on a phone
// (390×844), and both land on the platform's frame (/game/<id>/play), whose options line says what was
// chosen; the lobby lists the game under each player's games. Screenshots at both sizes.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { pageTrpc } from "./page-trpc";
import { LONG, SKIP, openTab, shoot, signIn, transitionsDone, twoPlayerSession } from "./support";

/** What the frame's Sides tab writes for the options chosen below (orders 36 h, decisions 6 h, public press, practice robots, low luck, two house rules), as the lobby does. */
const OPTIONS_LINE = "Options: orders 1 day 12 hours, decisions 6 hours, public press only, practice robots, low luck, victory cities, minor victory after turn 8";

/** The Sides tab's options line, the sheet opened first on a phone. */
async function optionsLineOf(page: Page): Promise<string> {
  const frame = page.getByTestId("ruleset-game");
  await frame.waitFor({ timeout: LONG });
  if ((page.viewportSize()?.width ?? 1440) < 600 && (await frame.getAttribute("data-sheet")) !== "open") {
    await page.getByTestId("sheet-toggle").click();
    await expect.poll(() => frame.getAttribute("data-sheet"), { timeout: LONG }).toBe("open");
    await transitionsDone(page);
  }
  await openTab(page, "tab-sides");
  const line = page.getByTestId("game-options");
  await line.waitFor({ timeout: LONG });
  await line.scrollIntoViewIfNeeded();
  return (await line.textContent()) ?? "";
}

describe.skipIf(SKIP)("a 1942 challenge from the lobby, played a phase at a time", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  const run = randomBytes(3).toString("hex");
  const name = `Lobby 1942 ${run}`;
  const session = twoPlayerSession("lockstep-lobby-1942", { a: "Europe/Berlin", b: "America/New_York" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("two players sign in", async () => {
    await Promise.all([signIn(a, base, `ada-${run}@example.com`), signIn(b, base, `bo-${run}@example.com`)]);
    await a.setViewportSize({ width: 1440, height: 900 });
    await b.setViewportSize({ width: 390, height: 844 });
  }, 180_000);

  it("one creates a 1942 game with options in the lobby: its page is the phased frame, waiting for Japan", async () => {
    await a.goto(`${base}/lobby`);
    const form = a.getByTestId("new-challenge");
    await form.waitFor({ timeout: LONG });
    await a.getByLabel("Name").fill(name);
    await a.getByTestId("seat-Germany-me").check();
    await a.getByTestId("seat-Japan-open").check();
    for (const n of ["Russia", "United Kingdom", "United States"]) await a.getByTestId(`seat-${n}-robot`).check();
    await a.getByLabel("Orders deadline (hours)").fill("36");
    await a.getByLabel("Decision deadline (hours)").fill("6");
    await a.getByTestId("low-luck").check();
    await a.getByTestId("robots-hold").check();
    await a.getByTestId("house-victoryCities").check();
    await a.getByLabel(/Minor victory/).fill("8");
    await a.getByTestId("press-public").check();
    await form.scrollIntoViewIfNeeded();
    await shoot(a, "lockstep-lobby-1942-form-1440");
    await a.getByTestId("create-challenge").click();

    await a.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    gameId = Number(/\/game\/(\d+)\/play$/.exec(a.url())![1]);
    // The game as stored: the 1942 ruleset's one scenario, played a phase at a time.
    expect(await pageTrpc(a, "play.kind", { gameId }, "GET")).toEqual({ ruleset: "1942", scenario: "standard", phased: true });
    expect(await optionsLineOf(a)).toBe(OPTIONS_LINE);
    await shoot(a, "lockstep-lobby-1942-waiting-1440");
  }, 180_000);

  it("the other joins as Japan from the lobby's open challenges on a phone; both see the phased page with those options", async () => {
    await b.goto(`${base}/lobby`);
    const offered = b.getByTestId(`open-game-${gameId}`);
    await offered.waitFor({ timeout: LONG });
    const listed = (await offered.textContent()) ?? "";
    for (const words of ["1942 · The 1942 board", "orders 1 day 12 hours", "decisions 6 hours", "public press only", "low luck", "practice robots", "victory cities", "minor victory after turn 8"]) expect(listed).toContain(words);
    // The lobby's line is the game page's, word for word.
    expect(listed).toContain(OPTIONS_LINE.replace("Options: ", ""));
    await offered.scrollIntoViewIfNeeded();
    await shoot(b, "lockstep-lobby-1942-open-390");
    await b.getByTestId(`join-${gameId}-Japan`).click();
    // The last seat starts the game, and the lobby opens it: the frame, Japan's orders phase.
    await b.waitForURL(new RegExp(`/game/${gameId}/play$`), { timeout: LONG });
    await expect.poll(() => b.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain("Turn 1");
    expect(await optionsLineOf(b)).toBe(OPTIONS_LINE);
    await shoot(b, "lockstep-lobby-1942-joined-390");

    // The creator's page follows the start (live): turn 1, the same options.
    await a.reload();
    await expect.poll(() => a.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain("Turn 1");
    expect(await optionsLineOf(a)).toBe(OPTIONS_LINE);
    await shoot(a, "lockstep-lobby-1942-started-1440");
    await a.setViewportSize({ width: 390, height: 844 });
    expect(await optionsLineOf(a)).toBe(OPTIONS_LINE);
    await shoot(a, "lockstep-lobby-1942-started-390");
    await a.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it("the lobby lists it under each player's games, and its link opens the phased page", async () => {
    for (const page of [a, b]) {
      await page.goto(`${base}/lobby`);
      const mine = page.getByTestId(`my-game-${gameId}`);
      await mine.waitFor({ timeout: LONG });
      expect(await mine.textContent()).toContain("1942 · The 1942 board");
      await expect.poll(() => page.getByTestId(`my-game-needs-${gameId}`).textContent(), { timeout: LONG }).toBe("needs your orders");
    }
    await b.getByTestId(`my-game-${gameId}`).scrollIntoViewIfNeeded();
    await shoot(b, "lockstep-lobby-1942-mine-390");
    await a.getByTestId(`my-game-${gameId}`).getByRole("link", { name }).click();
    await a.waitForURL(new RegExp(`/game/${gameId}/play$`), { timeout: LONG });
    await a.getByTestId("ruleset-game").waitFor({ timeout: LONG });
  }, 180_000);
});
