// Deadlines that hold (R3.1): daily deadlines set from the game's zone, a pause that stops the clock
// and gives the time back, and a deadline that passes exactly once however many sweeps race for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, jobs, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function phasesOf(gameId: number) {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
}

describe("deadlines (R3.1)", () => {
  it("fall at the game's time of day in its zone when it sets one", async () => {
    const gus = await makeUser(handle, `gus-${Math.random()}@example.com`);
    const before = Date.now();
    const { gameId } = await callerFor(handle, gus).game.create({
      name: "Daily",
      nations: ["Germany"],
      robots: ["Russia", "United Kingdom", "Japan", "United States"],
      ...QUICK,
      ordersAt: { time: "18:00", zone: "America/New_York" },
    });
    const [phase] = await phasesOf(gameId);
    const deadline = phase!.deadline.getTime();
    expect(deadline - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(deadline - before).toBeLessThanOrEqual(25 * 3600_000);
    const local = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(phase!.deadline);
    expect(local).toBe("18:00");
    const view = await callerFor(handle, gus).game.get({ gameId });
    expect(view.game.ordersAt).toEqual({ time: "18:00", zone: "America/New_York" });
    await expect(
      callerFor(handle, gus).game.create({ name: "Bad", nations: ["Germany"], robots: [], ...QUICK, ordersAt: { time: "25:00", zone: "Europe/Berlin" } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      callerFor(handle, gus).game.create({ name: "Bad", nations: ["Germany"], robots: [], ...QUICK, ordersAt: { time: "18:00", zone: "Mars/Olympus" } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("stand still while the creator pauses the game, and keep their remaining time", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await expect(asBob.game.pause({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await asAlice.game.pause({ gameId });
    await expect(asAlice.game.pause({ gameId })).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await asBob.game.get({ gameId })).game.pausedAt).not.toBeNull();
    // Paused two hours ago with one hour left: the deadline is an hour past, but nothing passes.
    // One clock reading for both, so the time left at the pause is exactly one hour.
    const [phase] = await phasesOf(gameId);
    const now = Date.now();
    await handle.db.update(games).set({ pausedAt: new Date(now - 2 * 3600_000) }).where(eq(games.id, gameId));
    await handle.db.update(phases).set({ deadline: new Date(now - 3600_000) }).where(eq(phases.id, phase!.id));
    expect(await sweepDeadlines(handle.db)).toBe(0);
    expect((await phasesOf(gameId))[0]!.status).toBe("open");
    // Orders may still be saved and locked while paused.
    await expect(asAlice.orders.save({ gameId, nation: "Germany", orders: [] })).resolves.toEqual({ ok: true, saved: 0 });

    const { shiftedMs } = await asAlice.game.resume({ gameId });
    expect(shiftedMs).toBeGreaterThanOrEqual(2 * 3600_000);
    const [resumed] = await phasesOf(gameId);
    const left = resumed!.deadline.getTime() - Date.now();
    expect(left).toBeGreaterThan(3600_000 - 60_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    expect(await sweepDeadlines(handle.db)).toBe(0);
    await expect(asAlice.game.resume({ gameId })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("pass exactly once when several workers sweep at the same moment", async () => {
    const { gameId } = await twoPlayerGame(handle);
    const [phase] = await phasesOf(gameId);
    await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase!.id));
    const swept = await Promise.all([sweepDeadlines(handle.db), sweepDeadlines(handle.db), sweepDeadlines(handle.db), sweepDeadlines(handle.db)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    const queued = await handle.db.select().from(jobs).where(and(like(jobs.key, `adjudicate:${phase!.id}%`)));
    expect(queued).toHaveLength(1);
    await Promise.all([drain(handle, "w1"), drain(handle, "w2")]);
    const rows = await phasesOf(gameId);
    expect(rows.map((p) => [p.turn, p.status])).toEqual([
      [1, "resolved"],
      [2, "open"],
    ]);
  });
});
