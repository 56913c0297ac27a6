// game.verify under a burst (issue 20: a player's 5 parallel batches of 20 verifies of a 3-turn game
// took 7.7 s cold and delayed other queries): each phase is replayed once at a time however many
// requests ask — in one process and, on a Postgres server, across processes — and each user may ask
// a bounded number of times a minute (429 with a message).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createDb, type DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { verifyGame } from "../../server/services/verify";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

const replays = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../server/rulesets/1942/stored/replay", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../server/rulesets/1942/stored/replay")>();
  return {
    ...original,
    resolveStored: (...args: Parameters<typeof original.resolveStored>) => {
      replays.count += 1;
      return original.resolveStored(...args);
    },
  };
});

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

/** A game with three resolved turns, no check stored yet. */
async function threeTurnGame() {
  const game = await twoPlayerGame(handle);
  for (let turn = 0; turn < 3; turn++) {
    await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
    await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
    await drain(handle, "test");
  }
  const resolved = (await handle.db.select().from(phases).where(eq(phases.gameId, game.gameId))).filter((p) => p.status === "resolved");
  expect(resolved).toHaveLength(3);
  expect(resolved.every((p) => p.verification === null)).toBe(true);
  return game;
}

describe("game.verify under a burst", () => {
  it("replays each phase once, however many requests ask at the same time", async () => {
    const game = await threeTurnGame();
    replays.count = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => verifyGame(handle.db, game.gameId, { cached: true })));
    expect(results.every((r) => r.ok && r.phases.length === 3)).toBe(true);
    expect(replays.count).toBe(3);
    // Later requests read the stored checks.
    await verifyGame(handle.db, game.gameId, { cached: true });
    expect(replays.count).toBe(3);
  });

  it(`allows each player 10 checks a minute, then answers 429 with a message; others are not held back`, async () => {
    const game = await twoPlayerGame(handle);
    for (let i = 0; i < 10; i++) await game.asAlice.game.verify({ gameId: game.gameId });
    await expect(game.asAlice.game.verify({ gameId: game.gameId })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^At most \d+ checks of a game a minute: try again in \d+ s$/),
    });
    await game.asBob.game.verify({ gameId: game.gameId });
  });

  // Two pools on one Postgres database stand for two app processes.
  if (onPostgres) {
    it("replays each phase once across processes", async () => {
      const game = await threeTurnGame();
      const other = await createDb({ url: databaseUrlOf(handle)! });
      try {
        replays.count = 0;
        const burst = [handle, other].flatMap((h) => Array.from({ length: 8 }, () => verifyGame(h.db, game.gameId, { cached: true })));
        const results = await Promise.all(burst);
        expect(results.every((r) => r.ok)).toBe(true);
        expect(replays.count).toBe(3);
      } finally {
        await other.close();
      }
    });
  }
});
