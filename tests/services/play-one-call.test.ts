// play.save, play.lock and play.unlock in one call each (drizzle/0025; issue 20), as orders.* are:
// once the process knows a game's open phase, each is one statement from the app to the database, the
// last lock too. Everything they did in several statements still happens (the refusals and their
// words, the event, the missed deadlines reset, the "deadline soon" notes, attendance of the acting
// sides, the job queued once, the vacation's end), and simultaneous last locks close the phase once.
// On a Postgres server (DATABASE_URL) the racing requests really run in parallel, from two pools
// (two app processes, each with its own knowledge of the open phase).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createDb, type DbHandle } from "../../db/client";
import { attendance, events, jobs, notifications, orders, phases, seats, vacations } from "../../db/schema";
import { NATIONS } from "../../server/rulesets/1942/engine";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { countStatements } from "../support/statements";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
let other: DbHandle;
beforeAll(async () => {
  handle = await testDb();
  other = onPostgres ? await createDb({ url: databaseUrlOf(handle)! }) : handle;
});
afterAll(async () => {
  if (other !== handle) await other.close();
  await handle.close();
});

const SETTINGS = { ordersHours: 24, decisionHours: 24, robotsHold: true, excusedMisses: 0 };

/** A 1942 game played a phase at a time (play.create), a player a nation; `on`: the pool its callers use. */
async function phasedGame(tag: string, on: DbHandle = handle) {
  const players = await Promise.all(NATIONS.map((n) => makeUser(handle, `${tag}-${n.replace(" ", "")}-${Math.random()}@example.com`)));
  const callers = players.map((p) => callerFor(on, p));
  const { gameId } = await callers[0]!.play.create({ name: tag, ruleset: "1942", scenario: "standard", seats: NATIONS.length, mine: [NATIONS[0]], ...SETTINGS });
  for (let i = 1; i < NATIONS.length; i++) await callers[i]!.play.join({ gameId, side: NATIONS[i]! });
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
  return { gameId, players, callers, phaseId: phase!.id };
}

const lockEvents = async (gameId: number) =>
  (await handle.db.select().from(events).where(eq(events.gameId, gameId)).orderBy(events.id)).map((e) => e.payload as Record<string, unknown>).filter((p) => p.kind === "locks-changed");

const savedOf = async (phaseId: number, side: string) =>
  (await handle.db.select().from(orders).where(and(eq(orders.phaseId, phaseId), eq(orders.nation, side as never))))[0]?.order;

describe("play.* in one call", () => {
  it("a save, a lock, an unlock and the last lock are one statement each once the phase is known, and do all they did", async () => {
    const statementsOf = countStatements(handle);
    const { gameId, players, callers, phaseId } = await phasedGame("one-call");
    await handle.db.update(seats).set({ missedDeadlines: 2 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Germany")));
    await handle.db.insert(notifications).values({ userId: players[1]!.id, gameId, kind: "deadline-soon", text: "soon", url: `/game/${gameId}/play` });
    await handle.db.insert(vacations).values({ userId: players[1]!.id, startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 86_400_000) });
    const vacationEnded = async (i: number) => (await handle.db.select().from(vacations).where(eq(vacations.userId, players[i]!.id)))[0]!.endedAt !== null;

    // The first save of the process reads the game, its seat and its phase, then the start state.
    expect(await callers[0]!.play.save({ gameId, side: "Russia", orders: [] })).toEqual({ ok: true });
    expect(await statementsOf(() => callers[0]!.play.save({ gameId, side: "Russia", orders: [] }))).toBe(1);
    // A vacation ends with the save, in its own call.
    expect(await vacationEnded(1)).toBe(false);
    expect(await statementsOf(() => callers[1]!.play.save({ gameId, side: "Germany", orders: [] }))).toBe(1);
    expect(await vacationEnded(1)).toBe(true);
    expect(await savedOf(phaseId, "Germany")).toEqual([]);

    let answer: unknown;
    expect(await statementsOf(async () => (answer = await callers[1]!.play.lock({ gameId, side: "Germany" })))).toBe(1);
    expect(answer).toEqual({ locked: ["Germany"], resolving: false });
    const [germany] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Germany")));
    expect(germany!.missedDeadlines).toBe(0);
    const notes = await handle.db.select().from(notifications).where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "deadline-soon")));
    expect(notes.every((n) => n.readAt !== null)).toBe(true);
    expect((await lockEvents(gameId)).at(-1)).toEqual({ gameId, kind: "locks-changed", turn: 1 });

    expect(await statementsOf(async () => (answer = await callers[1]!.play.unlock({ gameId, side: "Germany" })))).toBe(1);
    expect(answer).toEqual({ locked: [] });
    expect(await lockEvents(gameId)).toHaveLength(2);

    for (const i of [0, 1, 2, 3]) expect((await callers[i]!.play.lock({ gameId, side: NATIONS[i]! })).resolving).toBe(false);
    expect(await statementsOf(async () => (answer = await callers[4]!.play.lock({ gameId, side: "United States" })))).toBe(1);
    expect(answer).toEqual({ locked: [...NATIONS].sort(), resolving: true });
    const [phase] = await handle.db.select().from(phases).where(eq(phases.id, phaseId));
    expect(phase!.status).toBe("resolving");
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(1);
    const record = await handle.db.select().from(attendance).where(eq(attendance.phaseId, phaseId));
    expect(record.map((r) => [r.nation, r.outcome]).sort()).toEqual([...NATIONS].sort().map((n) => [n, "acted"]));
  });

  it("refuses with the words it had, and writes nothing", async () => {
    const { gameId, players, callers, phaseId } = await phasedGame("refusals");
    const stranger = callerFor(handle, await makeUser(handle, `stranger-${Math.random()}@example.com`));
    const yours = { code: "FORBIDDEN", message: "You do not play Germany in this game" };
    // Known phase or not, a stranger (or the player of another side) is told "not yours" first.
    await expect(stranger.play.save({ gameId, side: "Germany", orders: [] })).rejects.toMatchObject(yours);
    expect(await callers[1]!.play.save({ gameId, side: "Germany", orders: [] })).toEqual({ ok: true });
    await expect(callers[0]!.play.save({ gameId, side: "Germany", orders: "not orders" })).rejects.toMatchObject(yours);
    await expect(stranger.play.lock({ gameId, side: "Germany" })).rejects.toMatchObject(yours);
    await expect(stranger.play.unlock({ gameId, side: "Germany" })).rejects.toMatchObject(yours);
    await expect(callers[1]!.play.save({ gameId, side: "Germany", orders: ["x".repeat(70_000)] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Orders are at most 64 KB of JSON" });

    // The ruleset's refusal names the problem and stores nothing.
    expect(await callers[1]!.play.save({ gameId, side: "Germany", orders: { not: "a list" } })).toEqual({ ok: false, rule: "R4.2", message: "Orders are a list" });
    expect(await savedOf(phaseId, "Germany")).toEqual([]);
    await expect(callers[1]!.play.save({ gameId, side: "Germany", orders: [], phase: "battles-1" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: 'These orders are for the phase "battles-1", but turn 1 is in the phase "orders": only its orders are taken',
    });

    // A locked side cannot save, known phase or not.
    await callers[1]!.play.lock({ gameId, side: "Germany" });
    const locked = { code: "CONFLICT", message: "Germany has locked its orders; unlock to change them" };
    await expect(callers[1]!.play.save({ gameId, side: "Germany", orders: [{ id: "x" }] })).rejects.toMatchObject(locked);
    await expect(callerFor(other, players[1]!).play.save({ gameId, side: "Germany", orders: [] })).rejects.toMatchObject(locked);
    expect(await savedOf(phaseId, "Germany")).toEqual([]);

    // A phase closed by its deadline, then the game over: saves, locks and unlocks are refused.
    await handle.db.update(phases).set({ status: "resolving" }).where(eq(phases.id, phaseId));
    const closing = { code: "CONFLICT", message: "Every side has locked or the deadline passed: the turn is being resolved" };
    await expect(callers[0]!.play.save({ gameId, side: "Russia", orders: [] })).rejects.toMatchObject(closing);
    await expect(callers[0]!.play.lock({ gameId, side: "Russia" })).rejects.toMatchObject(closing);
    await expect(callers[1]!.play.unlock({ gameId, side: "Germany" })).rejects.toMatchObject(closing);
    await handle.db.update(phases).set({ status: "resolved" }).where(eq(phases.id, phaseId));
    const over = { code: "CONFLICT", message: "This game is over: there are no more orders to give" };
    await expect(callers[0]!.play.save({ gameId, side: "Russia", orders: [] })).rejects.toMatchObject(over);
    await expect(callers[0]!.play.lock({ gameId, side: "Russia" })).rejects.toMatchObject(over);
    expect(await savedOf(phaseId, "Russia")).toBeUndefined();
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(0);
    expect(await lockEvents(gameId)).toHaveLength(1);

    // A classic 1942 game is not play.*'s; a missing game is not found.
    const asClassic = callerFor(handle, await makeUser(handle, `classic-${Math.random()}@example.com`));
    const classic = await asClassic.game.create({ name: "classic", nations: ["Germany"], robots: ["Russia", "Japan", "United Kingdom", "United States"], ...SETTINGS, lowLuck: false });
    const playedByOrders = { code: "BAD_REQUEST", message: "This is a 1942 game: it is played through game.get and orders.*" };
    await expect(asClassic.play.save({ gameId: classic.gameId, side: "Germany", orders: [] })).rejects.toMatchObject(playedByOrders);
    await expect(asClassic.play.lock({ gameId: classic.gameId, side: "Germany" })).rejects.toMatchObject(playedByOrders);
    await expect(asClassic.play.unlock({ gameId: classic.gameId, side: "Germany" })).rejects.toMatchObject(playedByOrders);
    await expect(asClassic.play.lock({ gameId: 999_999, side: "Germany" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a phase kept by the process that has since resolved is read again: the next phase's orders are taken", async () => {
    const { gameId, callers, phaseId } = await phasedGame("stale");
    expect(await callers[0]!.play.save({ gameId, side: "Russia", orders: [] })).toEqual({ ok: true });
    // Another process closed this phase and opened the next turn's orders phase (as the worker would).
    await handle.db.update(phases).set({ status: "resolved" }).where(eq(phases.id, phaseId));
    const [next] = await handle.db
      .insert(phases)
      .values({ gameId, turn: 2, kind: "orders", step: 0, startState: (await handle.db.select().from(phases).where(eq(phases.id, phaseId)))[0]!.startState, seed: "s", seedHash: "h2", engineVersion: "1942 test", deadline: new Date(Date.now() + 86_400_000) })
      .returning();
    expect(await callers[0]!.play.save({ gameId, side: "Russia", orders: [] })).toEqual({ ok: true });
    expect(await savedOf(next!.id, "Russia")).toEqual([]);
    expect(await callers[0]!.play.lock({ gameId, side: "Russia" })).toEqual({ locked: ["Russia"], resolving: false });
    expect(await handle.db.select().from(seats).where(eq(seats.gameId, gameId))).toHaveLength(NATIONS.length);
  });

  it("simultaneous last locks, from two app processes, close the phase once and queue its resolution once", async () => {
    for (let round = 0; round < 4; round++) {
      const { gameId, callers, players, phaseId } = await phasedGame(`race${round}`);
      // Half the players send through the other pool, knowing the phase or not.
      const through = players.map((p, i) => (i % 2 === 1 ? callerFor(other, p) : callers[i]!));
      if (round % 2 === 0) for (let i = 0; i < NATIONS.length; i++) await through[i]!.play.save({ gameId, side: NATIONS[i]!, orders: [] });
      // Everyone locks at once, and a save races the locks: it is stored before the close or refused.
      const answers = await Promise.allSettled([
        ...NATIONS.map((n, i) => through[i]!.play.lock({ gameId, side: n })),
        through[0]!.play.save({ gameId, side: "Russia", orders: [] }),
      ]);
      const locks = answers.slice(0, NATIONS.length).map((a) => (a.status === "fulfilled" ? a.value : a.reason)) as { resolving: boolean }[];
      expect(locks.filter((l) => l.resolving === true)).toHaveLength(1);
      expect(locks.every((l) => typeof l.resolving === "boolean")).toBe(true);
      const save = answers.at(-1)!;
      if (save.status === "rejected") expect(save.reason).toMatchObject({ code: "CONFLICT" });
      const [phase] = await handle.db.select().from(phases).where(eq(phases.id, phaseId));
      expect(phase!.status).toBe("resolving");
      expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(1);
      expect(await handle.db.select().from(attendance).where(eq(attendance.phaseId, phaseId))).toHaveLength(NATIONS.length);
    }
  });
});
