// A 1942 game played a phase at a time (issue 21), on a phone (390×844) where the frame's bottom sheet
// hides the panel: a decision waiting for the player says "Decide!" in the Orders tab and the window's
// title; a battle's marker tapped on the map opens the sheet on that battle (showPanel); the player
// sets its standing casualty order (play.setStanding, kept after a reload) and leaves that battle alone
// to it ("Decide this and every later round for me", saved in its batch's `prefer`); every later round
// of that battle resolves without asking it, as the report then shows (its choices there are its own,
// by the preference, in the order it kept); after the turn, a place tapped on the review's map opens
// the review's sheet.
//
// Why it holds for every roll: low luck (R6.8) and the attack of phased-1942-stages.test.ts (Germany
// into Caucasus with 3 infantry, 2 armour and a fighter against 5 infantry): the defence scores at
// least one sure hit in round 1, so a battles phase always asks Germany. Every later phase is waited
// for by what the page shows (Germany's Lock, post-combat's Lock, or turn 2), whatever the dice did;
// in each, the battle left to the preference is never one Germany must act for.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { battlesIn, createPhased1942, pageTrpc } from "./page-trpc";
import { phaseText, sheet, untilGermanyActs } from "./phased-1942-page";
import { clickWhereVisible } from "./robot-game";
import { LONG, SKIP, onePageSession, shoot, signIn, transitionsDone, whenHydrated } from "./support";

const sheetState = (page: Page, frame: string) => page.getByTestId(frame).getAttribute("data-sheet");

describe.skipIf(SKIP)("a phased 1942 game on a phone: the sheet follows the map, decisions draw the eye, the standing preference", () => {
  const session = onePageSession("lockstep-phased-1942-decide", { width: 390, height: 844 });
  const run = randomBytes(3).toString("hex");

  it("opens the sheet on a tapped battle, says Decide!, keeps the preference in the batch, and opens the review's sheet on a tapped place", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `decide-${run}@example.com`);
    const gameId = await createPhased1942(page, `Decide ${run}`);
    const attack = [{ id: "caucasus", units: { infantry: 3, armour: 2, fighter: 1 }, from: "Ukraine S.S.R.", path: ["Caucasus"] }];
    expect(await pageTrpc(page, "play.save", { gameId, side: "Germany", phase: "orders", orders: attack })).toEqual({ ok: true });
    await pageTrpc(page, "play.lock", { gameId, side: "Germany" });

    await page.goto(`${app.base}/game/${gameId}/play`);
    await page.getByTestId("ruleset-game").waitFor({ timeout: LONG });
    let tapped = false;
    let where = "";
    let preferred: string[] | null = null;
    for (let guard = 0; guard < 30; guard++) {
      const before = await untilGermanyActs(page);
      if (before.includes("Turn 2")) break;
      if ((await page.getByTestId("stage-lock").count()) > 0) {
        await whenHydrated(page.getByTestId("stage-lock"));
        if (preferred) {
          // A later phase that asks Germany: never for the battle left to the preference (its decisions
          // there are not waiting ones), which says so with no button.
          const view = (await pageTrpc(page, "play.get", { gameId }, "GET")) as { view: { requests: { chooser: string; battle: string }[] } };
          expect(view.view.requests.some((r) => r.chooser === "Germany" && !preferred!.includes(r.battle))).toBe(true);
          const left = page.getByTestId(`stage-prefer-${where}`);
          if ((await left.count()) > 0) {
            expect(await left.getAttribute("data-on")).toBe("1");
            expect(await page.getByTestId(`stage-prefer-${where}-toggle`).count()).toBe(0);
          }
        }
        // A decision waits for Germany: the Orders tab and the window's title say so.
        await expect.poll(() => page.getByTestId("tab-orders-decide").count(), { timeout: LONG }).toBe(1);
        await expect.poll(() => page.title(), { timeout: LONG }).toMatch(/^Decide!( \d+)? · /);
        if (!tapped) {
          // The sheet is at its peek; a tap on the marker of a battle waiting for Germany opens it on that battle.
          expect(await sheetState(page, "ruleset-game")).toBe("closed");
          const decide = page.locator('[data-testid^="map-battle-decide-"]').first();
          await decide.waitFor({ timeout: LONG });
          where = (await decide.getAttribute("data-testid"))!.replace("map-battle-decide-", "");
          const marker = page.getByTestId(`map-battle-${where}`);
          await clickWhereVisible(page, marker).catch(async () => {
            await page.getByTestId("map-zoom-reset").click();
            await clickWhereVisible(page, marker);
          });
          await expect.poll(() => sheetState(page, "ruleset-game"), { timeout: LONG }).toBe("open");
          await expect.poll(() => page.getByTestId(`live-battle-${where}`).getAttribute("data-focused"), { timeout: LONG }).toBe("1");
          await transitionsDone(page);
          await shoot(page, "lockstep-phased-1942-decide-marker-390");
          tapped = true;
        }
        if (!preferred) {
          // The standing order, "keep my armour", kept for the side; then the tapped battle alone left to it.
          await sheet(page, true);
          await page.getByTestId("stage-prefer-order").selectOption("keep-armour");
          await expect.poll(() => page.getByTestId("stage-message").textContent(), { timeout: LONG }).toContain("Kept: your casualty order");
          const toggle = page.getByTestId(`stage-prefer-${where}-toggle`);
          await expect.poll(() => toggle.textContent(), { timeout: LONG }).toBe("Decide this and every later round for me");
          await toggle.click();
          await expect.poll(() => page.getByTestId(`stage-prefer-${where}`).getAttribute("data-on"), { timeout: LONG }).toBe("1");
          await page.reload();
          await whenHydrated(page.getByTestId("stage-lock"));
          // After a reload: the battle still left to it (the batch), the order still kept (the side's standing one).
          await expect.poll(() => page.getByTestId(`stage-prefer-${where}`).getAttribute("data-on"), { timeout: LONG }).toBe("1");
          expect(await page.getByTestId("stage-prefer-order").inputValue()).toBe("keep-armour");
          expect(await page.getByTestId("stage-decisions-count").textContent()).toContain("left to your preference");
          // Its marker no longer asks for Germany's decision.
          await page.getByTestId(`map-battle-${where}`).waitFor({ state: "attached", timeout: LONG });
          expect(await page.getByTestId(`map-battle-decide-${where}`).count()).toBe(0);
          const note = (await page.getByTestId(`stage-prefer-${where}-note`).textContent()) ?? "";
          expect(note).toContain("Keep my armour");
          preferred = [/every later round of (.+) are decided for you/.exec(note)![1]!];
          expect(await page.getByTestId(`stage-prefer-${where}-toggle`).textContent()).toBe("Decide it myself");
          await sheet(page, true);
          await page.getByTestId("stage-prefer").scrollIntoViewIfNeeded();
          await transitionsDone(page);
          await shoot(page, "lockstep-phased-1942-decide-order-390");
          await page.getByTestId(`stage-prefer-${where}`).scrollIntoViewIfNeeded();
          await transitionsDone(page);
          await shoot(page, "lockstep-phased-1942-decide-prefer-390");
          await page.setViewportSize({ width: 1440, height: 900 });
          await transitionsDone(page);
          await page.getByTestId(`stage-prefer-${where}`).scrollIntoViewIfNeeded();
          await shoot(page, "lockstep-phased-1942-decide-prefer-1440");
          await page.setViewportSize({ width: 390, height: 844 });
        }
        await sheet(page, true);
        await page.getByTestId("stage-lock").click();
        // Locked: nothing waits for Germany any more (unless the next phase already asks it again).
        await expect.poll(async () => (await page.getByTestId("tab-orders-decide").count()) === 0 || (await phaseText(page)) !== before, { timeout: LONG }).toBe(true);
      } else {
        await whenHydrated(page.getByTestId("post-combat-lock-germany"));
        await sheet(page, true);
        await page.getByTestId("post-combat-lock-germany").click();
      }
      await expect.poll(() => phaseText(page), { timeout: LONG }).not.toBe(before);
    }
    expect(tapped).toBe(true);
    expect(preferred).not.toBeNull();
    expect(await phaseText(page)).toContain("Turn 2");
    // Turn 2's orders phase asks no decision: the title is the game's again.
    await expect.poll(() => page.title(), { timeout: LONG }).not.toMatch(/^Decide!/);

    // The stored batch carries the battle and the order it was decided with (the standing one, given as
    // the phase closed), and every decision of Germany's in that battle was its own (by the preference) or
    // forced: no later round asked it, none took the default.
    const history = (await pageTrpc(page, "play.history", { gameId }, "GET")) as { turns: { turn: number; orders: Record<string, unknown> | null; report: unknown }[] };
    const turn1 = history.turns.filter((t) => t.turn === 1);
    const batches = turn1.flatMap((t) => (t.orders?.Germany ? [t.orders.Germany] : [])) as unknown[];
    expect(batches).toContainEqual(expect.objectContaining({ prefer: { casualties: "keep-armour", battles: preferred } }));
    // The side's order outlives the turn: turn 2's view still carries it.
    expect(((await pageTrpc(page, "play.get", { gameId }, "GET")) as { standing: unknown }).standing).toEqual({ casualties: "keep-armour" });
    const germany = turn1
      .flatMap((t) => battlesIn(t.report))
      .filter((b) => preferred!.includes(b.territory))
      .flatMap((b) => b.rounds.flatMap((r) => r.choices.filter((c) => c.chooser === "Germany")));
    expect(germany.length).toBeGreaterThan(0);
    expect(germany.every((c) => c.by === "player" || c.by === "forced")).toBe(true);

    // The turn's review: a place tapped on the map shows its sentences in the sheet.
    await page.goto(`${app.base}/game/${gameId}/turn/1`);
    const map = page.getByTestId("ruleset-review");
    await map.locator('svg[data-shapes="loaded"]').first().waitFor({ timeout: LONG });
    await whenHydrated(page.getByTestId("review-step-land-battles"));
    await page.getByTestId("review-step-land-battles").click();
    await expect.poll(() => page.getByTestId("review-step").getAttribute("data-step"), { timeout: LONG }).toBe("land-battles");
    expect(await sheetState(page, "ruleset-review")).toBe("closed");
    const place = page.getByTestId("review-place-caucasus");
    await clickWhereVisible(page, place).catch(async () => {
      await page.getByTestId("map-zoom-reset").click();
      await clickWhereVisible(page, place);
    });
    await expect.poll(() => sheetState(page, "ruleset-review"), { timeout: LONG }).toBe("open");
    await expect.poll(() => place.getAttribute("aria-pressed"), { timeout: LONG }).toBe("true");
    await transitionsDone(page);
    await shoot(page, "lockstep-phased-1942-decide-review-390");
  }, 600_000);
});
