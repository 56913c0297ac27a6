// Deliveries in batches (issue 20): two workers whose lanes claim several rows at once still send
// every email exactly once; the facts of a batch, read in one statement, give the same verdicts as
// one check at a time; a send that fails in a batch is retried while its batch-mates are sent; the
// delivery loop's probe says what is due or stuck, and a row past its lease is still reaped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, phases, webhookDeliveries, webhooks, type NotificationFact } from "../../db/schema";
import { probeOutboxes } from "../../server/jobs/outbox-probe";
import { DELIVERY_BATCH, startWorker } from "../../server/jobs/worker";
import { dispatchDue, type DispatchDeps } from "../../server/services/dispatch";
import { notify, type Note } from "../../server/services/notify";
import { factReads, staleReason } from "../../server/services/notify-facts";
import { testDb } from "../support/db";
import { makeUser, twoPlayerGame } from "../support/world";
import { mailDeps, secondHandle } from "./support";
import { until } from "../support/until";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `count` game-started notes for a fresh user, each with an email waiting. */
async function manyNotes(count: number, tag: string) {
  const carol = await makeUser(handle, `carol-${tag}-${Math.random()}@example.com`);
  const { gameId } = await twoPlayerGame(handle);
  const notes: Note[] = Array.from({ length: count }, (_, i) => ({
    userId: carol.id,
    gameId,
    kind: "game-started",
    text: `${tag} ${i}`,
    url: `/game/${gameId}`,
    eventKey: `${tag}:${i}`,
    fact: { kind: "game-started", gameId },
  }));
  await handle.db.transaction((tx) => notify(tx, notes));
  const rows = await handle.db
    .select({ id: deliveries.id, status: deliveries.status, attempts: deliveries.attempts, reason: deliveries.reason, dueAt: deliveries.dueAt, sentAt: deliveries.sentAt, text: notifications.text })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(eq(notifications.userId, carol.id));
  const state = () =>
    handle.db
      .select({ id: deliveries.id, status: deliveries.status, attempts: deliveries.attempts, reason: deliveries.reason, dueAt: deliveries.dueAt, sentAt: deliveries.sentAt, text: notifications.text })
      .from(deliveries)
      .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
      .where(eq(notifications.userId, carol.id));
  return { carol, rows, state };
}

describe("batch claims", () => {
  it("two workers whose lanes claim batches send every email exactly once", async () => {
    expect(DELIVERY_BATCH).toBeGreaterThan(1);
    const count = 6 * DELIVERY_BATCH + 3;
    const { rows, state } = await manyNotes(count, "race");
    expect(rows).toHaveLength(count);
    const { other, close } = await secondHandle(handle);
    const sent: { worker: string; text: string }[] = [];
    const recording = (worker: string): DispatchDeps => ({
      ...mailDeps(worker),
      // A slow mail server, so the workers' lanes overlap.
      sendMail: async (mail) => {
        await sleep(10);
        sent.push({ worker, text: mail.text.split("\n")[0]! });
      },
    });
    const stops = [startWorker(handle, { name: "race-a", pollMs: 100, deliveries: 3, dispatch: recording("race-a") }), startWorker(other, { name: "race-b", pollMs: 100, deliveries: 3, dispatch: recording("race-b") })];
    try {
      await until(async () => (await state()).every((d) => d.status === "sent"), 60_000);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await close();
    }
    const ours = sent.filter((s) => s.text.startsWith("race "));
    expect(ours).toHaveLength(count);
    expect(new Set(ours.map((s) => s.text)).size).toBe(count);
    expect((await state()).every((d) => d.attempts === 1 && d.sentAt !== null)).toBe(true);
  });

  it("a send that fails in a batch is tried again later; its batch-mates are sent", async () => {
    const { rows, state } = await manyNotes(4, "fails");
    const deps: DispatchDeps = {
      ...mailDeps("fails"),
      sendMail: async (mail) => {
        if (mail.text.startsWith("fails 2")) throw new Error("mailbox unavailable");
      },
    };
    const result = await dispatchDue(handle.db, deps, DELIVERY_BATCH);
    expect(result.sent).toBeGreaterThanOrEqual(3);
    const after = await state();
    expect(after).toHaveLength(rows.length);
    for (const d of after) {
      if (d.text === "fails 2") {
        expect(d).toMatchObject({ status: "pending", attempts: 1, reason: "mailbox unavailable", sentAt: null });
        const minutes = (d.dueAt.getTime() - Date.now()) / 60_000;
        expect(minutes).toBeGreaterThan(1.5); // 2^1 minutes
        expect(minutes).toBeLessThanOrEqual(2.1);
      } else expect(d).toMatchObject({ status: "sent", attempts: 1, reason: null });
    }
    const [{ locked }] = (await handle.db
      .select({ locked: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(and(inArray(deliveries.id, after.map((d) => d.id)), sql`${deliveries.lockedBy} is not null`))) as [{ locked: number }];
    expect(locked).toBe(0);
  });
});

describe("a batch's facts", () => {
  it("read in one statement, give each fact the verdict of a check on its own", async () => {
    const { alice, asAlice, gameId } = await twoPlayerGame(handle);
    const left = await twoPlayerGame(handle);
    const [leftPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, left.gameId));
    const deadline = new Date(Date.now() + 30 * 60_000);
    await handle.db.update(phases).set({ deadline }).where(eq(phases.gameId, gameId));
    const paused = await twoPlayerGame(handle);
    const pausedDeadline = new Date(Date.now() + 30 * 60_000);
    await handle.db.update(phases).set({ deadline: pausedDeadline }).where(eq(phases.gameId, paused.gameId));
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const [pausedPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, paused.gameId));
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await paused.asAlice.game.pause({ gameId: paused.gameId });
    await left.asBob.game.leave({ gameId: left.gameId, nation: "Japan" });
    const soon = (phaseId: number, nation: "Germany" | "Japan", at: Date): NotificationFact => ({ kind: "deadline-soon", phaseId, nation, deadline: at.toISOString() });
    const cases: [NotificationFact, string, string | null][] = [
      [soon(phase!.id, "Germany", deadline), alice.id, "Germany has locked"],
      [soon(leftPhase!.id, "Japan", leftPhase!.deadline), left.bob.id, "you no longer play Japan"],
      [soon(pausedPhase!.id, "Japan", pausedDeadline), paused.bob.id, "the game is paused"],
      [soon(pausedPhase!.id, "Germany", new Date(pausedDeadline.getTime() + 60_000)), paused.alice.id, "the game is paused"],
      [{ kind: "turn-resolved", phaseId: phase!.id }, alice.id, "the turn is not resolved"],
      [{ kind: "decision-waiting", phaseId: pausedPhase!.id, nation: "Japan" }, paused.bob.id, null],
      [{ kind: "post-combat", phaseId: phase!.id, nation: "Germany" }, alice.id, "post-combat is over"],
      [soon(-1, "Germany", deadline), alice.id, "you no longer play Germany"],
      [{ kind: "game-started", gameId }, alice.id, null],
    ];
    const reads = await factReads(
      handle.db,
      // The last phase is not among those read at first: it is read when asked.
      cases.slice(0, -2).map(([fact]) => fact),
    );
    for (const [fact, userId, expected] of cases) {
      const alone = await staleReason(handle.db, fact, userId);
      const batched = await staleReason(handle.db, fact, userId, reads);
      expect({ fact, alone }).toEqual({ fact, alone: expected });
      expect({ fact, batched }).toEqual({ fact, batched: expected });
    }
  });
});

describe("the delivery loop's probe", () => {
  it("says what is due and what is past its lease; the worker reaps a row past its lease", async () => {
    const { state } = await manyNotes(1, "stuck");
    const [row] = await state();
    // Nothing else of this file is due: every earlier row was sent or waits for a retry.
    await dispatchDue(handle.db, mailDeps("probe-drain"));
    expect(await probeOutboxes(handle.db)).toMatchObject({ mailDue: false, mailStuck: false });
    await handle.db.update(deliveries).set({ status: "pending", dueAt: new Date() }).where(eq(deliveries.id, row!.id));
    expect(await probeOutboxes(handle.db)).toMatchObject({ mailDue: true, mailStuck: false });
    // A worker died mid-send six minutes ago (the lease is five).
    await handle.db
      .update(deliveries)
      .set({ status: "sending", lockedBy: "dead", lockedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(deliveries.id, row!.id));
    expect(await probeOutboxes(handle.db)).toMatchObject({ mailDue: false, mailStuck: true });
    // A webhook row of a dead worker, three minutes ago (its lease is two): back to pending, then sent or retried.
    const { alice } = await twoPlayerGame(handle);
    const hookRows = await handle.db.insert(webhooks).values({ userId: alice.id, url: "https://hooks.example.com/x", salt: "s", events: ["turn-resolved"] }).returning();
    const [hookDelivery] = await handle.db
      .insert(webhookDeliveries)
      .values({ webhookId: hookRows[0]!.id, event: "turn-resolved", eventKey: "stuck", payload: { text: "x" }, status: "sending", lockedBy: "dead", lockedAt: new Date(Date.now() - 3 * 60_000), attempts: 1 })
      .returning();
    expect(await probeOutboxes(handle.db)).toMatchObject({ hooksStuck: true });
    let posted = 0;
    const stop = startWorker(handle, {
      name: "reaper",
      pollMs: 100,
      dispatch: mailDeps("reaper"),
      webhooks: { workerId: "reaper", serverSecret: "x".repeat(32), baseUrl: "https://lockstep.test", resolve: async () => ((posted += 1), []), retryBaseSeconds: 600 },
    });
    try {
      await until(async () => (await state())[0]!.status === "failed", 20_000);
      await until(async () => (await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, hookDelivery!.id)))[0]!.attempts === 2, 20_000);
    } finally {
      await stop();
    }
    expect((await state())[0]).toMatchObject({ status: "failed", reason: "the sender stopped mid-send" });
    expect(posted).toBeGreaterThan(0); // the reaped webhook row was tried again
    expect(await probeOutboxes(handle.db)).toMatchObject({ mailStuck: false, hooksStuck: false });
  });
});
