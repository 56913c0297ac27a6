// Victory (R8.6) in a web game: the turn that meets a victory condition ends the game — no next
// turn opens, every player is told once, and the result is readable by players and spectators alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, notifications, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("the end of a game (R8.6)", () => {
  it("finishes the game at the victory, opens no further turn and shows the result to everyone", async () => {
    const { asAlice, asBob, alice, bob, gameId } = await twoPlayerGame(handle);
    // The Axis already hold Moscow and London, emptied, when turn 1 begins: the end of turn 1 is an Axis victory.
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const start = phase!.startState;
    const state = {
      ...start,
      owners: { ...start.owners, Russia: "Germany" as const, "United Kingdom": "Japan" as const },
      units: start.units.filter((u) => u.at !== "Russia" && u.at !== "United Kingdom"),
    };
    await handle.db.update(phases).set({ startState: state }).where(eq(phases.id, phase!.id));
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");

    const [game] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(game!.status).toBe("finished");
    expect(await handle.db.select().from(phases).where(eq(phases.gameId, gameId))).toHaveLength(1);
    for (const user of [alice, bob]) {
      const told = await handle.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.gameId, gameId), eq(notifications.kind, "game-over")));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain("the Axis won in turn 1");
    }
    const carol = await makeUser(handle, `carol-v-${Math.random()}@example.com`);
    for (const caller of [asAlice, callerFor(handle, carol)]) {
      const view = await caller.game.get({ gameId });
      expect(view.game.status).toBe("finished");
      expect(view.result).toEqual({ winner: "Axis", turn: 1, reason: expect.stringContaining("R8.6") });
    }
    // No more orders: the game is over.
    await expect(asAlice.orders.save({ gameId, nation: "Germany", orders: [] })).rejects.toMatchObject({ code: "CONFLICT" });
    // Germany had locked turn 1: locking again is refused as finished, not answered "resolving".
    for (const attempt of [() => asAlice.orders.lock({ gameId, nation: "Germany" }), () => asAlice.orders.unlock({ gameId, nation: "Germany" }), () => asAlice.orders.save({ gameId, nation: "Germany", orders: [] })])
      await expect(attempt()).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("finished") });
  });
});
