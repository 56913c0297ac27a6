// One verify service for every ruleset (issue 21; issue 20's one computation per phase at a time): a
// game played phase by phase has its checks stored and made once however many ask, as a 1942 game's
// are; a 1942 row of a whole turn replays through its ruleset (Ruleset.replayTurn), not through the
// platform knowing 1942; and a stored check counts only while the phase is as it was checked, so a
// row forged after a check is caught by the next game.verify, of either kind of game.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { createDb, type DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { verifyGame } from "../../server/services/verify";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { callerFor, makeUser, phaseRows, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rowsOf = (gameId: number) => phaseRows(handle, gameId);

/** A War of the Triple Alliance game against a robot, three turns resolved through the worker. */
async function tripleAllianceGame(email: string) {
  const user = await makeUser(handle, email);
  const caller = callerFor(handle, user);
  const { gameId } = await caller.play.create({ name: "Encuentro", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: ["brazil"], ordersHours: 24, excusedMisses: 0 });
  const ruleset = getRuleset("triple-alliance")!;
  for (let turn = 1; turn <= 3; turn++) {
    const [open] = await handle.db.select().from(phases).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
    await caller.play.save({ gameId, side: "paraguay", orders: ruleset.robot(open!.startState, "paraguay", `${email}-${turn}`) });
    await caller.play.lock({ gameId, side: "paraguay" });
    expect(await drain(handle, "test")).toBe(1);
  }
  return { gameId, caller, ruleset };
}

/** A 1942 game with two resolved turns. */
async function classicGame(lowLuck = false) {
  const game = await twoPlayerGame(handle, { lowLuck });
  for (let turn = 0; turn < 2; turn++) {
    await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
    await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
    await drain(handle, "test");
  }
  return game;
}

describe("verify, for a game played phase by phase", () => {
  it("stores each final phase's check and replays each phase once, however many requests ask at the same time", async () => {
    const { gameId, ruleset } = await tripleAllianceGame("vera-ta@example.com");
    const resolve = vi.spyOn(ruleset, "resolve");
    const results = await Promise.all(Array.from({ length: 12 }, () => verifyGame(handle.db, gameId, { cached: true })));
    expect(results.every((r) => r.ok && r.phases.length === 3)).toBe(true);
    expect(results[0]!.phases.map((p) => [p.turn, p.step])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(resolve).toHaveBeenCalledTimes(3);
    const stored = (await rowsOf(gameId)).filter((p) => p.status === "resolved");
    expect(stored.map((p) => p.verification && { engine: p.verification.engine, ok: p.verification.ok })).toEqual(stored.map(() => ({ engine: `triple-alliance ${ruleset.version}`, ok: true })));
    // Later requests read the stored checks: nothing is replayed.
    expect(await verifyGame(handle.db, gameId, { cached: true })).toEqual(results[0]);
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  // Two pools on one Postgres database stand for two app processes.
  if (onPostgres) {
    it("replays each phase once across processes", async () => {
      const { gameId, ruleset } = await tripleAllianceGame("xan-ta@example.com");
      const other = await createDb({ url: databaseUrlOf(handle)! });
      try {
        const resolve = vi.spyOn(ruleset, "resolve");
        const results = await Promise.all([handle, other].flatMap((h) => Array.from({ length: 6 }, () => verifyGame(h.db, gameId, { cached: true }))));
        expect(results.every((r) => r.ok && r.phases.length === 3)).toBe(true);
        expect(resolve).toHaveBeenCalledTimes(3);
      } finally {
        await other.close();
      }
    });
  }

  it("catches a report forged after its phase was checked, and a phase moved to another turn", async () => {
    const { gameId, caller } = await tripleAllianceGame("wim-ta@example.com");
    expect((await caller.play.verify({ gameId })).ok).toBe(true);
    const [first, , third, open] = await rowsOf(gameId);
    await handle.db.update(phases).set({ report: { forged: true } }).where(eq(phases.id, first!.id));
    const forged = await caller.play.verify({ gameId });
    expect(forged.phases.map((p) => p.ok)).toEqual([false, true, true]);
    expect(forged.phases[0]!.problems).toEqual(["replaying the stored orders with the stored seed gives a different report"]);
    // npm run verify's road (no stored check read) says the same.
    expect((await verifyGame(handle.db, gameId)).phases[0]!.problems).toEqual(forged.phases[0]!.problems);
    await handle.db.update(phases).set({ report: first!.report }).where(eq(phases.id, first!.id));
    await handle.db.update(phases).set({ turn: 9 }).where(eq(phases.id, open!.id));
    const moved = await caller.play.verify({ gameId });
    expect(moved.phases.find((p) => p.phaseId === third!.id)!.problems).toEqual(["turn 9 follows, but this phase leads to turn 4"]);
    await handle.db.update(phases).set({ turn: 4 }).where(eq(phases.id, open!.id));
    expect((await caller.play.verify({ gameId })).ok).toBe(true);
  });
});

describe("verify, for a 1942 game (a row a turn)", () => {
  it("replays each turn through its ruleset's replayTurn with the game's options, once, and stores the check as it always has", async () => {
    const game = await classicGame(true);
    const ruleset = getRuleset("1942")!;
    const replayTurn = vi.spyOn(ruleset, "replayTurn");
    const result = await game.asBob.game.verify({ gameId: game.gameId });
    expect(result).toEqual({ gameId: game.gameId, ok: true, phases: (await rowsOf(game.gameId)).filter((p) => p.status === "resolved").map((p) => ({ turn: p.turn, phaseId: p.id, ok: true, problems: [] })) });
    expect(replayTurn).toHaveBeenCalledTimes(2);
    // Low luck (R6.8) reaches the replay: the game's options, as its setup took them.
    expect(replayTurn.mock.calls.map(([turn]) => (turn.options as { lowLuck?: boolean }).lowLuck)).toEqual([true, true]);
    expect((await rowsOf(game.gameId)).filter((p) => p.status === "resolved").map((p) => p.verification?.engine)).toEqual([ruleset.version, ruleset.version]);
    await game.asAlice.game.verify({ gameId: game.gameId });
    expect(replayTurn).toHaveBeenCalledTimes(2);
  });

  it("catches a report forged after the turn was checked, with the message it always gave", async () => {
    const game = await classicGame();
    expect((await game.asBob.game.verify({ gameId: game.gameId })).ok).toBe(true);
    const [first] = await rowsOf(game.gameId);
    await handle.db.update(phases).set({ report: { tampered: true } }).where(eq(phases.id, first!.id));
    const again = await game.asBob.game.verify({ gameId: game.gameId });
    expect(again.ok).toBe(false);
    expect(again.phases[0]!.problems).toEqual(["replaying the stored orders with the stored seed gives a different report"]);
  });

  it("names an engine version other than the ruleset's as it always has", async () => {
    const game = await classicGame();
    const [first] = await rowsOf(game.gameId);
    await handle.db.update(phases).set({ engineVersion: "0.0.1" }).where(eq(phases.id, first!.id));
    const result = await verifyGame(handle.db, game.gameId);
    expect(result.phases[0]!.problems).toEqual([`resolved by engine 0.0.1; this is ${getRuleset("1942")!.version}`]);
  });
});
