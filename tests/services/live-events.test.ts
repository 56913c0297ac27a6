// Live events are never lost (issue 15): each stored event has an id; a stream resumed with its last id
// first gets what it missed; and when the server's LISTEN connection drops mid-stream, the events sent
// meanwhile are re-read and delivered, none twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { createCaller } from "../../server/api/root";
import { startRuntime, type Runtime } from "../../server/runtime";
import type { GameEvent } from "../../server/runtime-events";
import { publish, publishToUser } from "../../server/services/events";
import { onPostgres, testDb } from "../support/db";
import { QUICK, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
let runtime: Runtime;
beforeAll(async () => {
  handle = await testDb();
  runtime = await startRuntime(handle, { worker: false });
  // Streams are only for games that exist.
  GAME = (await twoPlayerGame(handle)).gameId;
  GAME2 = (await twoPlayerGame(handle)).gameId;
});
afterAll(async () => {
  await runtime.stop(); // closes the handle too
});

let GAME = 0;
let GAME2 = 0;
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
const send = (turn: number) => handle.db.transaction((tx) => publish(tx, { gameId: GAME, kind: "locks-changed", turn }));

/** The tracked events a stream yields ([id, event]) until `count` or the time runs out. */
async function collect(stream: AsyncIterable<unknown>, count: number, ms: number): Promise<[string, GameEvent][]> {
  const got: [string, GameEvent][] = [];
  const it = stream[Symbol.asyncIterator]();
  const deadline = Date.now() + ms;
  while (got.length < count) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    const next = await Promise.race([it.next(), new Promise<"timeout">((r) => setTimeout(() => r("timeout"), left))]);
    if (next === "timeout" || next.done) break;
    const [id, event] = next.value as [string, GameEvent];
    got.push([id, event]);
  }
  return got;
}

describe("live events", () => {
  it("a stream resumed from its last id first gets the events it missed, in order", async () => {
    const user = await makeUser(handle, `resume-${Math.random()}@example.com`);
    const tab = new AbortController();
    const caller = createCaller({ db: handle.db, bus: runtime.bus, user }, { signal: tab.signal });
    const live = collect(await caller.game.events({ gameId: GAME }), 5, 5000);
    for (let turn = 1; turn <= 5; turn++) await send(turn);
    // The ids a stream shows are public ids (issue 20): resuming takes one of those.
    const ids = (await live).map(([id, e]) => [id, e.turn] as const);
    expect(ids.map(([, turn]) => turn)).toEqual([1, 2, 3, 4, 5]);
    const resumed = await collect(await caller.game.events({ gameId: GAME, lastEventId: ids[1]![0] }), 3, 5000);
    expect(resumed.map(([id, e]) => [id, e.turn])).toEqual(ids.slice(2));
    tab.abort();
  });

  if (onPostgres)
    it("the LISTEN connection terminated mid-stream loses no event and doubles none", { timeout: 60_000 }, async () => {
      const user = await makeUser(handle, `listen-${Math.random()}@example.com`);
      const tab = new AbortController();
      const caller = createCaller({ db: handle.db, bus: runtime.bus, user }, { signal: tab.signal });
      const stream = await caller.game.events({ gameId: GAME2 });
      const total = 300;
      const receiving = collect(stream, total, 30_000);
      for (let i = 1; i <= total; i++) {
        await handle.db.transaction((tx) => publish(tx, { gameId: GAME2, kind: "locks-changed", turn: i }));
        if (i % 100 === 50) {
          const pid = handle.listenerPid!();
          expect(pid).toBeTypeOf("number");
          await handle.db.execute(sql`select pg_terminate_backend(${pid})`);
        }
      }
      const got = await receiving;
      tab.abort();
      const turns = got.map(([, e]) => e.turn!).sort((a, b) => a - b);
      expect(turns).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    });

  it("a user's hint that names a game (press) reaches that user's stream only, never the game's", async () => {
    const user = await makeUser(handle, `hint-${Math.random()}@example.com`);
    const tab = new AbortController();
    const caller = createCaller({ db: handle.db, bus: runtime.bus, user }, { signal: tab.signal });
    const gameStream = collect(await caller.game.events({ gameId: GAME }), 1, 3000);
    const userStream = collect(await caller.notifications.live(), 1, 3000);
    await handle.db.transaction((tx) => publishToUser(tx, user.id, { kind: "press", gameId: GAME }));
    const [onGame, onUser] = await Promise.all([gameStream, userStream]);
    tab.abort();
    expect(onGame).toEqual([]);
    expect(onUser.map(([, e]) => e as unknown as { kind: string; gameId?: number })).toMatchObject([{ kind: "press", gameId: GAME }]);
  });

  it("a challenge made, joined and started reaches every open lobby, as the game and what happened only; a lock does not", async () => {
    const [carol, dave] = [await makeUser(handle, `lobby-c-${Math.random()}@example.com`), await makeUser(handle, `lobby-d-${Math.random()}@example.com`)];
    const tab = new AbortController();
    const [asCarol, asDave] = [carol, dave].map((user) => createCaller({ db: handle.db, bus: runtime.bus, user }, { signal: tab.signal }));
    const heard = collect(await asDave!.game.lobbyLive(), 3, 5000);
    await send(9); // a lock in a running game changes nothing the lobby lists
    const { gameId } = await asCarol!.game.create({ name: "Live challenge", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, robotTakeover: 0, press: "none" });
    await asDave!.game.join({ gameId, nation: "Japan" });
    const events = await heard;
    tab.abort();
    expect(events.map(([, e]) => e)).toEqual([
      { gameId, kind: "game-created", id: expect.any(Number) },
      { gameId, kind: "player-joined", id: expect.any(Number) },
      { gameId, kind: "game-started", turn: 1, id: expect.any(Number) },
    ]);
  });
});
