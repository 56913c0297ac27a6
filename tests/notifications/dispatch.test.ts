// The dispatcher: each event reaches each user once per channel, even with two dispatchers at once;
// a message whose fact is no longer true is skipped; quiet hours delay email; the mail says what
// happened and links straight to the phase.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, phases } from "../../db/schema";
import { dispatchDue, type DispatchDeps } from "../../server/services/dispatch";
import { notify, type Note } from "../../server/services/notify";
import { localMinutes } from "../../server/services/quiet-hours";
import { sweepReminders } from "../../server/services/reminders";
import { testDb } from "../support/db";
import { makeUser, twoPlayerGame } from "../support/world";
import { BASE_URL, mailDeps, mailsIn, secondHandle } from "./support";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function deliveriesOf(userId: string) {
  return handle.db
    .select({ id: deliveries.id, channel: deliveries.channel, status: deliveries.status, reason: deliveries.reason, dueAt: deliveries.dueAt, kind: notifications.kind, key: notifications.eventKey })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(eq(notifications.userId, userId));
}

/** A game whose orders deadline is in 30 minutes, and the reminders the sweep makes for it. */
async function gameClosingSoon() {
  const game = await twoPlayerGame(handle);
  const deadline = new Date(Date.now() + 30 * 60_000);
  await handle.db.update(phases).set({ deadline }).where(eq(phases.gameId, game.gameId));
  return { ...game, deadline };
}

describe("once per event and user", () => {
  it("records an event once however often a service tells it, and sends each email once", async () => {
    const { alice, bob, gameId } = await twoPlayerGame(handle);
    // The game's start was told to both players, with an email each waiting.
    expect((await deliveriesOf(alice.id)).filter((d) => d.kind === "game-started")).toMatchObject([{ channel: "email", status: "pending" }]);
    const again: Note = { userId: alice.id, gameId, kind: "game-started", text: "again", url: `/game/${gameId}`, eventKey: `game-started:${gameId}`, fact: { kind: "game-started", gameId } };
    expect(await handle.db.transaction((tx) => notify(tx, [again]))).toBe(0);
    expect(await handle.db.select().from(notifications).where(and(eq(notifications.userId, alice.id), eq(notifications.kind, "game-started")))).toHaveLength(1);

    const deps = mailDeps("one");
    const first = await dispatchDue(handle.db, deps);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    expect((await dispatchDue(handle.db, deps)).sent).toBe(0);
    const mails = mailsIn(deps.dir);
    for (const user of [alice, bob]) expect(mails.filter((m) => m.to[0]!.address === user.email && m.subject.includes("has started"))).toHaveLength(1);
  });

  it("two dispatchers running at once send every email exactly once", async () => {
    const carol = await makeUser(handle, `carol-${Math.random()}@example.com`);
    const { gameId } = await twoPlayerGame(handle);
    await dispatchDue(handle.db, mailDeps("drain-earlier")); // only the rows made below are left
    const notes: Note[] = Array.from({ length: 40 }, (_, i) => ({
      userId: carol.id,
      gameId,
      kind: "game-started",
      text: `event ${i}`,
      url: `/game/${gameId}`,
      eventKey: `test-event:${i}`,
      fact: { kind: "game-started", gameId },
    }));
    await handle.db.transaction((tx) => notify(tx, notes));
    const { other, close } = await secondHandle(handle);
    const sent: { worker: string; text: string }[] = [];
    const recording = (worker: string): DispatchDeps => ({
      ...mailDeps(worker),
      // A slow mail server, so the two dispatchers overlap.
      sendMail: async (mail) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push({ worker, text: mail.text.split("\n")[0]! });
      },
    });
    try {
      const [a, b] = await Promise.all([dispatchDue(handle.db, recording("A"), 5), dispatchDue(other.db, recording("B"), 5)]);
      expect(a.sent + b.sent).toBe(40);
    } finally {
      await close();
    }
    expect(sent).toHaveLength(40);
    expect(new Set(sent.map((s) => s.text)).size).toBe(40);
    expect((await deliveriesOf(carol.id)).every((d) => d.status === "sent")).toBe(true);
  });
});

describe("a stale fact is never sent", () => {
  it("reminds unlocked players once an hour before the deadline, and skips the email once they lock", async () => {
    const { alice, bob, asAlice, gameId } = await gameClosingSoon();
    expect(await sweepReminders(handle.db)).toBe(2);
    expect(await sweepReminders(handle.db)).toBe(0); // once per phase, nation and player
    const [note] = await handle.db.select().from(notifications).where(and(eq(notifications.userId, alice.id), eq(notifications.kind, "deadline-soon")));
    expect(note!.text).toContain("Germany has not locked");
    expect(note!.url).toBe(`/game/${gameId}`);

    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const deps = mailDeps("stale");
    await dispatchDue(handle.db, deps);
    const aliceReminder = (await deliveriesOf(alice.id)).find((d) => d.kind === "deadline-soon")!;
    expect(aliceReminder).toMatchObject({ status: "skipped", reason: "Germany has locked" });
    const bobReminder = (await deliveriesOf(bob.id)).find((d) => d.kind === "deadline-soon")!;
    expect(bobReminder.status).toBe("sent");
    const mails = mailsIn(deps.dir).filter((m) => m.subject.includes("within the hour"));
    expect(mails.map((m) => m.to[0]!.address)).toEqual([bob.email]);
  });

  it("does not remind a nation that has locked, nor after the deadline moved", async () => {
    const { alice, bob, asAlice, gameId } = await gameClosingSoon();
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect(await sweepReminders(handle.db)).toBe(1);
    const told = await handle.db.select().from(notifications).where(and(eq(notifications.kind, "deadline-soon"), inArray(notifications.userId, [alice.id, bob.id])));
    expect(told.map((n) => n.userId)).toEqual([bob.id]);
    // The deadline moves (as a pause and resume moves it): the reminder must not claim the old one.
    await handle.db.update(phases).set({ deadline: new Date(Date.now() + 50 * 60_000) }).where(eq(phases.gameId, gameId));
    await dispatchDue(handle.db, mailDeps("moved"));
    expect((await deliveriesOf(bob.id)).find((d) => d.kind === "deadline-soon")).toMatchObject({ status: "skipped", reason: "the deadline changed" });
    // The new deadline gets its own reminder, once.
    expect(await sweepReminders(handle.db)).toBe(1);
    expect(await sweepReminders(handle.db)).toBe(0);
  });

  it("no reminder while the game is paused; a reminder made before the pause is not sent during it", async () => {
    const { alice, bob, asAlice, gameId } = await gameClosingSoon();
    expect(await sweepReminders(handle.db)).toBe(2);
    await asAlice.game.pause({ gameId });
    await dispatchDue(handle.db, mailDeps("paused"));
    for (const user of [alice, bob])
      expect((await deliveriesOf(user.id)).find((d) => d.kind === "deadline-soon")).toMatchObject({ status: "skipped", reason: "the game is paused" });

    const other = await gameClosingSoon();
    await other.asAlice.game.pause({ gameId: other.gameId });
    expect(await sweepReminders(handle.db)).toBe(0);

    // Resumed, the first game's deadline moved by the pause: its players are reminded of the new one.
    await asAlice.game.resume({ gameId });
    expect(await sweepReminders(handle.db)).toBe(2);
    expect(await sweepReminders(handle.db)).toBe(0);
  });

  it("a player who left the game is not reminded of its deadline", async () => {
    const { bob, asBob, gameId } = await gameClosingSoon();
    expect(await sweepReminders(handle.db)).toBe(2);
    await asBob.game.leave({ gameId, nation: "Japan" });
    await dispatchDue(handle.db, mailDeps("left"));
    expect((await deliveriesOf(bob.id)).find((d) => d.kind === "deadline-soon")).toMatchObject({ status: "skipped", reason: "you no longer play Japan" });
  });

  it("skips a channel the user turned off after the event", async () => {
    const { alice, asAlice } = await twoPlayerGame(handle);
    await asAlice.settings.save({ email: false, push: true, quietStart: null, quietEnd: null, timeZone: "UTC" });
    await dispatchDue(handle.db, mailDeps("off"));
    expect((await deliveriesOf(alice.id)).find((d) => d.kind === "game-started")).toMatchObject({ status: "skipped", reason: "email is turned off" });
  });
});

describe("quiet hours", () => {
  it("delays email until they end; the in-app notification is there at once", async () => {
    const { alice, asAlice, gameId } = await twoPlayerGame(handle);
    const zone = "Asia/Tokyo";
    const now = localMinutes(new Date(), zone);
    await asAlice.settings.save({ email: true, push: true, quietStart: (now - 30 + 1440) % 1440, quietEnd: (now + 30) % 1440, timeZone: zone });
    expect((await asAlice.notifications.list()).some((n) => n.kind === "game-started" && n.gameId === gameId)).toBe(true);

    const deps = mailDeps("quiet");
    const result = await dispatchDue(handle.db, deps);
    expect(result.delayed).toBeGreaterThanOrEqual(1);
    const waiting = (await deliveriesOf(alice.id)).find((d) => d.kind === "game-started")!;
    expect(waiting).toMatchObject({ status: "pending", reason: "quiet hours" });
    const minutes = (waiting.dueAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(31);
    expect(mailsIn(deps.dir).filter((m) => m.to[0]!.address === alice.email)).toHaveLength(0);

    // When the quiet hours are over, it goes out.
    await asAlice.settings.save({ email: true, push: true, quietStart: null, quietEnd: null, timeZone: zone });
    await handle.db.update(deliveries).set({ dueAt: new Date() }).where(eq(deliveries.id, waiting.id));
    await dispatchDue(handle.db, deps);
    expect((await deliveriesOf(alice.id)).find((d) => d.id === waiting.id)!.status).toBe("sent");
    expect(mailsIn(deps.dir).filter((m) => m.to[0]!.address === alice.email)).toHaveLength(1);
  });
});

describe("email content", () => {
  it("says what happened and links straight to the phase, read back from the file transport", async () => {
    const { bob, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    const { drain } = await import("../../server/jobs/worker");
    await drain(handle, "test");
    const deps = mailDeps("content");
    await dispatchDue(handle.db, deps);
    const mail = mailsIn(deps.dir).find((m) => m.to[0]!.address === bob.email && m.subject.includes("turn 1 resolved"))!;
    expect(mail.from.address).toBe("lockstep@test");
    expect(mail.subject).toBe("Test game: turn 1 resolved — turn 2 orders are open");
    expect(mail.text).toContain(`Open the game: ${BASE_URL}/game/${gameId}/turn/1`);
    expect(mail.text).toContain(`${BASE_URL}/settings`);
    expect(mail.html).toContain(`href="${BASE_URL}/game/${gameId}/turn/1"`);
  });
});
