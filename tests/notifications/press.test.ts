// Press notifications (issue 14): in-app and push per message to the channel's other members (not
// muted, by their settings, after quiet hours), and an email digest per game at most once an hour,
// written when sent from what is still unread.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, pushSubscriptions } from "../../db/schema";
import { dispatchDue } from "../../server/services/dispatch";
import { localMinutes } from "../../server/services/quiet-hours";
import { testDb } from "../support/db";
import { pressGame, publicId } from "../api/press-world";
import { mailDeps, mailsIn } from "./support";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function pressNotes(userId: string) {
  return handle.db
    .select({ id: notifications.id, kind: notifications.kind, text: notifications.text, url: notifications.url, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.kind, ["press-message", "press-digest"])));
}

async function deliveriesOf(noteIds: number[]) {
  if (noteIds.length === 0) return [];
  return handle.db.select().from(deliveries).where(inArray(deliveries.notificationId, noteIds));
}

const subscribe = (userId: string) =>
  handle.db.insert(pushSubscriptions).values({ userId, endpoint: `https://push.invalid/${userId}`, p256dh: "k", auth: "a" });

describe("press notifications", () => {
  it("tell each other member once per message, in the app and by push, with a true line and a link to the channel", async () => {
    const { gameId, as, users } = await pressGame(handle);
    await subscribe(users.bob.id);
    const { channelId } = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] });
    const m = await as.alice.press.send({ gameId, nation: "Germany", channelId, text: "Meet me\nin Egypt" });
    const [note, ...rest] = (await pressNotes(users.bob.id)).filter((n) => n.kind === "press-message");
    expect(rest).toEqual([]);
    const game = await as.alice.game.get({ gameId });
    expect(note).toMatchObject({ text: `Germany in your channel with Japan (${game.game.name}): Meet me in Egypt`, url: `/game/${gameId}?press=${channelId}`, readAt: null });
    expect((await deliveriesOf([note!.id])).map((d) => d.channel)).toEqual(["push"]);
    // The sender and non-members: nothing.
    for (const u of [users.alice, users.carol, users.dave, users.erin]) expect(await pressNotes(u.id)).toEqual([]);
    expect(m.id).toBeGreaterThan(0);
  });

  it("skip muted members, honour the press settings, and wait out quiet hours", async () => {
    const { gameId, as, users } = await pressGame(handle);
    const pub = await publicId(as.alice, gameId);
    await as.carol.press.mute({ gameId, channelId: pub, muted: true });
    const base = { email: true, push: true, quietStart: null, quietEnd: null, timeZone: "UTC" };
    await as.bob.settings.save({ ...base, pressInApp: false, pressPush: true, pressEmail: false });
    await subscribe(users.bob.id);
    const now = localMinutes(new Date(), "UTC");
    await as.dave.settings.save({ ...base, quietStart: (now + 1439) % 1440, quietEnd: (now + 60) % 1440, pressInApp: true, pressPush: true, pressEmail: true });
    await subscribe(users.dave.id);
    const bobUnread = await as.bob.notifications.unread();
    await as.alice.press.send({ gameId, nation: "Germany", channelId: pub, text: "Public word" });

    expect(await pressNotes(users.carol.id)).toEqual([]); // muted
    // Bob: in-app off, push on → a row born read that carries the push; no digest.
    const bobs = await pressNotes(users.bob.id);
    expect(bobs.map((n) => n.kind)).toEqual(["press-message"]);
    expect(bobs[0]!.readAt).not.toBeNull();
    expect(await as.bob.notifications.unread()).toBe(bobUnread);
    expect((await deliveriesOf(bobs.map((n) => n.id))).map((d) => d.channel)).toEqual(["push"]);
    // Dave: in quiet hours; the push waits, the digest waits.
    const daves = await pressNotes(users.dave.id);
    expect(daves.map((n) => n.kind).sort()).toEqual(["press-digest", "press-message"]);
    // Only the message is in Dave's list (the digest is mail only).
    expect((await as.dave.notifications.list()).filter((n) => n.kind.startsWith("press")).map((n) => n.kind)).toEqual(["press-message"]);
    await handle.db.update(deliveries).set({ dueAt: new Date(Date.now() - 1000) }).where(inArray(deliveries.notificationId, daves.map((n) => n.id)));
    const result = await dispatchDue(handle.db, mailDeps("press-quiet"));
    expect(result.delayed).toBeGreaterThanOrEqual(2);
    for (const d of await deliveriesOf(daves.map((n) => n.id))) expect(d).toMatchObject({ status: "pending", reason: "quiet hours" });
  });

  it("mail a digest per game at most once an hour, of what is still unread, and skip it when all was read", async () => {
    const { gameId, as, users } = await pressGame(handle);
    const pub = await publicId(as.alice, gameId);
    await as.alice.press.send({ gameId, nation: "Germany", channelId: pub, text: "First <b>word</b>" });
    await as.carol.press.send({ gameId, nation: "United Kingdom", channelId: pub, text: "Second word" });
    const digests = async () => (await pressNotes(users.bob.id)).filter((n) => n.kind === "press-digest");
    expect(await digests()).toHaveLength(1); // one waits; the second message joins it
    const [pending] = await deliveriesOf((await digests()).map((n) => n.id));
    expect(pending!.dueAt.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000); // a player in the game reads it first
    await handle.db.update(deliveries).set({ dueAt: new Date(Date.now() - 1000) }).where(eq(deliveries.id, pending!.id));
    const deps = mailDeps("press-digest");
    await dispatchDue(handle.db, deps);
    const mail = mailsIn(deps.dir).find((m) => m.to[0]!.address === users.bob.email && m.subject.includes("press"))!;
    expect(mail.subject).toBe(`2 unread press messages in ${(await as.bob.game.get({ gameId })).game.name}`);
    expect(mail.text).toContain("Germany in public press (turn 1, orders):\nFirst <b>word</b>");
    expect(mail.text).toContain("United Kingdom in public press (turn 1, orders):\nSecond word");
    expect(mail.html).toContain("First &lt;b&gt;word&lt;/b&gt;");

    // The next message: a new digest, due an hour after the last one went out.
    const third = await as.alice.press.send({ gameId, nation: "Germany", channelId: pub, text: "Third word" });
    const next = (await deliveriesOf((await digests()).map((n) => n.id))).find((d) => d.status === "pending")!;
    expect(next.dueAt.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    // Bob reads it in the game meanwhile: the digest is skipped, never sent.
    await as.bob.press.markRead({ gameId, channelId: pub, upTo: third.id });
    await handle.db.update(deliveries).set({ dueAt: new Date(Date.now() - 1000) }).where(eq(deliveries.id, next.id));
    const deps2 = mailDeps("press-digest-2");
    await dispatchDue(handle.db, deps2);
    expect(mailsIn(deps2.dir).filter((m) => m.to[0]!.address === users.bob.email && m.subject.includes("press"))).toEqual([]);
    const [skipped] = await handle.db.select().from(deliveries).where(eq(deliveries.id, next.id));
    expect(skipped).toMatchObject({ status: "skipped", reason: "the press was read" });
  });
});
