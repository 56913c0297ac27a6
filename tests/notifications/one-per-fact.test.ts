// One notification per fact (issue 12): three "must decide in Karelia" for three rounds of the same
// battle came within a minute. A note whose text the user has unread is not told again; once read,
// the same words are news again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { notifications } from "../../db/schema";
import { notify, type Note } from "../../server/services/notify";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("notify: one per fact", () => {
  it("tells identical words once while unread, again once read; other users and words are not affected", async () => {
    const { alice, bob, gameId } = await twoPlayerGame(handle);
    const note = (userId: string, round: number, text = "Game: Germany must decide in Karelia S.S.R."): Note => ({
      userId,
      gameId,
      kind: "decision-waiting",
      text,
      url: `/game/${gameId}`,
      eventKey: `decision-waiting:test:${round}:${text}`,
      fact: { kind: "game-started", gameId },
    });
    const count = async (userId: string) => (await handle.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "decision-waiting")))).length;

    expect(await notify(handle.db, [note(alice.id, 1), note(alice.id, 1.5)])).toBe(1);
    expect(await notify(handle.db, [note(alice.id, 2)])).toBe(0);
    expect(await notify(handle.db, [note(bob.id, 2), note(alice.id, 3, "Game: Germany must decide in Egypt")])).toBe(2);
    // Other kinds are told by their event keys alone.
    expect(await notify(handle.db, [{ ...note(alice.id, 5), kind: "deadline-soon" }, { ...note(alice.id, 6), kind: "deadline-soon" }])).toBe(2);
    expect(await count(alice.id)).toBe(2);

    await handle.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, alice.id));
    expect(await notify(handle.db, [note(alice.id, 4)])).toBe(1);
    expect(await count(alice.id)).toBe(3);
  });
});

describe("acting on the subject reads the notification", () => {
  it("locking the orders reads the game's 'orders due soon' note, and nothing else", async () => {
    const { alice, asAlice, gameId } = await twoPlayerGame(handle);
    const base = { userId: alice.id, gameId, url: `/game/${gameId}`, fact: { kind: "game-started" as const, gameId } };
    await notify(handle.db, [
      { ...base, kind: "deadline-soon", text: "Orders due soon", eventKey: `soon:${gameId}` },
      { ...base, kind: "turn-resolved", text: "Turn resolved", eventKey: `resolved:${gameId}` },
    ]);
    const readOf = async (kind: string) =>
      (await handle.db.select().from(notifications).where(and(eq(notifications.userId, alice.id), eq(notifications.gameId, gameId), eq(notifications.kind, kind as never))))[0]!.readAt;
    expect(await readOf("deadline-soon")).toBeNull();
    const view = await asAlice.game.get({ gameId });
    await asAlice.orders.lock({ gameId, nation: view.myNations[0]! });
    expect(await readOf("deadline-soon")).not.toBeNull();
    expect(await readOf("turn-resolved")).toBeNull();
  });
});
