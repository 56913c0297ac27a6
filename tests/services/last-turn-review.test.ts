// The review of a game's last turn: no row follows it to hold its end, so the row is replayed, and a
// 1942 row replays its whole turn (Ruleset.replayTurn), which takes long. A resolved row never changes:
// each process replays it once (ruleset-games/game-end.ts) and every later read of the review, by any
// viewer, answers from what it kept.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser } from "../support/world";

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

describe("the review of a 1942 game's last turn", () => {
  it("replays the turn once: a second read, another viewer's and game.review replay nothing, the second answers the same", async () => {
    const eve = await makeUser(handle, `eve-last-${Math.random()}@example.com`);
    const asEve = callerFor(handle, eve);
    const asSpectator = callerFor(handle, await makeUser(handle, `spectator-last-${Math.random()}@example.com`));
    // R9.1's minor victory from turn 1: the first turn that ends untied ends the game.
    const { gameId } = await asEve.game.create({ name: "Short", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK, houseRules: { minorVictoryTurn: 1 } });
    const status = async () => (await handle.db.select({ status: games.status }).from(games).where(eq(games.id, gameId)))[0]!.status;
    for (let turn = 1; turn <= 5 && (await status()) !== "finished"; turn++) {
      await asEve.orders.lock({ gameId, nation: "Germany" });
      await drain(handle, "test");
    }
    expect(await status()).toBe("finished");
    const rows = await handle.db.select({ turn: phases.turn, status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
    const last = rows.at(-1)!;
    expect(last.status).toBe("resolved");

    const replayTurn = vi.spyOn(getRuleset("1942")!, "replayTurn");
    const first = await asEve.play.review({ gameId, turn: last.turn });
    expect(first.resolved).toBe(true);
    expect(first.after).not.toBeNull();
    expect(replayTurn).toHaveBeenCalledTimes(1);

    const again = await asEve.play.review({ gameId, turn: last.turn });
    expect(again).toEqual(first);
    const spectator = await asSpectator.play.review({ gameId, turn: last.turn });
    expect(spectator.resolved).toBe(true);
    expect(spectator.after).not.toBeNull();
    // Asked for no boards (the 1942 review page and download), the same answer without them.
    expect(await asEve.play.review({ gameId, turn: last.turn, boards: false })).toEqual({ ...first, before: null, after: null });
    // game.review views no board.
    expect(await asEve.game.review({ gameId, turn: last.turn })).toMatchObject({ resolved: true, orders: first.orders, report: first.report });
    expect(replayTurn).toHaveBeenCalledTimes(1);
  });
});
