// orders.lock is one call of lock_orders (drizzle/0018; issue 20): one statement from the app to the
// database for a lock and for the last lock, which closes the phase. Everything a lock did in several
// statements still happens: the refusals and their words, the event, the seat's missed deadlines
// reset, the "deadline soon" notes acted on, attendance, the job queued once, the vacation's end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { attendance, events, games, jobs, notifications, phases, seats, vacations } from "../../db/schema";
import { JOBS_CHANNEL } from "../../server/jobs/queue";
import { NATIONS } from "../../server/rulesets/1942/engine";
import { EVENTS_CHANNEL } from "../../server/runtime-events";
import { testDb } from "../support/db";
import { countStatements } from "../support/statements";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function fivePlayerGame(tag: string) {
  const players = await Promise.all(NATIONS.map((n) => makeUser(handle, `${tag}-${n.replace(" ", "")}-${Math.random()}@example.com`)));
  const callers = players.map((p) => callerFor(handle, p));
  const { gameId } = await callers[0]!.game.create({ name: tag, nations: [NATIONS[0]], robots: [], ...QUICK });
  for (let i = 1; i < NATIONS.length; i++) await callers[i]!.game.join({ gameId, nation: NATIONS[i]! });
  const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
  return { gameId, players, callers, phaseId: phase!.id };
}

const lockEvents = async (gameId: number) =>
  (await handle.db.select().from(events).where(eq(events.gameId, gameId)).orderBy(events.id)).map((e) => e.payload as Record<string, unknown>).filter((p) => p.kind === "locks-changed");

describe("orders.lock in one call", () => {
  it("is one statement, and the last lock too; the lock's writes, event, attendance and job are all there", async () => {
    const statementsOf = countStatements(handle);
    const { gameId, players, callers, phaseId } = await fivePlayerGame("one-call");
    // What a lock clears: Russia missed a deadline and has a "deadline soon" note; a vacation running.
    await handle.db.update(seats).set({ missedDeadlines: 2 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia")));
    await handle.db.insert(notifications).values({ userId: players[0]!.id, gameId, kind: "deadline-soon", text: "soon", url: `/game/${gameId}` });
    await handle.db.insert(vacations).values({ userId: players[0]!.id, startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 86_400_000) });
    // The first request naming the game reads whether it is a sandbox (kept by the process after).
    await callers[4]!.game.get({ gameId });

    expect(await statementsOf(() => callers[0]!.orders.lock({ gameId, nation: "Russia" }))).toBe(1);
    const [russia] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia")));
    expect(russia!.missedDeadlines).toBe(0);
    const notes = await handle.db.select().from(notifications).where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "deadline-soon")));
    expect(notes.every((n) => n.readAt !== null)).toBe(true);
    const [vacation] = await handle.db.select().from(vacations).where(eq(vacations.userId, players[0]!.id));
    expect(vacation!.endedAt).not.toBeNull();
    expect((await lockEvents(gameId)).at(-1)).toMatchObject({ gameId, kind: "locks-changed", turn: 1, phaseId, locked: ["Russia"] });

    for (let i = 1; i < 4; i++) expect((await callers[i]!.orders.lock({ gameId, nation: NATIONS[i]! })).resolving).toBe(false);
    // The locks in the rulebook's order, whoever locked first.
    expect((await lockEvents(gameId)).at(-1)!.locked).toEqual(NATIONS.slice(0, 4));

    let last: unknown;
    expect(await statementsOf(async () => (last = await callers[4]!.orders.lock({ gameId, nation: "United States" })))).toBe(1);
    expect(last).toEqual({ locked: [...NATIONS], resolving: true });
    const [phase] = await handle.db.select().from(phases).where(eq(phases.id, phaseId));
    expect(phase!.status).toBe("resolving");
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(1);
    const record = await handle.db.select().from(attendance).where(eq(attendance.phaseId, phaseId));
    expect(record.map((r) => r.outcome).sort()).toEqual(["acted", "acted", "acted", "acted", "acted"]);
    // The last lock's event says the phase now resolves, with every nation locked: what a page applies
    // in place (live-locks.ts), so no stream builds a view for it.
    const lastEvent = (await lockEvents(gameId)).at(-1)!;
    expect(lastEvent).toEqual({ gameId, kind: "locks-changed", turn: 1, phaseId, locked: [...NATIONS], status: "resolving" });

    // Locking again is harmless and queues nothing more; the attendance stays one row a seat.
    expect(await callers[2]!.orders.lock({ gameId, nation: "United Kingdom" })).toEqual({ locked: [...NATIONS], resolving: true });
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(1);
    expect(await handle.db.select().from(attendance).where(eq(attendance.phaseId, phaseId))).toHaveLength(5);
  });

  it("announces on the channels the app listens to: each lock's event, and the last lock's job to the workers", async () => {
    // The function names the channels in SQL; a renamed constant must not leave them talking to nobody.
    const heard: { channel: string; payload: string }[] = [];
    const stops = await Promise.all(
      [EVENTS_CHANNEL, JOBS_CHANNEL].map((channel) => handle.listen(channel, (payload) => heard.push({ channel, payload }))),
    );
    try {
      const { gameId, callers, phaseId } = await fivePlayerGame("channels");
      for (let i = 0; i < NATIONS.length; i++) await callers[i]!.orders.lock({ gameId, nation: NATIONS[i]! });
      const lockEventsHeard = () =>
        heard.filter((h) => {
          if (h.channel !== EVENTS_CHANNEL) return false;
          const event = JSON.parse(h.payload) as { gameId?: number; kind?: string };
          return event.gameId === gameId && event.kind === "locks-changed";
        }).length;
      await expect.poll(lockEventsHeard, { timeout: 10_000 }).toBe(NATIONS.length);
      await expect.poll(() => heard.filter((h) => h.channel === JOBS_CHANNEL && h.payload === `adjudicate:${phaseId}`).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it("refuses with the same words as before, and writes nothing", async () => {
    const { gameId, players, callers, phaseId } = await fivePlayerGame("refusals");
    const stranger = callerFor(handle, await makeUser(handle, `stranger-${Math.random()}@example.com`));
    await expect(stranger.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    // A player of another nation is a stranger to this one.
    await expect(callers[0]!.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    expect(await lockEvents(gameId)).toHaveLength(0);

    // A phase closed by its deadline with nations unlocked (deadlines.ts): their lock comes too late.
    await handle.db.update(phases).set({ status: "resolving" }).where(eq(phases.id, phaseId));
    await expect(callers[1]!.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT", message: "Every nation has locked: the turn is being resolved" });
    // The game over (R8.6).
    await handle.db.update(phases).set({ status: "resolved" }).where(eq(phases.id, phaseId));
    await expect(callers[1]!.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT", message: "This game is finished: there are no more orders to give or lock (R8.6)" });
    expect(await lockEvents(gameId)).toHaveLength(0);
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(0);
    expect(players).toHaveLength(5);
  });

  it("tells a player of another ruleset's game that it is not a 1942 game, as before", async () => {
    const { gameId, callers } = await fivePlayerGame("other-ruleset");
    const before = await callers[1]!.orders.lock({ gameId, nation: "Germany" }).catch((e: unknown) => e);
    expect(before).toMatchObject({ locked: ["Germany"] });
    await handle.db.update(games).set({ ruleset: "interplanetary" }).where(eq(games.id, gameId));
    const refused = await callers[2]!.orders.lock({ gameId, nation: "United Kingdom" }).catch((e: unknown) => e as { code: string; message: string });
    expect(refused).toMatchObject({ code: "BAD_REQUEST" });
    expect((refused as { message: string }).message).toContain("not 1942");
  });

  it("locks only a classic 1942 game's seat (0021): a game played a phase at a time is play.lock's", async () => {
    const { gameId, players, phaseId } = await fivePlayerGame("phased");
    // Stored with its scenario, as play.create stores a 1942 game played phase by phase.
    await handle.db.update(games).set({ scenario: "standard" }).where(eq(games.id, gameId));
    // The nations as one array literal: a list bound in sql`` would be spread into separate parameters.
    const nations = `{${NATIONS.map((n) => `"${n}"`).join(",")}}`;
    const { rows } = (await handle.db.execute(sql`select lock_orders(${gameId}, 'Russia', ${players[0]!.id}, ${nations}::text[], false) as r`)) as unknown as { rows: { r: unknown }[] };
    expect(rows[0]!.r).toMatchObject({ outcome: "not-yours" });
    expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phaseId}`))).toHaveLength(0);
    expect(await lockEvents(gameId)).toHaveLength(0);
  });
});
