// Press (issue 14) over roles: a member reads and writes its channels; another player, a spectator and
// a signed-out visitor learn nothing of a private channel — not its messages, existence, members or
// unread count — through any read procedure. Press modes, limits and the end of the game.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, pressMessages, seats } from "../../db/schema";
import { appRouter } from "../../server/api/root";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";
import { displayName } from "../../server/services/display-name";
import { publicIds } from "../../server/services/public-ids";
import { pressGame, publicId, type PressCaller } from "./press-world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const SECRET = "SECRET-AXIS-PLAN-attack-Moscow";

/** Every read a player can make, as text. */
async function everyRead(c: PressCaller, gameId: number): Promise<string> {
  const settled = await Promise.allSettled([
    c.game.lobby(),
    c.game.get({ gameId }),
    c.game.history({ gameId }),
    c.game.review({ gameId, turn: 1 }),
    c.notifications.list(),
    c.notifications.unread(),
    c.press.channels({ gameId }),
    c.press.unread(),
    c.press.reports({ gameId }),
  ]);
  return JSON.stringify(settled.map((s) => (s.status === "fulfilled" ? s.value : String(s.reason))));
}

describe("a private channel", () => {
  it("is read and written by its members only; no one else learns it exists", async () => {
    const { gameId, as } = await pressGame(handle);
    const { channelId, existed } = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] });
    expect(existed).toBe(false);
    // The same member set is the same channel.
    expect(await as.bob.press.open({ gameId, nation: "Japan", members: ["Germany"] })).toEqual({ channelId, existed: true });
    const sent = await as.alice.press.send({ gameId, nation: "Germany", channelId, text: SECRET });
    expect(sent).toMatchObject({ sender: "Germany", text: SECRET, turn: 1, phase: "orders", mine: true });

    // Bob (Japan) sees it, unread, and reads it.
    const bobs = await as.bob.press.channels({ gameId });
    expect(bobs.channels.map((c) => [c.kind, c.members, c.unread])).toEqual([
      ["public", ["Russia", "Germany", "United Kingdom", "Japan", "United States"], 0],
      ["private", ["Germany", "Japan"], 1],
    ]);
    expect(await as.bob.press.unread()).toEqual({ [gameId]: 1 });
    const page = await as.bob.press.messages({ gameId, channelId });
    expect(page.messages).toMatchObject([{ sender: "Germany", text: SECRET, mine: false }]);
    expect(await as.bob.press.markRead({ gameId, channelId, upTo: sent.id })).toEqual({ unread: 0 });
    expect(await as.bob.press.unread()).toEqual({});
    // The sender's own message is never unread to her.
    expect((await as.alice.press.channels({ gameId })).channels.every((c) => c.unread === 0)).toBe(true);

    // Carol (another player), Dave, Erin (a spectator): no read shows the channel or its message.
    for (const [who, caller] of [["another player", as.carol], ["another player", as.dave], ["a spectator", as.erin]] as const) {
      const text = await everyRead(caller, gameId);
      expect(text, who).not.toContain(SECRET);
      const theirs = await caller.press.channels({ gameId });
      expect(theirs.channels.some((c) => c.kind === "private"), who).toBe(false);
      expect(JSON.stringify(theirs.channels), who).not.toContain(`"id":${channelId}`);
      // Asking for it directly: "not found", exactly as for a channel that does not exist.
      for (const call of [
        () => caller.press.messages({ gameId, channelId }),
        () => caller.press.markRead({ gameId, channelId, upTo: sent.id }),
        () => caller.press.mute({ gameId, channelId, muted: true }),
        () => caller.press.report({ gameId, messageId: sent.id, reason: "spam" }),
      ])
        await expect(call(), who).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(caller.press.messages({ gameId, channelId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND", message: "That channel was not found" });
      await expect(caller.press.messages({ gameId, channelId })).rejects.toMatchObject({ message: "That channel was not found" });
    }
    // A spectator of a running game sees no press at all.
    expect((await as.erin.press.channels({ gameId })).channels).toEqual([]);
    // Nobody signed in: nothing.
    for (const call of [() => as.nobody.press.channels({ gameId }), () => as.nobody.press.messages({ gameId, channelId }), () => as.nobody.press.unread()])
      await expect(call()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // A non-member cannot write into it, as any nation.
    await expect(as.carol.press.send({ gameId, nation: "United Kingdom", channelId, text: "hi" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(as.carol.press.send({ gameId, nation: "Germany", channelId, text: "hi" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Alice cannot open a channel in a nation's name she does not play, nor write for the robot's.
    await expect(as.alice.press.open({ gameId, nation: "Russia", members: ["Japan"] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(as.alice.press.send({ gameId, nation: "United States", channelId: await publicId(as.alice, gameId), text: "hi" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("belongs to the nation: a player who takes the nation over reads it all; the one who left reads no more", async () => {
    const { gameId, as } = await pressGame(handle);
    const { channelId } = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan", "United States"] });
    await as.alice.press.send({ gameId, nation: "Germany", channelId, text: "to the robot's nation" });
    await as.bob.game.leave({ gameId, nation: "Japan" });
    await expect(as.bob.press.messages({ gameId, channelId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const frank = await makeUser(handle, `frank-${Math.random()}@example.com`);
    await handle.db.update(seats).set({ userId: frank.id, robot: false }).where(and(eq(seats.gameId, gameId), eq(seats.nation, "United States")));
    const asFrank = callerFor(handle, frank);
    expect((await asFrank.press.messages({ gameId, channelId })).messages.map((m) => m.text)).toEqual(["to the robot's nation"]);
    expect((await asFrank.press.channels({ gameId })).channels.find((c) => c.id === channelId)?.unread).toBe(1);
  });

  it("keeps member sets unique and sensible", async () => {
    const { gameId, as } = await pressGame(handle);
    await expect(as.alice.press.open({ gameId, nation: "Germany", members: ["Germany"] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(as.alice.press.open({ gameId, nation: "Germany", members: ["Japan", "Russia", "United Kingdom", "United States"] })).rejects.toMatchObject({
      message: "All five nations: that is the public channel",
    });
    const a = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan", "Russia"] });
    const b = await as.dave.press.open({ gameId, nation: "Russia", members: ["Japan", "Germany"] });
    expect(b).toEqual({ channelId: a.channelId, existed: true });
  });
});

describe("the public channel", () => {
  it("is every player's, unread for the others, mutable per user", async () => {
    const { gameId, as } = await pressGame(handle);
    const pub = await publicId(as.carol, gameId);
    await as.carol.press.send({ gameId, nation: "United Kingdom", channelId: pub, text: "Peace in our time" });
    for (const c of [as.alice, as.bob, as.dave]) expect((await c.press.channels({ gameId })).channels[0]).toMatchObject({ id: pub, kind: "public", unread: 1, muted: false });
    expect(await as.alice.press.mute({ gameId, channelId: pub, muted: true })).toEqual({ muted: true });
    expect((await as.alice.press.channels({ gameId })).channels[0]).toMatchObject({ muted: true, unread: 1 });
    await as.alice.press.mute({ gameId, channelId: pub, muted: false });
    expect((await as.alice.press.channels({ gameId })).channels[0]!.muted).toBe(false);
  });

  it("tags each message with the turn and phase, pages back 50 at a time, and never changes a message", async () => {
    const { gameId, as } = await pressGame(handle);
    const pub = await publicId(as.alice, gameId);
    const channelRow = (await publicIds(handle.db)).fromPublic("channel", pub);
    const rows = Array.from({ length: 55 }, (_, i) => ({ channelId: channelRow, gameId, senderNation: "Germany" as const, sentBy: null, text: `m${i}`, turn: 1, phase: "orders" }));
    await handle.db.insert(pressMessages).values(rows);
    const first = await as.bob.press.messages({ gameId, channelId: pub });
    expect(first.messages).toHaveLength(50);
    expect(first.more).toBe(true);
    expect(first.messages.at(-1)!.text).toBe("m54");
    const older = await as.bob.press.messages({ gameId, channelId: pub, before: first.messages[0]!.id });
    expect(older.messages.map((m) => m.text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(older.more).toBe(false);
    // No procedure edits or deletes a message.
    const mutations = Object.entries(appProcedures()).filter(([name, type]) => name.startsWith("press.") && type === "mutation").map(([n]) => n);
    expect(mutations.sort()).toEqual(["press.markRead", "press.mute", "press.open", "press.report", "press.send"]);
  });
});

function appProcedures(): Record<string, string> {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;
  return Object.fromEntries(Object.entries(procedures).map(([k, v]) => [k, v._def.type]));
}

describe("input", () => {
  it("takes plain text within the limit and refuses control characters, NUL and lone surrogates with a 400 that names them", async () => {
    const { gameId, as } = await pressGame(handle);
    const channelId = await publicId(as.alice, gameId);
    const send = (text: string) => as.alice.press.send({ gameId, nation: "Germany", channelId, text });
    const html = await send('<script>alert(1)</script> see https://example.com\r\nline two 🎖️');
    expect(html.text).toBe("<script>alert(1)</script> see https://example.com\nline two 🎖️"); // stored as written; shown as text
    for (const [text, message] of [
      ["", "The message is empty"],
      ["   ", "The message is empty"],
      ["a".repeat(2001), "The message is longer than 2000 characters"],
      ["nul\u0000byte", "U+0000 NULL is not allowed in the message"],
      ["bell\u0007", "U+0007 (a control character) is not allowed in the message"],
      ["rtl\u202Eevil", "U+202E RIGHT-TO-LEFT OVERRIDE is not allowed in the message"],
      ["half \uD83D surrogate", "U+D83D (half of a character: a lone surrogate) is not allowed in the message"],
    ] as const) {
      const error = await send(text).catch((e: unknown) => e);
      expect(error, JSON.stringify(text)).toMatchObject({ code: "BAD_REQUEST" });
      expect(JSON.stringify(error), JSON.stringify(text)).toContain(message);
    }
    expect((await as.bob.press.messages({ gameId, channelId })).messages).toHaveLength(1);
    await expect(as.alice.press.messages({ gameId, channelId: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("limits each player's rate, counted from the stored messages", async () => {
    const { gameId, as } = await pressGame(handle);
    const channelId = await publicId(as.alice, gameId);
    for (let i = 0; i < 10; i++) await as.alice.press.send({ gameId, nation: "Germany", channelId, text: `msg ${i}` });
    await expect(as.alice.press.send({ gameId, nation: "Germany", channelId, text: "one too many" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "At most 10 messages a minute: wait a moment",
    });
    // Another player is not held back by Alice.
    await as.bob.press.send({ gameId, nation: "Japan", channelId, text: "still fine" });
    // A minute later (the stored times moved back), Alice writes again.
    await handle.db.update(pressMessages).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(pressMessages.gameId, gameId));
    await as.alice.press.send({ gameId, nation: "Germany", channelId, text: "after a minute" });
  });
});

describe("the rate limit under concurrent sends", () => {
  it("lets exactly ten of fifteen sends at once through", async () => {
    const { gameId, as } = await pressGame(handle);
    const channelId = await publicId(as.dave, gameId);
    const results = await Promise.allSettled(Array.from({ length: 15 }, (_, i) => as.dave.press.send({ gameId, nation: "Russia", channelId, text: `burst ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect((await as.bob.press.messages({ gameId, channelId })).messages).toHaveLength(10);
  });
});

describe("press modes", () => {
  it("public only: the public channel, no private ones", async () => {
    const { gameId, as } = await pressGame(handle, { press: "public" });
    const list = await as.alice.press.channels({ gameId });
    expect(list.mode).toBe("public");
    expect(list.channels.map((c) => c.kind)).toEqual(["public"]);
    await expect(as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] })).rejects.toMatchObject({ code: "FORBIDDEN", message: "This game has public press only" });
    expect((await as.alice.game.lobby()).mine.find((g) => g.id === gameId)!.options.press).toBe("public");
  });

  it("none: no channel at all, nothing to send", async () => {
    const { gameId, as } = await pressGame(handle, { press: "none" });
    expect(await as.alice.press.channels({ gameId })).toMatchObject({ mode: "none", channels: [], writers: [] });
    await expect(as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(as.alice.press.send({ gameId, nation: "Germany", channelId: 1, text: "x" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("after the game ends", () => {
  it("every player reads every channel; spectators read the public one; nobody writes", async () => {
    const { gameId, as } = await pressGame(handle);
    const { channelId } = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] });
    await as.alice.press.send({ gameId, nation: "Germany", channelId, text: SECRET });
    const pub = await publicId(as.alice, gameId);
    await as.carol.press.send({ gameId, nation: "United Kingdom", channelId: pub, text: "gg soon" });
    await handle.db.update(games).set({ status: "finished" }).where(eq(games.id, gameId));
    expect((await as.dave.press.messages({ gameId, channelId })).messages.map((m) => m.text)).toEqual([SECRET]);
    expect((await as.dave.press.channels({ gameId })).channels).toHaveLength(2);
    const erin = await as.erin.press.channels({ gameId });
    expect(erin.channels.map((c) => c.kind)).toEqual(["public"]);
    await expect(as.erin.press.messages({ gameId, channelId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(JSON.stringify(await as.erin.press.messages({ gameId, channelId: pub }))).not.toContain(SECRET);
    await expect(as.alice.press.send({ gameId, nation: "Germany", channelId, text: "late" })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

describe("reports", () => {
  it("a member reports a message; the creator reads it without the reporter or the channel's members; no one else reads reports", async () => {
    const { gameId, as, users } = await pressGame(handle);
    const { channelId } = await as.bob.press.open({ gameId, nation: "Japan", members: ["Russia"] });
    const m = await as.dave.press.send({ gameId, nation: "Russia", channelId, text: "rude words" });
    expect(await as.alice.press.reports({ gameId })).toEqual([]);
    expect(await as.bob.press.report({ gameId, messageId: m.id, reason: "insults" })).toEqual({ reported: true });
    expect(await as.bob.press.report({ gameId, messageId: m.id, reason: "again" })).toEqual({ reported: true });
    const reports = await as.alice.press.reports({ gameId });
    expect(reports).toMatchObject([{ reason: "insults", message: { sender: "Russia", text: "rude words", turn: 1 } }]);
    expect(JSON.stringify(reports)).not.toMatch(/Japan|bob/);
    expect(JSON.stringify(reports)).not.toContain(users.bob.id);
    for (const c of [as.bob, as.carol, as.erin]) await expect(c.press.reports({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("anonymous games", () => {
  it("no read path shows another player's name until the game ends; each sees their own", async () => {
    const { gameId, as, users } = await pressGame(handle, { anonymous: true });
    // What others would see of a player: the display name (no player here chose one), never the address.
    const names = (u: { id: string }) => displayName({ id: u.id, name: null });
    const pub = await publicId(as.alice, gameId);
    await as.bob.press.send({ gameId, nation: "Japan", channelId: pub, text: "hello all" });
    for (const [me, caller] of [["alice", as.alice], ["bob", as.bob], ["erin", as.erin]] as const) {
      const text = await everyRead(caller, gameId);
      for (const other of ["alice", "bob", "carol", "dave"] as const) {
        if (other === me) continue;
        expect(text, `${me} reading ${other}`).not.toContain(names(users[other]));
        expect(text, `${me} reading ${other}'s address`).not.toContain(users[other].email.split("@")[0]!);
      }
    }
    expect((await as.alice.game.get({ gameId })).seats.find((s) => s.nation === "Germany")!.player).toBe(names(users.alice));
    expect((await as.alice.game.get({ gameId })).seats.find((s) => s.nation === "Japan")!.player).toBe("a player");
    expect((await as.alice.game.lobby()).mine.find((g) => g.id === gameId)!.options.anonymous).toBe(true);
    // Over: names are shown.
    await handle.db.update(games).set({ status: "finished" }).where(eq(games.id, gameId));
    expect((await as.alice.game.get({ gameId })).seats.find((s) => s.nation === "Japan")!.player).toBe(names(users.bob));
  });
});

describe("games from before press", () => {
  it("get their public channel when a player first looks", async () => {
    const { gameId, as } = await pressGame(handle);
    const { pressChannels } = await import("../../db/schema");
    await handle.db.delete(pressChannels).where(eq(pressChannels.gameId, gameId));
    expect((await as.erin.press.channels({ gameId })).channels).toEqual([]); // a spectator makes nothing
    expect((await handle.db.select().from(pressChannels).where(eq(pressChannels.gameId, gameId))).length).toBe(0);
    expect((await as.bob.press.channels({ gameId })).channels.map((c) => c.kind)).toEqual(["public"]);
    expect((await as.alice.press.channels({ gameId })).channels).toHaveLength(1);
  });
});
