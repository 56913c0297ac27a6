// A 1942 game's board is the same every turn (R1's map, 20 of a start state's 35 KB): the adjudication
// copies it from the resolved phase's row into the next phase's insert instead of sending it again,
// and reads it once per process (issue 20, docs/load-test.md "Fourteenth pass"). The stored states
// are what they were: the same board, and every phase replays (verify).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { lockPhaseWithGame } from "../../server/services/adjudication-phase";
import { verifyGame } from "../../server/services/verify";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

/** Every statement's text and parameters sent from now on, by drizzle's logger. */
function recordSent() {
  const sent: string[] = [];
  const session = (handle.db as unknown as { _: { session: { logger: unknown; options: { logger?: unknown } } } })._.session;
  const logger = { logQuery: (query: string, params: unknown[]) => sent.push(query, ...params.map((p) => (typeof p === "string" ? p : JSON.stringify(p) ?? ""))) };
  session.logger = logger;
  session.options.logger = logger;
  return sent;
}

async function resolveTurn(game: Awaited<ReturnType<typeof twoPlayerGame>>) {
  await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
  await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
  expect(await drain(handle, "test")).toBe(1);
}

const phasesOf = (gameId: number) => handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn));

describe("the board of a turn's next phase", () => {
  it("is not sent with the next start state, and the stored phases are as before: the same board, every turn replays", async () => {
    const game = await twoPlayerGame(handle);
    const sent = recordSent();
    await resolveTurn(game);
    const [first, second] = await phasesOf(game.gameId);
    expect(second!.turn).toBe(2);
    expect(second!.startState.board).toEqual(first!.startState.board);
    // A territory's record as the board stores it is in no statement nor parameter the job sent.
    const territory = JSON.stringify(first!.startState.board.territories[0]);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.includes(territory))).toEqual([]);
    await resolveTurn(game);
    const third = (await phasesOf(game.gameId))[2]!;
    expect(third.startState.board).toEqual(first!.startState.board);
    const verified = await verifyGame(handle.db, game.gameId);
    expect(verified.ok).toBe(true);
    expect(verified.phases.length).toBeGreaterThanOrEqual(2);
  });

  it("is read once per process: a later read of any phase with that board gets the one object kept, equal to the stored board", async () => {
    const a = await twoPlayerGame(handle);
    const b = await twoPlayerGame(handle);
    const [pa] = await phasesOf(a.gameId);
    const [pb] = await phasesOf(b.gameId);
    const read = (phaseId: number) => handle.db.transaction(async (tx) => (await lockPhaseWithGame(tx, phaseId))!);
    const one = await read(pa!.id);
    const two = await read(pb!.id);
    expect(two.phase.startState.board).toBe(one.phase.startState.board);
    expect(two.phase.startState).toEqual(pb!.startState);
    expect(one.phase.startState).toEqual(pa!.startState);
    expect(two.game.id).toBe(b.gameId);
  });
});
