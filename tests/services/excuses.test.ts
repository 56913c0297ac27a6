// Excused delays (issue 22): a missed orders deadline with an excuse left moves the deadline once (by
// the phase's length, capped at a day) instead of closing the phase; spent excuses leave the game's
// rule (the saved orders count; robot takeover where the game has it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { notifications, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { EXCUSE_CAP_HOURS } from "../../server/services/excuses";
import { reliabilityRecord } from "../../server/services/reliability";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function latest(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  return phase!;
}

/** The current deadline passes: returns the phase as the sweep (and any adjudication) left it. */
async function passDeadline(gameId: number) {
  const phase = await latest(gameId);
  await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase.id));
  await sweepDeadlines(handle.db);
  await drain(handle, "test");
  return (await handle.db.select().from(phases).where(eq(phases.id, phase.id)))[0]!;
}

/** Alice (Germany) against Bob (Japan and, if asked, more) with robots elsewhere. */
async function game(options: Record<string, unknown>, bobNations: ("Japan" | "Russia")[] = ["Japan"]) {
  const alice = await makeUser(handle, `alice-x-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-x-${Math.random()}@example.com`);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const robots = (["Russia", "United Kingdom", "United States"] as const).filter((n) => !bobNations.includes(n as "Russia"));
  const { lowLuck, ordersHours, decisionHours, robotsHold } = QUICK;
  const { gameId } = await asAlice.game.create({ name: "Excuses", nations: ["Germany"], robots: [...robots], lowLuck, ordersHours, decisionHours, robotsHold, ...options });
  for (const n of bobNations) await asBob.game.join({ gameId, nation: n });
  return { alice, bob, asAlice, asBob, gameId };
}

describe("excused delays", () => {
  it("by default excuse one miss: the deadline moves by the phase's length, then the next miss counts", async () => {
    const { bob, asAlice, gameId } = await game({ ordersHours: 6 });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const before = Date.now();
    const excused = await passDeadline(gameId);
    expect(excused.status).toBe("open");
    expect(excused.deadline.getTime() - before).toBeGreaterThanOrEqual(6 * 3600_000 - 1000);
    expect(excused.deadline.getTime() - before).toBeLessThanOrEqual(6 * 3600_000 + 60_000);
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ excused: 1, missed: 0, phasesDue: 0 });
    const told = await handle.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(told.map((n) => n.text).join("\n")).toMatch(/excused \(0 excuses left\)/);
    // The moved deadline passes too: the excuse is spent, so the phase closes and the miss counts.
    expect((await passDeadline(gameId)).status).toBe("resolved");
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ excused: 1, missed: 1, phasesDue: 1 });
    // Turn 2: no excuse left; the deadline closes the phase at once.
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await passDeadline(gameId)).status).toBe("resolved");
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ excused: 1, missed: 2, phasesDue: 2, figure: 0 });
  });

  it("cap the move at a day for long phases", async () => {
    const { asAlice, gameId } = await game({ ordersHours: 72, excusedMisses: 2 });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const before = Date.now();
    const moved = await passDeadline(gameId);
    expect(moved.status).toBe("open");
    expect(moved.deadline.getTime() - before).toBeLessThanOrEqual(EXCUSE_CAP_HOURS * 3600_000 + 60_000);
    expect(moved.deadline.getTime() - before).toBeGreaterThanOrEqual(EXCUSE_CAP_HOURS * 3600_000 - 1000);
  });

  it("excuse nothing when the game sets none", async () => {
    const { bob, asAlice, gameId } = await game({ excusedMisses: 0 });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await passDeadline(gameId)).status).toBe("resolved");
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ excused: 0, missed: 1 });
  });

  it("spend one excuse per player however many of their nations missed, then hand over to the robot at the game's limit", async () => {
    const { bob, asAlice, gameId } = await game({ excusedMisses: 2, robotTakeover: 1 }, ["Japan", "Russia"]);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await passDeadline(gameId)).status).toBe("open");
    expect((await reliabilityRecord(handle.db, bob.id)).excused).toBe(1);
    expect((await passDeadline(gameId)).status).toBe("open");
    expect((await reliabilityRecord(handle.db, bob.id)).excused).toBe(2);
    // Both excuses spent: this deadline closes the phase; the takeover rule applies to both nations.
    expect((await passDeadline(gameId)).status).toBe("resolved");
    const held = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, bob.id)));
    expect(held.map((s) => [s.nation, s.robot]).sort()).toEqual([
      ["Japan", true],
      ["Russia", true],
    ]);
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ excused: 2, missed: 2, phasesDue: 2 });
  });

  it("refuse an excuse count outside 0–4", async () => {
    await expect(game({ excusedMisses: 5 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(game({ excusedMisses: -1 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
