// The creator's clock on a game played a phase at a time (R3.1 for every ruleset; docs/platform.md):
// play.pause stops it, so no deadline passes, and play.resume gives the time back, by the classic
// game's own service (services/pause.ts). Only the creator may; another player is refused by name.
// The view tells everyone the options the game was made with and the creator that it may pause.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { sweepDeadlines } from "../../server/services/deadlines";
import { registerRelay } from "../support/relay-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser, phaseRows, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerRelay();
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const HOUR = 3_600_000;
const openOf = async (gameId: number) => (await phaseRows(handle, gameId)).find((p) => p.status === "open")!;

async function relayGame() {
  const tag = Math.random();
  const [ann, ben] = [await makeUser(handle, `ann-pause-${tag}@example.com`), await makeUser(handle, `ben-pause-${tag}@example.com`)];
  const [asAnn, asBen] = [callerFor(handle, ann), callerFor(handle, ben)];
  const { gameId } = await asAnn.play.create({ name: `Pause ${tag}`, ruleset: "relay-decide", scenario: "room", seats: 2, mine: ["a"], ordersHours: 24, decisionHours: 2, rules: { turns: 2 } });
  expect(await asBen.play.join({ gameId, side: "b" })).toEqual({ started: true });
  return { asAnn, asBen, gameId };
}

describe("pausing a game played a phase at a time", () => {
  it("stops its deadlines for the creator alone, and resuming keeps their remaining time", async () => {
    const { asAnn, asBen, gameId } = await relayGame();
    expect((await asAnn.play.get({ gameId })).game.mayPause).toBe(true);
    expect((await asBen.play.get({ gameId })).game.mayPause).toBe(false);
    await expect(asBen.play.pause({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Only the game's creator") });
    expect((await asBen.play.get({ gameId })).game.pausedAt).toBeNull();

    const { pausedAt } = await asAnn.play.pause({ gameId });
    expect((await asBen.play.get({ gameId })).game.pausedAt).toBe(pausedAt);
    await expect(asAnn.play.pause({ gameId })).rejects.toMatchObject({ code: "CONFLICT", message: "The game is already paused" });
    await expect(asBen.play.resume({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("Only the game's creator") });

    // Paused two hours ago with one hour left: the deadline is an hour past, but nothing passes.
    const phase = await openOf(gameId);
    const now = Date.now();
    await handle.db.update(games).set({ pausedAt: new Date(now - 2 * HOUR) }).where(eq(games.id, gameId));
    await handle.db.update(phases).set({ deadline: new Date(now - HOUR) }).where(eq(phases.id, phase.id));
    expect(await sweepDeadlines(handle.db)).toBe(0);
    expect((await openOf(gameId)).id).toBe(phase.id);
    // Orders may still be saved meanwhile.
    expect(await asBen.play.save({ gameId, side: "b", orders: { say: "hello" } })).toMatchObject({ ok: true });

    const { shiftedMs } = await asAnn.play.resume({ gameId });
    expect(shiftedMs).toBeGreaterThanOrEqual(2 * HOUR);
    const resumed = await openOf(gameId);
    expect(resumed.id).toBe(phase.id);
    const left = resumed.deadline.getTime() - Date.now();
    expect(left).toBeGreaterThan(HOUR - 60_000);
    expect(left).toBeLessThanOrEqual(HOUR);
    expect(await sweepDeadlines(handle.db)).toBe(0);
    expect((await asBen.play.get({ gameId })).game.pausedAt).toBeNull();
    await expect(asAnn.play.resume({ gameId })).rejects.toMatchObject({ code: "CONFLICT", message: "The game is not paused" });
  });

  it("tells every viewer the options the game was made with: its deadlines' hours and the ruleset's own", async () => {
    const { asBen, gameId } = await relayGame();
    const { game } = await asBen.play.get({ gameId });
    expect(game).toMatchObject({ ordersHours: 24, decisionHours: 2, rules: [{ id: "turns", name: "Turns", value: 2 }] });
  });

  it("refuses a classic 1942 game, naming its own procedures", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    await expect(asAlice.play.pause({ gameId })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("game.pause") });
    expect((await asAlice.game.get({ gameId })).game.pausedAt).toBeNull();
  });
});
