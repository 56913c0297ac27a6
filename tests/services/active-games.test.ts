// The five-active-games limit holds under parallel requests: the count and the insert run under a
// lock on the user's row, so twelve creates or joins sent at once make at most five games.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, seats } from "../../db/schema";
import { MAX_ACTIVE_GAMES } from "../../server/services/games";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function gamesOf(userId: string): Promise<number> {
  const [row] = await handle.db
    .select({ n: sql<number>`count(distinct ${seats.gameId})` })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, userId), inArray(games.status, ["open", "active"])));
  return Number(row!.n);
}

describe(`at most ${MAX_ACTIVE_GAMES} active games per player`, () => {
  it("twelve parallel creates make five games", async () => {
    const user = await makeUser(handle, "parallel-creator@example.com");
    const me = callerFor(handle, user);
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => me.game.create({ name: `Rush ${i}`, nations: ["Germany"], robots: [], ...QUICK })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_GAMES);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "CONFLICT" });
    expect(await gamesOf(user.id)).toBe(MAX_ACTIVE_GAMES);
  });

  it("twelve parallel joins seat the player in five games", async () => {
    const hosts = await Promise.all(Array.from({ length: 12 }, (_, i) => makeUser(handle, `host-${i}@example.com`)));
    const open = [];
    for (const host of hosts) open.push((await callerFor(handle, host).game.create({ name: "Open", nations: ["Germany"], robots: [], ...QUICK })).gameId);
    const joiner = await makeUser(handle, "parallel-joiner@example.com");
    const me = callerFor(handle, joiner);
    const results = await Promise.allSettled(open.map((gameId) => me.game.join({ gameId, nation: "Japan" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_GAMES);
    expect(await gamesOf(joiner.id)).toBe(MAX_ACTIVE_GAMES);
  });
});
