// No id a user sees counts other people's private activity (issue 20): press channel and message ids
// and live-event ids were one sequence over every game, so a public message's id jumping 29 → 35 told
// of four private messages, and a stream's ids told of other users' events. Ids are public ids now
// (server/services/public-ids.ts); everything that takes an id back still works with them.
import { EventEmitter } from "node:events";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { notifications } from "../../db/schema";
import { createCaller } from "../../server/api/root";
import { publish, publishToUser } from "../../server/services/events";
import { makePublicIds } from "../../server/services/public-ids";
import { testDb } from "../support/db";
import { makeUser, twoPlayerGame } from "../support/world";
import { pressGame, publicId } from "./press-world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("public ids", () => {
  it("are a permutation of the id range: one to one, back and forth, 0 for none", () => {
    const ids = makePublicIds(randomBytes(32));
    const seen = new Set<number>();
    for (const id of [1, 2, 3, 4, 5, 6, 1000, 2 ** 31 - 2, 2 ** 31 - 1]) {
      const p = ids.toPublic("message", id);
      expect(p).toBeGreaterThanOrEqual(1);
      expect(p).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(ids.fromPublic("message", p)).toBe(id);
      seen.add(p);
    }
    expect(seen.size).toBe(9);
    expect(ids.toPublic("message", 0)).toBe(0);
    expect(ids.fromPublic("event", 0)).toBe(0);
    // Consecutive rows do not get consecutive ids, and kinds differ.
    const run = [1, 2, 3, 4, 5].map((i) => ids.toPublic("channel", i));
    expect(run.slice(1).map((p, i) => p - run[i]!)).not.toEqual([1, 1, 1, 1]);
    expect(ids.toPublic("channel", 7)).not.toBe(ids.toPublic("message", 7));
  });
});

describe("press ids", () => {
  it("tell an outsider nothing of the private messages and channels between two public ones", async () => {
    const { gameId, as } = await pressGame(handle);
    const pub = await publicId(as.dave, gameId);
    const a = await as.bob.press.send({ gameId, nation: "Japan", channelId: pub, text: "public one" });
    const { channelId: secret } = await as.alice.press.open({ gameId, nation: "Germany", members: ["United Kingdom"] });
    for (let i = 0; i < 2; i++) {
      await as.alice.press.send({ gameId, nation: "Germany", channelId: secret, text: `private ${i}` });
      await as.carol.press.send({ gameId, nation: "United Kingdom", channelId: secret, text: `reply ${i}` });
    }
    const b = await as.bob.press.send({ gameId, nation: "Japan", channelId: pub, text: "public two" });
    const { channelId: bobDave } = await as.bob.press.open({ gameId, nation: "Japan", members: ["Russia"] });
    // As row ids these were 5 apart (four private messages between) and 2 apart (one private channel between).
    const seen = (await as.dave.press.messages({ gameId, channelId: pub })).messages.map((m) => m.id);
    expect(seen).toEqual([a.id, b.id]);
    expect(b.id - a.id).not.toBe(5);
    expect(bobDave - pub).not.toBe(2);
    expect((await as.dave.press.channels({ gameId })).channels.map((c) => c.id).sort()).toEqual([pub, bobDave].sort());
    // The ids work as input: read marks, paging, reports, the notification link.
    await as.dave.press.markRead({ gameId, channelId: pub, upTo: b.id });
    expect((await as.dave.press.channels({ gameId })).channels.find((c) => c.id === pub)!.unread).toBe(0);
    expect((await as.dave.press.messages({ gameId, channelId: pub, before: b.id })).messages.map((m) => m.text)).toEqual(["public one"]);
    await as.dave.press.report({ gameId, messageId: a.id, reason: "rude" });
    expect((await as.alice.press.reports({ gameId })).map((r) => r.message.id)).toEqual([a.id]);
    const notes = await as.dave.notifications.list();
    expect(notes.find((n) => n.kind === "press-message")?.url).toBe(`/game/${gameId}?press=${pub}`);
    // An id of a channel one may not read is "not found", as before.
    await expect(as.dave.press.messages({ gameId, channelId: secret })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("notification ids", () => {
  it("tell a user nothing of other users' notifications between two of theirs, and mark read still works", async () => {
    const { gameId, as, users } = await pressGame(handle);
    const pub = await publicId(as.alice, gameId);
    const { channelId: secret } = await as.bob.press.open({ gameId, nation: "Japan", members: ["United Kingdom"] });
    // Dave hears of a public message; then Bob writes Carol privately (a notification for Carol only); then another public one.
    await as.alice.press.send({ gameId, nation: "Germany", channelId: pub, text: "first" });
    for (let i = 0; i < 3; i++) await as.bob.press.send({ gameId, nation: "Japan", channelId: secret, text: `psst ${i}` });
    await as.alice.press.send({ gameId, nation: "Germany", channelId: pub, text: "second" });
    const notes = (await as.dave.notifications.list()).filter((n) => n.kind === "press-message");
    expect(notes).toHaveLength(2);
    const [newer, older] = notes.map((n) => n.id);
    // Their rows are further apart than one: other users' notifications (Carol's of the private messages) came between.
    const rows = (await handle.db.select().from(notifications).where(and(eq(notifications.userId, users.dave.id), eq(notifications.kind, "press-message")))).map((n) => n.id).sort((a, b) => b - a);
    expect(rows[0]! - rows[1]!).toBeGreaterThan(1);
    expect(newer! - older!).not.toBe(rows[0]! - rows[1]!);
    await as.dave.notifications.markRead({ ids: [older!] });
    expect((await as.dave.notifications.list()).filter((n) => n.kind === "press-message").map((n) => n.read)).toEqual([false, true]);
  });
});

/** The tracked events a stream yields ([id, event]) until `count`, or until it has been quiet for `ms`. */
async function take(stream: AsyncIterable<unknown>, count: number, ms = 500): Promise<[string, { id?: number; turn?: number }][]> {
  const got: [string, { id?: number; turn?: number }][] = [];
  const it = stream[Symbol.asyncIterator]();
  while (got.length < count) {
    const next = await Promise.race([it.next(), new Promise<"quiet">((r) => setTimeout(() => r("quiet"), ms))]);
    if (next === "quiet" || next.done) break;
    got.push(next.value as [string, { id?: number }]);
  }
  return got;
}

describe("live event ids", () => {
  it("tell a user nothing of other users' and other games' events between two of theirs, and resume still works", async () => {
    const bus = new EventEmitter().setMaxListeners(0);
    const { alice, gameId } = await twoPlayerGame(handle);
    const { gameId: other } = await twoPlayerGame(handle);
    const outsider = await makeUser(handle, `other-${Math.random()}@example.com`);
    const emitStored = async (write: (tx: DbHandle["db"]) => Promise<void>) => handle.db.transaction(write);
    // Two events for Alice with four for someone else between; two of Alice's game with three of another between.
    await emitStored((tx) => publishToUser(tx, alice.id));
    for (let i = 0; i < 4; i++) await emitStored((tx) => publishToUser(tx, outsider.id));
    await emitStored((tx) => publishToUser(tx, alice.id));
    await emitStored((tx) => publish(tx, { gameId, kind: "locks-changed", turn: 1 }));
    for (let i = 0; i < 3; i++) await emitStored((tx) => publish(tx, { gameId: other, kind: "locks-changed", turn: 1 }));
    await emitStored((tx) => publish(tx, { gameId, kind: "locks-changed", turn: 2 }));
    await emitStored((tx) => publish(tx, { gameId, kind: "locks-changed", turn: 3 }));

    const tab = new AbortController();
    const caller = createCaller({ db: handle.db, bus, user: alice }, { signal: tab.signal });
    const mine = await take((await caller.notifications.live({ lastEventId: "0" })) as AsyncIterable<unknown>, 1, 5000);
    // A stream resumed from 0 replays the latest hint only; Alice's two hints are found by their game stream below.
    const game = await take((await caller.game.events({ gameId, lastEventId: "0" })) as AsyncIterable<unknown>, 100);
    tab.abort();
    expect(mine).toHaveLength(1);
    const gameEvents = game.filter(([, e]) => e.turn !== undefined && [1, 2, 3].includes(e.turn) && (e as { kind?: string }).kind === "locks-changed");
    expect(gameEvents.map(([, e]) => e.turn)).toEqual([1, 2, 3]);
    for (const [id, e] of [...mine, ...gameEvents]) expect(e.id).toBe(Number(id)); // the payload carries the public id only
    const [first, second, third] = gameEvents.map(([id]) => Number(id));
    // As stored ids, turn 1 and turn 2 were 4 apart (three events of another game between), 2 and 3 one apart.
    expect(second! - first!).not.toBe(4);
    expect(third! - second!).not.toBe(1);
    // Resuming after the first gives the two later ones.
    const again = new AbortController();
    const resumed = createCaller({ db: handle.db, bus, user: alice }, { signal: again.signal });
    const after = await take((await resumed.game.events({ gameId, lastEventId: String(first) })) as AsyncIterable<unknown>, 2, 5000);
    again.abort();
    expect(after.map(([id, e]) => [Number(id), e.turn])).toEqual([
      [second, 2],
      [third, 3],
    ]);
  });
});
