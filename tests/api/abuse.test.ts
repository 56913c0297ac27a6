// Stalls and abuse through the API: who may run game.verify and how often it replays, live streams
// for games that do not exist or too many at once, batches too large, and bad input that must be a
// clear 4xx — never a 500 whose body carries SQL (internal errors show only a logged id).
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { Db, DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { createCaller } from "../../server/api/root";
import { MAX_STREAMS_PER_USER, openStreams } from "../../server/api/streams";
import { ENGINE_VERSION } from "../../server/rulesets/1942/engine";
import { logger } from "../../server/log";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

// The HTTP routes get their context (database, user) from the test instead of the app's runtime.
const current: { ctx: () => { db: Db; bus: EventEmitter; user: null | { id: string; email: string; name: null } } } = { ctx: () => ({ db: handle.db, bus: new EventEmitter(), user: null }) };
vi.mock("../../server/api/context", () => ({ createContext: async () => current.ctx() }));
vi.mock("../../app/trpc/server", () => ({ serverTrpc: async () => createCaller(current.ctx()) }));

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const SQL_TEXT = 'Failed query: select "seed" from "phases" where "game_id" = $1\nparams: 7';
/** A database whose every query fails the way a driver error does: with the SQL in its message. */
const brokenDb = new Proxy({}, { get: () => () => { throw new Error(SQL_TEXT); } }) as unknown as Db;

describe("game.verify", () => {
  it("is for the game's players only, and a resolved phase's check is stored and reused", async () => {
    const game = await twoPlayerGame(handle);
    await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
    await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
    await drain(handle, "test");
    const outsider = callerFor(handle, await makeUser(handle, `outsider-${Math.random()}@example.com`));
    await expect(outsider.game.verify({ gameId: game.gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(outsider.game.verify({ gameId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const first = await game.asBob.game.verify({ gameId: game.gameId });
    expect(first.phases).toEqual([{ turn: 1, phaseId: expect.any(Number), ok: true, problems: [] }]);
    const [stored] = await handle.db.select({ id: phases.id, verification: phases.verification }).from(phases).where(eq(phases.id, first.phases[0]!.phaseId));
    // Stored with a digest of what it read (a row changed since is checked again: verify-any-ruleset.test.ts).
    expect(stored!.verification).toEqual({ engine: ENGINE_VERSION, ok: true, problems: [], inputs: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The next request reads the stored check instead of replaying (a marker written there shows through).
    await handle.db.update(phases).set({ verification: { ...stored!.verification!, problems: ["stored check"] } }).where(eq(phases.id, stored!.id));
    expect((await game.asAlice.game.verify({ gameId: game.gameId })).phases[0]!.problems).toEqual(["stored check"]);
    // A check stored before its digest was kept stands as it is.
    await handle.db.update(phases).set({ verification: { engine: ENGINE_VERSION, ok: true, problems: ["older check"] } }).where(eq(phases.id, stored!.id));
    expect((await game.asAlice.game.verify({ gameId: game.gameId })).phases[0]!.problems).toEqual(["older check"]);
    // A check stored by another engine version is replayed again.
    await handle.db.update(phases).set({ verification: { engine: "older", ok: false, problems: ["old"] } }).where(eq(phases.id, stored!.id));
    expect((await game.asAlice.game.verify({ gameId: game.gameId })).phases[0]!.problems).toEqual([]);
  });
});

describe("game.events", () => {
  it("refuses a game that does not exist", async () => {
    const me = callerFor(handle, await makeUser(handle, `stream-${Math.random()}@example.com`));
    await expect(me.game.events({ gameId: 987_654 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams of one user open, and frees them when they close`, async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const controller = new AbortController();
    const bus = new EventEmitter().setMaxListeners(0);
    const caller = createCaller({ db: handle.db, bus, user: alice }, { signal: controller.signal });
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const stream = (await (i % 2 ? caller.notifications.live() : caller.game.events({ gameId }))) as AsyncIterable<unknown>;
      pending.push(stream[Symbol.asyncIterator]().next().catch(() => undefined));
    }
    await vi.waitFor(() => expect(openStreams(alice.id)).toBe(MAX_STREAMS_PER_USER));
    await expect(caller.game.events({ gameId })).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(caller.notifications.live()).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    controller.abort();
    await Promise.all(pending);
    await vi.waitFor(() => expect(openStreams(alice.id)).toBe(0));
    await expect(callerFor(handle, alice).game.events({ gameId })).resolves.toBeDefined();
  });
});

describe("bad input is a 4xx that names the problem", () => {
  it("ids beyond the 32-bit columns, NUL, control characters and lone surrogates are BAD_REQUEST", async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    const bad: [string, () => Promise<unknown>][] = [
      ["gameId 2^31", () => asAlice.game.get({ gameId: 2 ** 31 })],
      ["gameId 2^53", () => asAlice.game.history({ gameId: 2 ** 53 - 1 })],
      ["turn 2^31", () => asAlice.game.review({ gameId, turn: 2 ** 31 })],
      ["notification id 2^31", () => asAlice.notifications.markRead({ ids: [2 ** 31] })],
      ["NUL in a game name", () => asAlice.game.create({ name: "War\u0000", nations: ["Germany"], robots: [], lowLuck: false, ordersHours: 24, decisionHours: 24 })],
      ["escape in a game name", () => asAlice.game.create({ name: "\u001b[31mred", nations: ["Germany"], robots: [], lowLuck: false, ordersHours: 24, decisionHours: 24 })],
      ["lone surrogate in an order id", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "m\ud800", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] })],
      ["NUL in a territory", () => asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "m1", units: { infantry: 1 }, from: "Germany\u0000", path: [] }] })],
      ["lone low surrogate in a time zone", () => asAlice.settings.save({ email: true, push: true, quietStart: null, quietEnd: null, timeZone: "\udc00" })],
      ["a unit named twice in one casualty choice", () => asAlice.battle.decide({ gameId, nation: "Germany", battle: "Karelia", round: 1, step: "general", decision: { kind: "casualties", units: [5, 5] } })],
    ];
    for (const [what, call] of bad) await expect(call(), what).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // Text that is merely unusual is fine: a surrogate pair (an emoji) is one character.
    const { gameId: emoji } = await asAlice.game.create({ name: "Blitz 🎲 Kursk", nations: ["Germany"], robots: [], lowLuck: false, ordersHours: 24, decisionHours: 24 });
    expect((await asAlice.game.get({ gameId: emoji })).game.name).toBe("Blitz 🎲 Kursk");
  });

  it("an internal error over HTTP shows only a logged id: no SQL, no parameters, no stack", async () => {
    const { handleTrpcRequest: GET } = await import("../../app/trpc/http");
    const user = await makeUser(handle, `broken-${Math.random()}@example.com`);
    current.ctx = () => ({ db: brokenDb, bus: new EventEmitter(), user: { ...user, name: null } });
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      const res = await GET(new Request(`http://localhost/api/trpc/game.get?input=${encodeURIComponent(JSON.stringify({ gameId: 7 }))}`));
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).not.toMatch(/select|params|phases|at .*\.ts/i);
      const id = /error ([0-9a-f]{12})/.exec(body)?.[1];
      expect(id).toBeDefined();
      // The log line carries the id and the whole error (with its SQL) for the operator.
      const lines = logged.mock.calls.map((args) => args[0] as unknown as { errorId?: string; err?: Error });
      expect(lines.some((l) => l.errorId === id && String(l.err?.message).includes("select"))).toBe(true);
    } finally {
      logged.mockRestore();
      current.ctx = () => ({ db: handle.db, bus: new EventEmitter(), user: null });
    }
  });

  it("the history download masks an internal error the same way, and refuses a turn beyond the column", async () => {
    const { GET } = await import("../../app/game/[id]/history/download/route");
    const user = await makeUser(handle, `dl-${Math.random()}@example.com`);
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      current.ctx = () => ({ db: handle.db, bus: new EventEmitter(), user: { ...user, name: null } });
      const tooBig = await GET(new Request("http://localhost/game/1/history/download?turn=2147483648"), { params: Promise.resolve({ id: "1" }) });
      expect(tooBig.status).toBe(400);
      current.ctx = () => ({ db: brokenDb, bus: new EventEmitter(), user: { ...user, name: null } });
      const res = await GET(new Request("http://localhost/game/7/history/download"), { params: Promise.resolve({ id: "7" }) });
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).not.toMatch(/select|params|phases/i);
      expect(body).toMatch(/error [0-9a-f]{12}/);
    } finally {
      logged.mockRestore();
      current.ctx = () => ({ db: handle.db, bus: new EventEmitter(), user: null });
    }
  });

  it("refuses a batch of more than the allowed calls with 400", async () => {
    const { handleTrpcRequest: GET } = await import("../../app/trpc/http");
    const { MAX_BATCH_CALLS } = await import("../../app/trpc/batch");
    const user = await makeUser(handle, `batch-${Math.random()}@example.com`);
    current.ctx = () => ({ db: handle.db, bus: new EventEmitter(), user: { ...user, name: null } });
    try {
      const batch = (n: number) => {
        const paths = Array.from({ length: n }, () => "game.lobby").join(",");
        const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]));
        return new Request(`http://localhost/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`);
      };
      expect((await GET(batch(MAX_BATCH_CALLS))).status).toBe(200);
      const res = await GET(batch(MAX_BATCH_CALLS + 1));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("Batch call exceeds maximum size");
    } finally {
      current.ctx = () => ({ db: handle.db, bus: new EventEmitter(), user: null });
    }
  });
});
