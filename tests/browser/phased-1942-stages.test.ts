// A 1942 game played a phase at a time (issue 21): its battles and post-combat phases on the 1942 map
// in the platform's frame (app/games/1942/stage/). The player of Germany gives the orders phase through
// the API (play.save of an orders batch, play.lock; robots play the other four seats), then in the
// browser picks casualties on the battle board other than the default, locks, lands the fighter on the
// map somewhere other than its default landing, locks, and turn 2 opens; the history stores what was
// picked. The whole flow once at 1440×900 and once at 390×844 (the panel a bottom sheet), each its own
// game; screenshots at both sizes. On the way: every battles phase's map opens framed on its battles
// (no marker cut by the map's edges or a phone's sheet), "Decide! N" counts Germany's open questions in
// the tab and the title, and the Board tab tells the board at the turn's start, then after combat.
// Also: the page's first HTML and the page with scripts off show the bar and the tabs (ruleset-shell.tsx);
// the bar says "live updates reconnecting…" while the event stream drops; no battle marker covers
// another, framed and on the whole world (Caucasus beside Karelia S.S.R., attacked too).
//
// Why it holds for every roll: low luck (R6.8). Germany attacks Caucasus (5 Russian infantry, no AA
// gun) from Ukraine S.S.R. with 3 infantry, 2 armour and a fighter. The defence fires 5 × 2 = 10: at
// least one sure hit in round 1, so Germany is always asked in round 1, with infantry, armour and the
// fighter to choose from (the default, R6.9, takes infantry): the player takes one armour in place of
// one infantry. The attack fires 12 in round 1 (two sure hits). Worst case after that (the defence's
// roll always hits, the player's always misses): Germany 2 inf, 1 arm, fighter (fire 8, one hit) against
// 3 inf (fire 6, one hit); then 1 inf, 1 arm, fighter (7) against 2 inf (4, a hit at worst); then 1 arm
// and the fighter (6) against 1 inf (2, a hit at worst): Russia is gone and the defaults (cheapest first)
// always leave the fighter, so it survives and must land (R7.1): Germany acts in post-combat. The
// robots' turn-1 orders do not touch Caucasus or Ukraine (their first turn is the same for every seed);
// Germany also defends the Baltic Sea Zone, which the test leaves to the defaults.
import { randomBytes } from "node:crypto";
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { battlesIn, createPhased1942, pageTrpc } from "./page-trpc";
import { battleMarkers, markerOverlaps, phaseText, sheet, untilGermanyActs } from "./phased-1942-page";
import { clickWhereVisible } from "./robot-game";
import { LONG, SKIP, onePageSession, settled, shoot, shootNarrow, signIn, transitionsDone, whenHydrated } from "./support";


describe.skipIf(SKIP)("a phased 1942 game's battles and post-combat on the map", () => {
  const session = onePageSession("lockstep-phased-1942-stages", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  /** One game through turn 1: the orders through the API, the battles and post-combat in the browser. */
  async function playTurn(page: Page, base: string, name: string, shots: string) {
    const gameId = await createPhased1942(page, name);
    // Karelia S.S.R. too, from Finland Norway: a battle beside Caucasus (adjacent), whose markers must
    // stand apart. Its defence fires 3 × 2 + 3 + 4 = 13 (two sure hits) at 3 infantry and an armour, so
    // Germany is asked there in round 1 as well, while Caucasus waits for round 1 too.
    const attack = [
      { id: "caucasus", units: { infantry: 3, armour: 2, fighter: 1 }, from: "Ukraine S.S.R.", path: ["Caucasus"] },
      { id: "karelia", units: { infantry: 3, armour: 1 }, from: "Finland Norway", path: ["Karelia S.S.R."] },
    ];
    expect(await pageTrpc(page, "play.save", { gameId, side: "Germany", phase: "orders", orders: attack })).toEqual({ ok: true });
    await pageTrpc(page, "play.lock", { gameId, side: "Germany" });

    // The page's first HTML, before any script (ruleset-shell.tsx): the bar and the tabs, not the live frame.
    const html = await (await page.request.get(`${base}/game/${gameId}/play`)).text();
    expect(html).toContain('data-testid="ruleset-shell"');
    expect(html).toMatch(/data-testid="game-turn">Turn <!-- -->1/);
    expect(html).toMatch(/data-testid="locked-count">/);
    expect(html).toMatch(/data-state="active">Orders</);
    expect(html).toMatch(/data-state="inactive">Sides</);
    expect(html).not.toContain('role="tablist"');
    // As a player sees it with no script run: the bar and the tabs over the board's place.
    const still = await page.context().browser()!.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: page.viewportSize() });
    const first = await still.newPage();
    await first.goto(`${base}/game/${gameId}/play`);
    expect(await first.getByTestId("game-turn").textContent()).toContain("Turn 1");
    expect(await first.getByTestId("ruleset-shell").locator('[data-state="active"]').textContent()).toBe("Orders");
    await shoot(first, `${shots}-shell`);
    await still.close();

    // The event stream cut: while it answers "connected" and ends at once (the server's stream dropped,
    // the browser's EventSource coming back), the bar says its live updates are reconnecting; once the
    // real stream answers again, it stops.
    const events = /\/api\/trpc\/game\.events/;
    const dropped = (route: Route) => route.fulfill({ status: 200, headers: { "content-type": "text/event-stream", "cache-control": "no-cache" }, body: "event: connected\ndata: {}\n\n" });
    await page.route(events, dropped);
    await page.goto(`${base}/game/${gameId}/play`);
    await page.getByTestId("ruleset-game").waitFor({ timeout: LONG });
    const reconnecting = page.getByTestId("reconnecting");
    await reconnecting.waitFor({ timeout: LONG });
    expect(await reconnecting.textContent()).toContain("live updates reconnecting…");
    if (shots.endsWith("phone")) await shoot(page, `${shots}-reconnecting`);
    await page.unroute(events, dropped);
    await reconnecting.waitFor({ state: "detached", timeout: LONG });
    // Gone for good, not between two drops (EventSource tries again after 3 s).
    expect(await settled(() => reconnecting.count(), 5_000)).toBe(0);
    let picked: { round: number; infantry: number } | null = null;
    let landedIn = "";
    let shotBattle = false;
    let framed = 0;
    let neighbours = false;
    let boardShown = 0;
    const narrow = (page.viewportSize()?.width ?? 1440) <= 700;
    for (let guard = 0; guard < 30; guard++) {
      const before = await untilGermanyActs(page);
      if (before.includes("Turn 2")) break;
      if ((await page.getByTestId("stage-lock").count()) > 0) {
        // A battles phase: the battles are markers on the map, and Germany's decisions wait in the panel.
        await page.getByTestId("stage-battles").waitFor();
        await whenHydrated(page.getByTestId("stage-lock")); // a click before the page runs does nothing
        const { view } = await pageTrpc<{ view: { battles: { territory: string }[]; requests: { kind: string; chooser: string; battle: string; round: number }[]; start: { treasury: Record<string, number> } } }>(page, "play.get", { gameId, side: "Germany" }, "GET");
        // The map opens framed on this phase's battles: every one's marker whole on the screen.
        await sheet(page, false);
        const territories = view.battles.map((b) => b.territory).sort();
        await expect.poll(() => battleMarkers(page), { timeout: LONG }).toEqual({ shown: territories, cut: [] });
        // No marker over another (marker-layout.ts): framed on the battles, and on the whole world,
        // where on a phone neighbouring battles (Caucasus and Karelia S.S.R.) lie closer than a marker is tall.
        await expect.poll(() => markerOverlaps(page), { timeout: LONG }).toEqual({ shown: territories.length, overlapping: [] });
        if (framed === 0) await shoot(page, `${shots}-battles-map`);
        await page.getByTestId("map-zoom-reset").click();
        await transitionsDone(page);
        await expect.poll(() => markerOverlaps(page), { timeout: LONG }).toEqual({ shown: territories.length, overlapping: [] });
        if (territories.includes("Caucasus") && territories.includes("Karelia S.S.R.")) {
          if (!neighbours) await shoot(page, `${shots}-battles-world`);
          neighbours = true;
        }
        framed++;
        // The Orders tab and the window's title count the decisions waiting for Germany (none kept yet).
        const asked = view.requests.filter((r) => r.chooser === "Germany").length;
        expect(asked).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId("tab-orders-decide").textContent(), { timeout: LONG }).toBe(`Decide! ${asked}`);
        await expect.poll(() => page.title(), { timeout: LONG }).toMatch(new RegExp(`^Decide! ${asked} · `));
        await sheet(page, true);
        if (boardShown === 0) {
          // The Board tab: every nation's treasury, territories and units at the turn's start (the attackers still in Ukraine).
          await page.getByTestId("tab-board").click();
          const germany = page.getByTestId("board-germany");
          await expect.poll(() => germany.locator('tr:has(th:text-is("Ukraine S.S.R."))').textContent(), { timeout: LONG }).toContain("armour");
          expect(await page.getByTestId("treasury-germany").textContent()).toBe(String(view.start.treasury.Germany));
          expect(await page.getByTestId("board-russia").locator('tr:has(th:text-is("Caucasus"))').textContent()).toContain("infantry");
          await shoot(page, `${shots}-board`);
          // The banner over the tabs says in words which decisions wait (classic game-banners.tsx), and
          // its "Decide now" brings back the Orders tab (on a phone, the sheet opened on it).
          const banner = page.getByTestId("decision-waiting");
          await expect.poll(() => banner.textContent(), { timeout: LONG }).toContain(asked === 1 ? "A decision waits for you: Germany: " : `${asked} decisions wait for you: Germany: `);
          // Each request in its own words: casualties to take, or (whatever the dice left) a retreat question.
          for (const r of view.requests.filter((q) => q.chooser === "Germany"))
            expect(await banner.textContent()).toContain(r.kind === "casualties" ? ` to take in ${r.battle}, round ${r.round}` : `submerge or withdraw in ${r.battle} after round ${r.round}`);
          await shoot(page, `${shots}-decide-banner`);
          await page.getByTestId("decide-now").click();
          await expect.poll(() => page.getByTestId("tab-orders").getAttribute("aria-selected"), { timeout: LONG }).toBe("true");
          if (narrow) {
            // Closed, the sheet is opened again by "Decide now" (showPanel).
            await sheet(page, false);
            await page.getByTestId("decide-now").click();
            await expect.poll(() => page.getByTestId("sheet-toggle").getAttribute("aria-expanded"), { timeout: LONG }).toBe("true");
          }
          boardShown = 1;
        }
        const form = page.locator('form[data-testid^="decision-caucasus-"][data-testid$="-general-axis"]');
        if (!picked && (await form.count()) > 0) {
          const id = (await form.getAttribute("data-testid"))!;
          const round = Number(/decision-caucasus-(\d+)-/.exec(id)![1]);
          await expect.poll(() => page.getByTestId("map-battle-decide-caucasus").count(), { timeout: LONG }).toBe(1);
          const need = Number(/of (\d+) hit/.exec((await page.getByTestId(`${id}-summary`).textContent()) ?? "")![1]);
          // The default (R6.9) takes infantry; the player taps an armour, then gives one infantry back.
          expect(await page.getByTestId(`${id}-pick-germany-armour-tap-0`).getAttribute("data-state")).toBe("kept");
          await page.getByTestId(`${id}-pick-germany-armour-tap-0`).click();
          const lostInfantry = page.locator(`[data-testid^="${id}-pick-germany-infantry-tap-"][data-state="lost"]`);
          await lostInfantry.last().click();
          await expect.poll(() => page.getByTestId(`${id}-summary`).textContent()).toContain(`${need} of ${need}`);
          if (!shotBattle) {
            shotBattle = true;
            await shoot(page, `${shots}-battle`);
            if (shots.endsWith("wide")) await shootNarrow(page, `${shots}-battle-narrow`);
          }
          await page.getByTestId(`${id}-confirm`).click();
          await page.getByTestId(`stage-kept-${id}`).waitFor({ timeout: LONG });
          expect(await page.getByTestId(`stage-kept-${id}`).textContent()).toContain("armour");
          // One decision fewer waits: the tab says so (no number once none is left, until Germany locks).
          await expect.poll(() => page.getByTestId("tab-orders-decide").textContent(), { timeout: LONG }).toBe(asked > 1 ? `Decide! ${asked - 1}` : "Decide!");
          picked = { round, infantry: need - 1 };
        }
        await page.getByTestId("stage-lock").click();
      } else {
        // Post-combat: the fighter that attacked Caucasus lands on the map, away from its default landing.
        const row = page.getByTestId("landing-fighter-caucasus-0");
        await row.waitFor({ timeout: LONG });
        await whenHydrated(row);
        await sheet(page, true);
        if (boardShown === 1) {
          // After combat the Board tab tells the board after it: Germany's survivors in Caucasus (at least the fighter), Russia's gone.
          await page.getByTestId("tab-board").click();
          await expect.poll(() => page.getByTestId("board-germany").locator('tr:has(th:text-is("Caucasus"))').textContent(), { timeout: LONG }).toContain("fighter");
          expect(await page.getByTestId("board-russia").locator('tr:has(th:text-is("Caucasus"))').count()).toBe(0);
          await shoot(page, `${shots}-board-after-combat`);
          await page.getByTestId("tab-orders").click();
          boardShown = 2;
        }
        const select = row.getByRole("combobox");
        const options = await select.locator("option").evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
        const preset = await select.inputValue();
        landedIn = options.find((o) => o !== "" && o !== preset)!;
        expect(landedIn).toBeTruthy();
        const map = page.getByTestId("landing-map");
        await map.locator('[data-shapes="loaded"]').waitFor({ timeout: LONG });
        await shoot(page, `${shots}-landing`);
        if (shots.endsWith("wide")) await shootNarrow(page, `${shots}-landing-narrow`);
        await sheet(page, false);
        const place = map.getByRole("button", { name: `Land in ${landedIn}`, exact: true });
        await clickWhereVisible(page, place).catch(async () => {
          await map.getByTestId("map-zoom-reset").click();
          await clickWhereVisible(page, place);
        });
        await expect.poll(() => select.inputValue()).toBe(landedIn);
        await sheet(page, true);
        await page.getByTestId("post-combat-lock-germany").click();
      }
      // The phase moves on (the robots have locked): the frame names the next one, or turn 2.
      await expect.poll(() => phaseText(page), { timeout: LONG }).not.toBe(before);
    }
    expect(picked).not.toBeNull();
    expect(landedIn).not.toBe("");
    expect(framed).toBeGreaterThan(0);
    // Caucasus and Karelia S.S.R. fought in one phase, their markers apart on the whole world.
    expect(neighbours).toBe(true);
    expect(boardShown).toBe(2);
    expect(await phaseText(page)).toContain("Turn 2");
    // Turn 1's battles over the tabs, from the whole turn's report: every one, Germany's in bold.
    const recent = page.getByTestId("recent-battles");
    await recent.waitFor({ timeout: LONG });
    type Fought = { territory: string; sides: Record<string, { nation: string }[]> };
    const { report } = await pageTrpc<{ report: { battles: Fought[] } }>(page, "play.turnReport", { gameId, turn: 1 }, "GET");
    const chips = recent.locator('[data-testid^="recent-battle-chip-"]');
    expect(await chips.count()).toBe(report.battles.length);
    const germany = report.battles.filter((b) => Object.values(b.sides).flat().some((u) => u.nation === "Germany")).map((b) => b.territory);
    expect(germany).toContain("Caucasus");
    expect(await chips.locator("strong").allTextContents()).toEqual(germany);
    await recent.scrollIntoViewIfNeeded();
    await shoot(page, `${shots}-turn2`);

    // What is stored is what was picked: the battle's round names the player's choice (an armour, the
    // rest infantry), and the post-combat batch lands the fighter where the map said.
    const history = (await pageTrpc(page, "play.history", { gameId }, "GET")) as { turns: { turn: number; step: number; orders: Record<string, unknown> | null; report: unknown }[] };
    const turn1 = history.turns.filter((t) => t.turn === 1);
    const caucasus = turn1.flatMap((t) => battlesIn(t.report)).filter((b) => b.territory === "Caucasus");
    const choice = caucasus.flatMap((b) => b.rounds.filter((r) => r.round === picked!.round).flatMap((r) => r.choices)).find((c) => c.team === "Axis" && c.step === "general");
    expect(choice).toMatchObject({ chooser: "Germany", by: "player" });
    const types = (choice!.picked ?? []).map((p) => p.type).sort();
    expect(types).toEqual([...Array<string>(picked!.infantry).fill("infantry"), "armour"].sort());
    const batches = turn1.flatMap((t) => (t.orders?.Germany ? [t.orders.Germany] : [])) as unknown[];
    expect(batches).toContainEqual(expect.objectContaining({ choices: expect.arrayContaining([expect.objectContaining({ battle: "Caucasus", round: picked!.round, step: "general" })]) }));
    expect(batches).toContainEqual(expect.objectContaining({ landings: [{ type: "fighter", from: "Caucasus", to: landedIn, count: 1 }] }));
  }

  it("at 1440×900: the player decides a battle on the battle board, lands the fighter on the map, and turn 2 opens", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `stages-${run}@example.com`);
    await playTurn(page, app.base, `Stages ${run}`, "lockstep-phased-1942-stages-wide");
  }, 600_000);

  it("at 390×844: the same turn on a phone, the panel a bottom sheet", async () => {
    const { page, app } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await playTurn(page, app.base, `Stages phone ${run}`, "lockstep-phased-1942-stages-phone");
  }, 600_000);
});
