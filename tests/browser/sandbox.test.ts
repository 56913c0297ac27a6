// The sandbox (issue 24), one whole flow in two browsers: Boris, who plays Japan in a running game,
// opens a sandbox from it, orders for his enemy (Russia, a robot's orders in one click; Brazil too in
// a War of the Triple Alliance sandbox), resolves the
// turn through its battles and landings, steps back to the turn's start and branches; the real game,
// for him and for Alma (who plays Germany and has locked), is as it was, and Alma cannot open the
// sandbox. Screenshots at 1440×900 and 390×844.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, shoot, shootNarrow, signIn, twoPlayerSession } from "./support";
import { createClassic1942 } from "./page-trpc";

/** A tRPC mutation as the signed-in page (its session cookie). */
async function call<T>(page: Page, path: string, input: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, input }) => {
      const res = await fetch(`/api/trpc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
      const body = await res.json();
      if (!res.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { path, input },
  ) as Promise<T>;
}

/** Boris shares the sandbox on his page; Alma opens the link and sees it read-only. */
async function shareWithAlma(a: Page, b: Page, shot: string): Promise<void> {
  await b.getByTestId("sandbox-share").click();
  const link = await b.getByTestId("sandbox-link").inputValue({ timeout: LONG });
  await a.setViewportSize({ width: 1440, height: 900 });
  await a.goto(link);
  await a.getByTestId("shared-sandbox").waitFor({ timeout: LONG });
  expect(await a.getByTestId("sandbox-bar").count()).toBe(0);
  await shoot(a, shot);
  await shootNarrow(a, `${shot}-narrow`);
}

/** Decide every battle with the preference's one tap and lock every landing, until the turn is `turn`. */
async function playUntil(page: Page, turn: number): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (await page.getByTestId("turn-number").filter({ hasText: `Turn ${turn}` }).isVisible()) return;
    const tap = page.locator('[data-testid^="prefs-"][data-testid$="-resolve"]:not([disabled])').first();
    const land = page.locator('[data-testid^="post-combat-lock-"]:not([disabled])').first();
    // A button may go as the phase moves on under it (the turn resolved meanwhile): look again.
    if (await tap.isVisible()) await tap.click({ timeout: 5_000 }).catch(() => {});
    else if (await land.isVisible()) await land.click({ timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(500);
  }
  throw new Error(`the sandbox never reached turn ${turn}`);
}

describe.skipIf(SKIP)("a sandbox from a running game", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  let sandboxId = 0;
  let branchId = 0;
  const run = randomBytes(3).toString("hex");
  const session = twoPlayerSession("lockstep-sandbox", { a: "Europe/Berlin", b: "Asia/Tokyo" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("Alma and Boris play a game; Alma locks Germany's orders", async () => {
    await Promise.all([signIn(a, base, `alma-sb-${run}@example.com`), signIn(b, base, `boris-sb-${run}@example.com`)]); // each in its own browser context
    // A classic game (game.create): this scenario's sandbox is the classic page's; the lobby's form
    // makes games played a phase at a time.
    gameId = await createClassic1942(a, base, { name: `Real ${run}`, nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], robotsHold: true });
    await b.goto(`${base}/lobby`);
    await b.getByTestId(`join-${gameId}-Japan`).click({ timeout: LONG });
    await b.waitForURL(new RegExp(`/game/${gameId}$`), { timeout: LONG });
    await a.goto(`${base}/game/${gameId}`);
    // No orders: the map asks once more ("Lock anyway"), and every unit holds.
    await a.getByTestId("map-lock-germany").click();
    await a.getByTestId("map-lock-germany").filter({ hasText: "Lock anyway" }).click();
    await a.getByTestId("locked-tag-germany").waitFor({ state: "attached" });
    await expect.poll(() => a.getByTestId("waiting-count").textContent()).toContain("waiting for 1 nation");
  }, 240_000);

  it("Boris opens a sandbox: every nation is his to order, and nothing of Alma's orders comes along", async () => {
    await b.setViewportSize({ width: 1440, height: 900 });
    await b.goto(`${base}/game/${gameId}`);
    await b.getByTestId("open-sandbox").click();
    await b.waitForURL((url) => /\/game\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/game/${gameId}`), { timeout: LONG });
    sandboxId = Number(b.url().split("/").pop());
    await b.getByTestId("sandbox-bar").waitFor();
    await expect.poll(() => b.getByTestId("turn-number").textContent()).toBe("Turn 1");
    // Nobody has locked in the sandbox, and no deadline runs there.
    await expect.poll(() => b.getByTestId("waiting-count").textContent()).toContain("waiting for 5 nations");
    expect(await b.getByTestId("deadline").count()).toBe(0);
    for (const n of ["germany", "japan", "russia", "united-kingdom", "united-states"]) await b.getByTestId(`map-nation-${n}`).waitFor();
    await shoot(b, "lockstep-sandbox-open");
    await shootNarrow(b, "lockstep-sandbox-open-narrow");
  }, 120_000);

  it("he orders for his enemy (a robot's orders for Russia) and resolves the turn, deciding both sides' battles", async () => {
    await b.getByTestId("map-nation-russia").click();
    await b.getByTestId("sandbox-robot").filter({ hasText: "Russia" }).click();
    await b.getByTestId("sandbox-robot-done").filter({ hasText: "Russia" }).waitFor({ timeout: LONG });
    await b.getByTestId("sandbox-resolve").click();
    await playUntil(b, 2);
    await b.getByTestId("sandbox-bar").waitFor();
    await shoot(b, "lockstep-sandbox-turn-2");
  }, 240_000);

  it("he steps back to turn 1, then branches a new sandbox from there", async () => {
    await b.getByTestId("sandbox-undo-turn").selectOption("1");
    await b.getByTestId("sandbox-undo").click();
    await expect.poll(() => b.getByTestId("turn-number").textContent(), { timeout: LONG }).toBe("Turn 1");
    await expect.poll(() => b.getByTestId("waiting-count").textContent()).toContain("waiting for 5 nations");
    await b.getByTestId("sandbox-branch").click();
    await b.waitForURL((url) => /\/game\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/game/${sandboxId}`), { timeout: LONG });
    branchId = Number(b.url().split("/").pop());
    expect(branchId).not.toBe(gameId);
    await b.getByTestId("sandbox-bar").waitFor();
    await expect.poll(() => b.getByTestId("turn-number").textContent()).toBe("Turn 1");
    await b.goto(`${base}/settings`);
    await b.getByTestId(`sandbox-${sandboxId}`).waitFor();
    await b.getByTestId(`sandbox-${branchId}`).waitFor();
    await shootNarrow(b, "lockstep-sandbox-settings-narrow");
  }, 180_000);

  it("he shares the branch: Alma's link shows its board, read-only (no order controls)", async () => {
    await b.goto(`${base}/game/${branchId}`);
    await shareWithAlma(a, b, "lockstep-sandbox-shared");
    expect(await a.locator('[data-testid^="map-lock-"], [data-testid="sandbox-resolve"]').count()).toBe(0);
  }, 120_000);

  it("the real game is unchanged for both players, and the sandbox is Boris's alone", async () => {
    await b.goto(`${base}/game/${gameId}`);
    await expect.poll(() => b.getByTestId("turn-number").textContent()).toBe("Turn 1");
    // Alma is on the shared page since the step before: back to the real game.
    await a.goto(`${base}/game/${gameId}`);
    await expect.poll(() => a.getByTestId("turn-number").textContent()).toBe("Turn 1");
    await expect.poll(() => a.getByTestId("waiting-count").textContent()).toContain("waiting for 1 nation");
    await a.getByTestId("locked-tag-germany").waitFor({ state: "attached" });
    const response = await a.goto(`${base}/game/${sandboxId}`);
    expect(response?.status()).toBe(404);
    await a.goto(`${base}/lobby`);
    await a.getByTestId("my-games").getByRole("link", { name: `Real ${run}` }).waitFor();
    expect(await a.getByText("Sandbox of").count()).toBe(0);
  }, 120_000);

  it("a War of the Triple Alliance sandbox: he plays Brazil too, resolves at once, and shares it read-only", async () => {
    const { gameId: real } = await call<{ gameId: number }>(b, "play.create", { name: `Encuentro ${run}`, ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: ["brazil"], ordersHours: 24, excusedMisses: 0 });
    await b.setViewportSize({ width: 1440, height: 900 });
    await b.goto(`${base}/game/${real}/play`);
    await b.getByTestId("open-sandbox").click({ timeout: LONG });
    await b.waitForURL((url) => /\/game\/\d+\/play$/.test(url.pathname) && !url.pathname.startsWith(`/game/${real}/`), { timeout: LONG });
    await b.getByTestId("sandbox-bar").waitFor({ timeout: LONG });
    await b.getByLabel("Play as").selectOption("brazil");
    // The game's own panel (beside the board on a desktop) says whom the player commands.
    await expect.poll(() => b.getByTestId("board-panel").textContent(), { timeout: LONG }).toContain("you command brazil");
    // "What would a robot do?" for Brazil: its orders are saved and the panel's draft shows them.
    const list = b.getByTestId("ta-order-list");
    await expect.poll(() => list.textContent(), { timeout: LONG }).toContain("No order: holds");
    const before = await list.textContent();
    await b.getByTestId("sandbox-robot").filter({ hasText: "brazil" }).click();
    await b.getByTestId("sandbox-robot-done").filter({ hasText: "brazil are saved" }).waitFor({ timeout: LONG });
    await expect.poll(() => list.textContent(), { timeout: LONG }).not.toBe(before);
    await b.getByTestId("ta-orders").locator("*").first().waitFor({ state: "attached", timeout: LONG });
    await shoot(b, "lockstep-sandbox-ta");
    await shootNarrow(b, "lockstep-sandbox-ta-narrow");
    await b.setViewportSize({ width: 1440, height: 900 });
    await b.getByTestId("sandbox-resolve").click();
    await expect.poll(() => b.getByTestId("game-turn").textContent(), { timeout: LONG }).toContain("Turn 2");
    await shareWithAlma(a, b, "lockstep-sandbox-ta-shared");
    await a.getByTestId("ta-screen").waitFor();
    expect(await a.getByTestId("ta-lock").count()).toBe(0);
  }, 180_000);
});
