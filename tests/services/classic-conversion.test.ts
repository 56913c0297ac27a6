// Classic 1942 games become phased games (docs/platform.md): games played through the classic
// services — battles decided by players, by a preference and by the deadline's default, robots'
// decisions, post-combat landings — are converted, and then the phased path tells the same story:
// play.get shows the board and treasury the classic game stood at, play.turnReport and the history
// give every turn's stored report, verify passes, the open turn's saved orders are each side's own
// saved batch (and no one else's), the game plays on through play.save/play.lock, and a rerun of the
// conversion changes nothing. A game in the middle of its battles is left classic until its turn ends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { battlePreferences, games, locks, orders, phases, standings } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { verifyGame } from "../../server/services/verify";
import { canonical } from "../../server/services/ruleset-games/verify";
import { importWholeTurnGame, importWholeTurnGames } from "../../server/services/ruleset-games/whole-turn-import";
import type { GameState } from "../../server/rulesets/1942/engine";
import { decideTurn, newClassicGame, orderAndLock, playClassicTurns, sensibleOrders, type ClassicGame } from "../support/classic-play";
import { testDb } from "../support/db";
import { callerFor, makeUser, phaseRows } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

type Row = typeof phases.$inferSelect;

/** Everything a game's conversion may write, to compare before and after a rerun. */
async function snapshot(gameId: number) {
  const rows = await phaseRows(handle, gameId);
  const ids = rows.map((r) => r.id);
  const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
  return canonical({
    game,
    rows,
    orders: await handle.db.select().from(orders).where(inArray(orders.phaseId, ids)).orderBy(orders.id),
    locks: await handle.db.select().from(locks).where(inArray(locks.phaseId, ids)),
    standings: await handle.db.select().from(standings).where(eq(standings.gameId, gameId)),
  });
}

/** The sides the open phase waits for whose players are these callers: each locks what it saved (or nothing: the defaults). */
async function lockOpenPhase(game: ClassicGame) {
  const [asAlice] = game.players[0]!;
  const view = await asAlice.play.get({ gameId: game.gameId });
  for (const [caller, nation] of game.players) if (view.phase?.sides.includes(nation) && !view.phase.locked.includes(nation)) await caller.play.lock({ gameId: game.gameId, side: nation });
  await drain(handle, "test");
}

/** Play on through play.* until turn `turn` opens for orders (or the game ends). */
async function playOnTo(game: ClassicGame, turn: number) {
  for (let i = 0; i < 40; i++) {
    const last = (await phaseRows(handle, game.gameId)).at(-1)!;
    if ((last.turn >= turn && last.step === 0 && last.status === "open") || last.status === "resolved") return;
    await lockOpenPhase(game);
  }
  throw new Error(`turn ${turn} never opened`);
}

const seen = { leftMidTurn: 0, battlePhases: 0, postCombatPhases: 0, playerChoices: 0, deadlineDefaults: 0 };

describe("classic 1942 games become phased games", () => {
  it("converts a game with its open turn's saved orders; the phased path tells the same results and plays on", { timeout: 600_000 }, async () => {
    const game = await newClassicGame(handle, { lowLuck: false });
    const { gameId, players } = game;
    const [asAlice] = players[0]!;
    const [asBob] = players[1]!;
    await playClassicTurns(handle, game, 2);
    const classic = await phaseRows(handle, gameId);
    const open = classic.at(-1)!;
    expect(open.status).toBe("open");
    for (const r of classic.slice(0, -1)) {
      seen.playerChoices += (r.decisions ?? []).filter((d) => d.by === "player").length;
      seen.deadlineDefaults += (r.decisions ?? []).filter((d) => d.by === "default").length;
    }
    // The open turn: Alice saves and keeps them open, Bob saves and locks; Alice keeps a casualty order.
    const alicesOrders = sensibleOrders(open, "Germany");
    const bobsOrders = sensibleOrders(open, "Russia");
    expect(alicesOrders.length).toBeGreaterThan(0);
    expect((await asAlice.orders.save({ gameId, nation: "Germany", orders: alicesOrders })).ok).toBe(true);
    if (bobsOrders.length > 0) expect((await asBob.orders.save({ gameId, nation: "Russia", orders: bobsOrders })).ok).toBe(true);
    await asBob.orders.lock({ gameId, nation: "Russia" });
    await asAlice.battle.setPreference({ gameId, casualties: "keep-air" });
    const [bobsPreference] = await handle.db.select().from(battlePreferences).where(and(eq(battlePreferences.gameId, gameId), eq(battlePreferences.userId, game.userIds[1]!)));
    const classicView = await asAlice.game.get({ gameId });
    const reports = classic.filter((r) => r.status === "resolved").map((r) => ({ turn: r.turn, report: r.report }));

    expect(await importWholeTurnGame(handle.db, gameId)).toMatchObject({ gameId, outcome: "converted" });
    const rows = await phaseRows(handle, gameId);
    seen.battlePhases += rows.filter((r) => r.step > 0 && (r.startState as { stage?: string }).stage === "battles").length;
    seen.postCombatPhases += rows.filter((r) => (r.startState as { stage?: string }).stage === "post-combat").length;
    expect((await asAlice.play.kind({ gameId })).phased).toBe(true);

    // The board, owners and treasury the classic game stood at; the open phase waits for Alice only.
    const mine = await asAlice.play.get({ gameId });
    const state = mine.view as GameState;
    expect(mine.turn).toBe(open.turn);
    expect(canonical(state.owners)).toBe(canonical(classicView.board!.owners));
    expect(canonical(state.treasury)).toBe(canonical(classicView.board!.treasury));
    expect(canonical(state.units)).toBe(canonical((open.startState as GameState).units));
    expect(mine.phase).toMatchObject({ status: "open", locked: ["Japan", "Russia", "United Kingdom", "United States"] });

    // Secrets: each side's saved orders are its own saved batch, seen by its player alone.
    expect(mine.saved).toEqual(alicesOrders);
    const bobs = await asBob.play.get({ gameId });
    expect(bobs.saved).toEqual(bobsOrders.length > 0 ? bobsOrders : null);
    const outsider = callerFor(handle, await makeUser(handle, `eve-${Math.random()}@example.com`));
    expect((await outsider.play.get({ gameId })).saved).toBeNull();
    for (const reader of [asBob, outsider]) {
      const text = JSON.stringify([await reader.play.history({ gameId }), await reader.play.download({ gameId })]);
      expect(text).not.toContain(JSON.stringify(alicesOrders[0]));
    }
    // The casualty order each player kept is the side's standing setting, read by its player alone.
    expect(await asAlice.play.standing({ gameId, side: "Germany" })).toEqual({ value: { casualties: "keep-air" } });
    const bobsKept = bobsPreference && bobsPreference.casualties !== "default" ? { casualties: bobsPreference.casualties } : null;
    expect(await asBob.play.standing({ gameId, side: "Russia" })).toEqual({ value: bobsKept });
    await expect(asBob.play.standing({ gameId, side: "Germany" })).rejects.toThrow();

    // Every turn's report as the classic game stored it, and every phase in the history.
    for (const { turn, report } of reports) expect(canonical((await asBob.play.turnReport({ gameId, turn })).report), `turn ${turn}`).toBe(canonical(report));
    const history = await asBob.play.history({ gameId });
    expect(history.turns.map((t) => [t.turn, t.step])).toEqual(rows.map((r) => [r.turn, r.step]));
    expect(history.turns.filter((t) => t.status === "resolved").every((t) => t.seed !== null && t.phase !== null)).toBe(true);
    expect(await verifyGame(handle.db, gameId)).toMatchObject({ ok: true });
    expect((await asAlice.play.verify({ gameId })).ok).toBe(true);

    // The classic procedures now send the players to play.*.
    await expect(asAlice.game.get({ gameId })).rejects.toThrow(/play\./);

    // A rerun changes nothing.
    const before = await snapshot(gameId);
    expect(await importWholeTurnGame(handle.db, gameId)).toMatchObject({ outcome: "unchanged", reason: /already/ });
    expect(await importWholeTurnGames(handle.db)).not.toContainEqual(expect.objectContaining({ gameId, outcome: "converted" }));
    expect(await snapshot(gameId)).toBe(before);

    // The game plays on from where it stood: Alice locks her saved orders, the turn's phases follow.
    await playOnTo(game, open.turn + 1);
    const after = await phaseRows(handle, gameId);
    const turnRows = after.filter((r) => r.turn === open.turn);
    expect(turnRows.every((r) => r.status === "resolved")).toBe(true);
    expect(turnRows[0]!.orders).toMatchObject({ Germany: alicesOrders });
    expect((await asBob.play.turnReport({ gameId, turn: open.turn })).resolved).toBe(true);
    expect(await verifyGame(handle.db, gameId)).toMatchObject({ ok: true });
  });

  it("leaves a game whose turn is in its battles classic, and converts it once the turn is over (low luck, house rules)", { timeout: 600_000 }, async () => {
    const game = await newClassicGame(handle, { lowLuck: true, houseRules: { victoryCities: true, commerceRaiding: true } });
    const { gameId } = game;
    await playClassicTurns(handle, game, 1);
    await orderAndLock(handle, game);
    const waiting = (await phaseRows(handle, gameId)).at(-1)!;
    if (waiting.status === "battles" || waiting.status === "post-combat") {
      const before = await snapshot(gameId);
      const outcome = await importWholeTurnGame(handle.db, gameId);
      expect(outcome).toMatchObject({ outcome: "unchanged", reason: expect.stringMatching(/turn 2 is being played/) });
      expect(await snapshot(gameId)).toBe(before);
      seen.leftMidTurn += 1;
    }
    await decideTurn(handle, game, 2);
    const classic: Row[] = await phaseRows(handle, gameId);
    expect(classic.at(-1)!.status).toBe("open");
    expect(await importWholeTurnGames(handle.db, [gameId])).toEqual([expect.objectContaining({ gameId, outcome: "converted" })]);
    const rows = await phaseRows(handle, gameId);
    seen.battlePhases += rows.filter((r) => (r.startState as { stage?: string }).stage === "battles").length;
    seen.postCombatPhases += rows.filter((r) => (r.startState as { stage?: string }).stage === "post-combat").length;
    // Low luck and the house rules are the game's rules on the phased path, and in every state.
    const [stored] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(stored!.options.rules).toEqual({ lowLuck: true, houseRules: { victoryCities: true, commerceRaiding: true } });
    expect(rows.filter((r) => r.step === 0).every((r) => (r.startState as GameState).lowLuck === true)).toBe(true);
    for (const r of classic.filter((c) => c.status === "resolved")) expect(canonical((await game.players[1]![0].play.turnReport({ gameId, turn: r.turn })).report)).toBe(canonical(r.report));
    expect(await verifyGame(handle.db, gameId)).toMatchObject({ ok: true });
    await playOnTo(game, 4);
    expect(await verifyGame(handle.db, gameId)).toMatchObject({ ok: true });
  });

  it("converts a finished game: the same result, every turn's report, verify", { timeout: 600_000 }, async () => {
    // R9.1: a minor victory from turn 2 on ends the game at the first turn that ends untied.
    const game = await newClassicGame(handle, { lowLuck: true, houseRules: { victoryCities: true, minorVictoryTurn: 2 } });
    const { gameId } = game;
    await playClassicTurns(handle, game, 10);
    const [ended] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(ended!.status).toBe("finished");
    const classic = await phaseRows(handle, gameId);
    expect(await importWholeTurnGame(handle.db, gameId)).toEqual({ gameId, outcome: "converted", phases: expect.any(Number) });
    const [asAlice] = game.players[0]!;
    const view = await asAlice.play.get({ gameId });
    expect(view.phase?.status).toBe("finished");
    expect(view.result).toEqual(ended!.result);
    for (const r of classic) expect(canonical((await asAlice.play.turnReport({ gameId, turn: r.turn })).report), `turn ${r.turn}`).toBe(canonical(r.report));
    expect(await verifyGame(handle.db, gameId)).toMatchObject({ ok: true });
    const before = await snapshot(gameId);
    expect(await importWholeTurnGame(handle.db, gameId)).toMatchObject({ outcome: "unchanged" });
    expect(await snapshot(gameId)).toBe(before);
  });

  it("converts a challenge still waiting for players: it starts as a phased game", async () => {
    const alice = callerFor(handle, await makeUser(handle, `alice-w-${Math.random()}@example.com`));
    const bob = callerFor(handle, await makeUser(handle, `bob-w-${Math.random()}@example.com`));
    const { gameId } = await alice.game.create({ name: "Waiting", nations: ["Germany"], robots: ["Japan", "United Kingdom", "United States"], lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true });
    expect(await importWholeTurnGame(handle.db, gameId)).toEqual({ gameId, outcome: "converted", phases: 0 });
    await bob.play.join({ gameId, side: "Russia" });
    const view = await bob.play.get({ gameId });
    expect(view.phase).toMatchObject({ status: "open", step: expect.anything() });
    expect((view.view as GameState).lowLuck).toBe(true);
    expect((await phaseRows(handle, gameId)).map((r) => r.engineVersion)).toEqual([expect.stringMatching(/^1942 /)]);
  });

  it("covered battles phases decided by players and by deadlines, and post-combat phases", () => {
    expect(seen.battlePhases).toBeGreaterThan(0);
    expect(seen.playerChoices).toBeGreaterThan(0);
    expect(seen.deadlineDefaults).toBeGreaterThan(0);
    expect(seen.postCombatPhases).toBeGreaterThan(0);
    expect(seen.leftMidTurn).toBe(1);
  });
});
