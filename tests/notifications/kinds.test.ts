// Every kind the services tell of flows through the dispatcher, and each re-checks its own fact:
// a battle decision already taken, post-combat moves already locked, a nation already taken back
// from the robot — the email is skipped; what is still true is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { dispatchDue } from "../../server/services/dispatch";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK, twoPlayerGame } from "../support/world";
import { mailDeps, mailsIn } from "./support";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function emailOf(userId: string, kind: string) {
  return handle.db
    .select({ status: deliveries.status, reason: deliveries.reason })
    .from(deliveries)
    .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as never), eq(deliveries.channel, "email")));
}

async function latestPhase(gameId: number) {
  const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
  return rows[rows.length - 1]!;
}

describe("each kind re-checks its fact", () => {
  it("decision waiting: sent while it waits, skipped once the deadline took the default", async () => {
    // Low luck, as in tests/services/battles.test.ts: the defenders surely hit, so Germany must decide.
    const alice = await makeUser(handle, `alice-d-${Math.random()}@example.com`);
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, await makeUser(handle, `bob-d-${Math.random()}@example.com`));
    const { gameId } = await asAlice.game.create({ name: "Battle", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, lowLuck: true });
    await asBob.game.join({ gameId, nation: "Japan" });
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    expect((await latestPhase(gameId)).status).toBe("battles");
    // The first request's email goes out while it waits.
    const deps = mailDeps("kinds");
    await dispatchDue(handle.db, deps);
    expect((await emailOf(alice.id, "decision-waiting"))[0]).toMatchObject({ status: "sent" });
    expect(mailsIn(deps.dir).some((m) => m.subject.includes("Germany must decide in Karelia"))).toBe(true);

    // Later requests of the same battle are new events; the deadline decides them before any is sent.
    for (let i = 0; i < 20; i++) {
      const phase = await latestPhase(gameId);
      if (phase.status !== "battles") break;
      const past = new Date(Date.now() - 1000);
      const pending = { ...phase.pending!, requests: phase.pending!.requests.map((r) => ({ ...r, deadline: past.toISOString() })) };
      await handle.db.update(phases).set({ decisionDeadline: past, pending }).where(eq(phases.id, phase.id));
      await sweepDeadlines(handle.db);
      await drain(handle, "test");
    }
    await dispatchDue(handle.db, deps);
    const all = await emailOf(alice.id, "decision-waiting");
    expect(all.filter((d) => d.status === "pending")).toEqual([]);
    for (const d of all.slice(1)) expect(d).toMatchObject({ status: "skipped", reason: "the battles are over" });
    expect(await emailOf(alice.id, "turn-resolved")).toEqual([{ status: "sent", reason: null }]);
  });

  it("post-combat: skipped once the nation locked its landings (here the last lock, which closes the stage)", async () => {
    const { alice, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    expect((await latestPhase(gameId)).status).toBe("post-combat");
    await asAlice.postCombat.lock({ gameId, nation: "Germany" });
    await dispatchDue(handle.db, mailDeps("post-combat"));
    expect(await emailOf(alice.id, "post-combat")).toEqual([{ status: "skipped", reason: "post-combat is over" }]);
  });

  it("robot takeover: skipped once the player took the nation back", async () => {
    const alice = await makeUser(handle, `alice-k-${Math.random()}@example.com`);
    const bob = await makeUser(handle, `bob-k-${Math.random()}@example.com`);
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, bob);
    const { gameId } = await asAlice.game.create({ name: "Takeover", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, robotTakeover: 1 });
    await asBob.game.join({ gameId, nation: "Japan" });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const phase = await latestPhase(gameId);
    await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase.id));
    await sweepDeadlines(handle.db);
    await drain(handle, "test");
    await asBob.game.reclaim({ gameId, nation: "Japan" });
    await dispatchDue(handle.db, mailDeps("takeover"));
    expect(await emailOf(bob.id, "robot-takeover")).toEqual([{ status: "skipped", reason: "Japan was taken back" }]);
  });
});
