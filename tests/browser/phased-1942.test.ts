// A 1942 game created through play.create in the browser (issue 21; docs/platform.md "1942 on the
// generic services"): its game page sends it to the platform's frame (/game/<id>/play), which shows it
// with 1942's screen (its orders phase on the map) and names the phase of the turn; a lock there closes the orders phase (the
// robots lock at once) and the page follows the turn's later phases. Its Sides tab writes the game's
// options and each side's team, and lets the creator pause and resume the clock. Screenshots at 1440×900 and 390×844.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPhased1942, pageTrpc } from "./page-trpc";
import { LONG, SKIP, onePageSession, shoot, shootNarrow, signIn, whenHydrated } from "./support";

describe.skipIf(SKIP)("a 1942 game played a phase at a time", () => {
  const session = onePageSession("lockstep-phased-1942", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  it("opens in the platform's frame, its orders phase on the 1942 map, and follows its phases", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `ivo-${run}@example.com`);
    // Made as a bot or the public API would make it: play.create with the 1942 ruleset (the lobby's
    // 1942 form makes the same, lobby-1942.test.ts).
    const gameId = await createPhased1942(page, `Phased ${run}`);
    await page.goto(`${app.base}/game/${gameId}`);
    await page.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    await page.getByTestId("ruleset-game").waitFor({ timeout: LONG });
    // Its orders phase is played on the 1942 map (app/games/1942; phased-1942-orders.test.ts).
    await page.getByTestId("map-germany").waitFor({ timeout: LONG });
    // The map's shapes load after it (as on a classic game's page): the screenshot waits for them.
    await page.getByTestId("map-germany").locator('svg[data-zoom="ready"]').waitFor({ timeout: LONG });
    expect(await page.getByTestId("game-turn").textContent()).toContain("Turn 1");
    expect(await page.getByTestId("game-phase").textContent()).toContain("Orders");
    await shoot(page, "lockstep-phased-1942-orders");
    await shootNarrow(page, "lockstep-phased-1942-orders-narrow");

    // The Sides tab shows the turn's dice commitment, as a classic game's Nations tab does.
    const { seedHash } = await pageTrpc<{ seedHash: string }>(page, "play.get", { gameId }, "GET");
    expect(seedHash).toMatch(/^[0-9a-f]{64}$/);
    await whenHydrated(page.getByTestId("tab-sides"));
    await page.getByTestId("tab-sides").click();
    await expect.poll(() => page.getByTestId("seed-hash").textContent(), { timeout: LONG }).toBe(seedHash);
    // The options line, as the lobby writes it: the deadlines' hours, press and low luck.
    expect(await page.getByTestId("game-options").textContent()).toBe("Options: orders 1 day, decisions 1 day, full press, low luck");
    // Each side's team from the scenario (R1.1), as a classic game's Nations tab has its team column.
    const teams: Record<string, string> = { Germany: "Axis", Japan: "Axis", Russia: "Allies", "United Kingdom": "Allies", "United States": "Allies" };
    for (const [side, team] of Object.entries(teams)) expect(await page.getByTestId(`seat-${side}`).getByTestId(`team-${side}`).textContent()).toBe(`(${team})`);
    // The creator's clock: Pause stops it (the deadline stands still), Resume starts it again.
    const bar = page.getByTestId("pause-bar");
    await whenHydrated(bar.getByTestId("pause"));
    await bar.getByTestId("pause").click();
    await expect.poll(() => bar.getByRole("status").textContent(), { timeout: LONG }).toContain("The game is paused: the clock stands still with");
    await expect.poll(async () => (await pageTrpc<{ game: { pausedAt: string | null } }>(page, "play.get", { gameId }, "GET")).game.pausedAt, { timeout: LONG }).not.toBeNull();
    await shoot(page, "lockstep-phased-1942-sides-paused");
    // On a phone the Sides tab is in the sheet under the map: opened to be seen, then closed again.
    await page.setViewportSize({ width: 390, height: 844 });
    const frame = page.getByTestId("ruleset-game");
    if ((await frame.getAttribute("data-sheet")) !== "open") await page.getByTestId("sheet-toggle").click();
    await expect.poll(() => frame.getAttribute("data-sheet"), { timeout: LONG }).toBe("open");
    await bar.scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-phased-1942-sides-paused-narrow");
    await page.getByTestId("sheet-toggle").click();
    await expect.poll(() => frame.getAttribute("data-sheet"), { timeout: LONG }).toBe("closed");
    await page.setViewportSize({ width: 1440, height: 900 });
    await bar.getByTestId("resume").click();
    await expect.poll(() => bar.getByRole("status").textContent(), { timeout: LONG }).toBe("You created this game: you can stop its clock.");
    expect((await pageTrpc<{ game: { pausedAt: string | null } }>(page, "play.get", { gameId }, "GET")).game.pausedAt).toBeNull();
    await page.getByTestId("tab-orders").click();

    // Germany orders nothing and locks: the robots have locked, so the orders phase resolves and the
    // page follows to the turn's next phase (a battles phase) or, if none waits, to turn 2.
    const lock = page.getByTestId("map-lock-germany");
    await whenHydrated(lock);
    await lock.click();
    // Every unit holds: the map asks to lock anyway.
    await expect.poll(() => lock.textContent(), { timeout: LONG }).toBe("Lock anyway");
    await lock.click();
    // A battles or post-combat phase is one of decisions, and the frame says so once it is open: the
    // robots may still be resolving one (": resolving") when the page first shows it, so the poll waits
    // for a settled frame, which is either turn 2 or a phase of decisions open.
    await expect.poll(async () => (await page.getByTestId("game-turn").textContent()) ?? "", { timeout: LONG }).toMatch(/Turn 2|decisions open/);
    const settled = (await page.getByTestId("game-turn").textContent()) ?? "";
    if (!/Turn 2/.test(settled)) expect(settled).toMatch(/battles|Post-combat/);
    // The count is of the sides acting in the phase (the robots that have nothing to decide lock too).
    const [locked, acting] = ((await page.getByTestId("locked-count").textContent()) ?? "").split(" ")[0]!.split("/").map(Number);
    expect(locked!).toBeLessThanOrEqual(acting!);
    await shoot(page, "lockstep-phased-1942-next");
    await shootNarrow(page, "lockstep-phased-1942-next-narrow");
  }, 600_000);
});
