// Vacations (issue 22): up to 10 days at once and 28 in a year (even when declared in parallel); a
// game that honours vacations moves a deadline that finds the player away to the vacation's end; any
// action in a game ends the vacation early; everyone in the game sees "on vacation until …".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases, vacations } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
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

async function passDeadline(gameId: number) {
  const phase = await latest(gameId);
  await handle.db.update(phases).set({ deadline: new Date(Date.now() - 1000) }).where(eq(phases.id, phase.id));
  await sweepDeadlines(handle.db);
  await drain(handle, "test");
  return (await handle.db.select().from(phases).where(eq(phases.id, phase.id)))[0]!;
}

async function game(options: Record<string, unknown>) {
  const alice = await makeUser(handle, `alice-v-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-v-${Math.random()}@example.com`);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const { gameId } = await asAlice.game.create({ name: "Vacations", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, ...options });
  await asBob.game.join({ gameId, nation: "Japan" });
  return { alice, bob, asAlice, asBob, gameId };
}

describe("vacations", () => {
  it("last up to 10 days, one at a time, at most 28 days in a year", async () => {
    const me = callerFor(handle, await makeUser(handle, `v-${Math.random()}@example.com`));
    await expect(me.vacation.start({ days: 11 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(me.vacation.start({ days: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await me.vacation.start({ days: 10 })).toMatchObject({ daysUsed: 10, daysLeft: 18, current: { endsAt: expect.any(String) } });
    await expect(me.vacation.start({ days: 1 })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/end it/) });
    expect(await me.vacation.end()).toEqual({ ended: true });
    expect(await me.vacation.end()).toEqual({ ended: false });
    // Ended at once: it counts only the moments it ran.
    expect((await me.vacation.get()).daysUsed).toBeLessThan(0.01);
    await me.vacation.start({ days: 10 });
    await me.vacation.end();
    await me.vacation.start({ days: 10 });
    await me.vacation.end();
    // Pretend all three ran their full ten days within the year: 30 used, none left.
    const [{ userId }] = (await handle.db.select({ userId: vacations.userId }).from(vacations).orderBy(desc(vacations.id)).limit(1)) as [{ userId: string }];
    await handle.db.update(vacations).set({ endedAt: null, startsAt: new Date(Date.now() - 20 * 86_400_000), endsAt: new Date(Date.now() - 10 * 86_400_000) }).where(eq(vacations.userId, userId));
    const state = await me.vacation.get();
    expect(state).toMatchObject({ daysUsed: 30, daysLeft: 0, current: null });
    await expect(me.vacation.start({ days: 1 })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/28 days/) });
  });

  it("hold the yearly cap against parallel declarations", async () => {
    const user = await makeUser(handle, `vp-${Math.random()}@example.com`);
    const me = callerFor(handle, user);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => me.vacation.start({ days: 10 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await handle.db.select().from(vacations).where(eq(vacations.userId, user.id))).toHaveLength(1);
  });

  it("move a deadline in a game that honours them; any action ends the vacation; everyone sees it", async () => {
    const { bob, asAlice, asBob, gameId } = await game({ honourVacations: true, excusedMisses: 1 });
    await asBob.vacation.start({ days: 3 });
    const until = new Date((await asBob.vacation.get()).current!.endsAt);
    const seat = async () => (await asAlice.game.get({ gameId })).seats.find((s) => s.nation === "Japan")!;
    expect((await seat()).vacationUntil).toBe(until.toISOString());
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const waited = await passDeadline(gameId);
    expect(waited.status).toBe("open");
    // To the next full hour after the vacation's end.
    expect(waited.deadline.getTime()).toBeGreaterThanOrEqual(until.getTime());
    expect(waited.deadline.getTime() - until.getTime()).toBeLessThan(3600_000);
    expect(waited.deadline.getTime() % 3600_000).toBe(0);
    // Not a miss, and no excuse spent.
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ vacations: 1, excused: 0, missed: 0 });
    // Bob comes back early: saving orders ends the vacation; the deadline that waited stays.
    await asBob.orders.save({ gameId, nation: "Japan", orders: [] });
    expect((await asBob.vacation.get()).current).toBeNull();
    expect((await seat()).vacationUntil).toBeUndefined();
    expect((await latest(gameId)).deadline.getTime()).toBe(waited.deadline.getTime());
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    expect((await latest(gameId)).turn).toBe(2);
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ actedOn: 1, missed: 0 });
  });

  it("end at a save the player made, on every path of a save, and not at a save refused", async () => {
    const { asAlice, asBob, gameId } = await game({});
    const away = async () => (await asBob.vacation.get()).current !== null;
    // Alice's save keeps the open phase in this process, so Bob's legal saves below take the path
    // that writes in one statement (with the vacation's end), the illegal ones the path that reads first.
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [] });
    const legal = [{ id: "j1", type: "infantry" as const, count: 2, destination: "Japan" }];
    const illegal = [{ id: "j2", type: "battleship" as const, count: 99, destination: "Japan" }];

    await asBob.vacation.start({ days: 3 });
    // Refused: not his nation, then his nation locked. The vacation runs on.
    await expect(asBob.orders.save({ gameId, nation: "Germany", orders: legal })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(asBob.orders.save({ gameId, nation: "Germany", orders: [] })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await away()).toBe(true);
    await asBob.orders.lock({ gameId, nation: "Japan" }); // a lock ends it too
    expect(await away()).toBe(false);
    await asBob.vacation.start({ days: 3 });
    await expect(asBob.orders.save({ gameId, nation: "Japan", orders: legal })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await away()).toBe(true);
    await asBob.orders.unlock({ gameId, nation: "Japan" }); // an unlock does not
    expect(await away()).toBe(true);

    // A legal list, written: the vacation ends.
    expect(await asBob.orders.save({ gameId, nation: "Japan", orders: legal })).toEqual({ ok: true, saved: 1 });
    expect(await away()).toBe(false);
    // A list the engine refuses is an answer, not a refusal of the request: the vacation ends too.
    await asBob.vacation.start({ days: 3 });
    expect(await asBob.orders.save({ gameId, nation: "Japan", orders: illegal })).toMatchObject({ ok: false });
    expect(await away()).toBe(false);
  });

  it("do not move deadlines in a game that does not honour them", async () => {
    const { bob, asAlice, asBob, gameId } = await game({ excusedMisses: 0 });
    await asBob.vacation.start({ days: 3 });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await passDeadline(gameId)).status).toBe("resolved");
    expect(await reliabilityRecord(handle.db, bob.id)).toMatchObject({ vacations: 0, missed: 1 });
  });

  it("show only the day of the return in an anonymous game", async () => {
    const { asAlice, asBob, gameId } = await game({ honourVacations: true, anonymous: true });
    await asBob.vacation.start({ days: 2.3 });
    const japan = (await asAlice.game.get({ gameId })).seats.find((s) => s.nation === "Japan")!;
    expect(japan.player).toBe("a player");
    expect(japan).not.toHaveProperty("playerId");
    expect(new Date(japan.vacationUntil!).getTime() % 86_400_000).toBe(0);
  });
});
