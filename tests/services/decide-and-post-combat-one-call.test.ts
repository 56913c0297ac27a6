// A battle decision, a post-combat lock and the unlocks in one call each (drizzle/0019; issue 20): the
// statements the app sends, counted by drizzle's logger; everything they did in several statements
// still happens (the event, the job queued once, the notes acted on, the vacation's end) and every
// refusal keeps its words and writes nothing. Racing requests still close a stage once and record a
// decision once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { events, jobs, notifications, phases, postCombatOrders, vacations } from "../../db/schema";
import { JOBS_CHANNEL } from "../../server/jobs/queue";
import { drain } from "../../server/jobs/worker";
import { EVENTS_CHANNEL } from "../../server/runtime-events";
import { testDb } from "../support/db";
import { countStatements } from "../support/statements";
import { callerFor, makeUser, QUICK, twoPlayerGame } from "../support/world";

let handle: DbHandle;
let statementsOf: ReturnType<typeof countStatements>;
beforeAll(async () => {
  handle = await testDb();
  // Before any request: the calls' named statements are built on first use with the logger of then.
  statementsOf = countStatements(handle);
});
afterAll(async () => {
  await handle.close();
});

const gameEvents = async (gameId: number) =>
  (await handle.db.select().from(events).where(eq(events.gameId, gameId)).orderBy(events.id)).map((e) => e.payload as Record<string, unknown>);
const jobsOf = async (phaseId: number) => handle.db.select().from(jobs).where(sql`${jobs.payload}->>'phaseId' = ${String(phaseId)}`);
const latestPhase = async (gameId: number) => (await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn)).at(-1)!;

async function onVacation(userId: string) {
  await handle.db.insert(vacations).values({ userId, startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 86_400_000) });
}
const vacationEnded = async (userId: string) => (await handle.db.select().from(vacations).where(eq(vacations.userId, userId)))[0]!.endedAt !== null;

/**
 * Everything a refused request must leave as it was: the phase, its rows, its adjudication jobs and
 * the game's events of the kinds these requests publish (the worker's own, such as its notes sent
 * after a job, may still come in the meantime).
 */
async function snapshot(gameId: number) {
  const phase = await latestPhase(gameId);
  const rows = await handle.db.select().from(postCombatOrders).where(eq(postCombatOrders.phaseId, phase.id));
  const published = (await gameEvents(gameId)).filter((e) => e.kind === "locks-changed" || e.kind === "battle-decided");
  const adjudications = (await jobsOf(phase.id)).filter((j) => j.key.startsWith("adjudicate:")).map((j) => j.key);
  return { events: published, phase, jobs: adjudications, rows };
}

/**
 * Alice (Germany) attacks Karelia, held by a Russian robot that decides at once; Bob plays Japan. Low
 * luck: Russia always hits, so Germany always has casualties to choose, whatever the dice.
 */
async function battleWaiting() {
  const alice = await makeUser(handle, `alice-d-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-d-${Math.random()}@example.com`);
  const [asAlice, asBob] = [callerFor(handle, alice), callerFor(handle, bob)];
  const { gameId } = await asAlice.game.create({ name: "Battle", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, lowLuck: true });
  await asBob.game.join({ gameId, nation: "Japan" });
  const game = { alice, bob, asAlice, asBob, gameId };
  await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] });
  await asAlice.orders.lock({ gameId, nation: "Germany" });
  await asBob.orders.lock({ gameId, nation: "Japan" });
  await drain(handle, "test");
  const request = (await asAlice.game.get({ gameId })).phase!.pending!.requests.find((r) => r.mine)!;
  if (request.kind !== "casualties") throw new Error("expected a casualty choice");
  const decide = { gameId, nation: "Germany" as const, battle: request.battle, round: request.round, step: request.step };
  return { ...game, request, decide };
}

/** Alice (Germany) flies the West Europe fighter out to sea: post-combat waits for her to land it. */
async function fighterAtSea() {
  const game = await twoPlayerGame(handle);
  const { asAlice, asBob, gameId } = game;
  await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] });
  await asAlice.orders.lock({ gameId, nation: "Germany" });
  await asBob.orders.lock({ gameId, nation: "Japan" });
  await drain(handle, "test");
  const phase = await latestPhase(gameId);
  expect(phase.status).toBe("post-combat");
  return { ...game, phaseId: phase.id };
}

describe("orders.unlock in one call", () => {
  it("is one statement that unlocks, publishes the locks left and refuses with the same words, writing nothing", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.game.get({ gameId });
    // The robots hold (locked at once): Japan's lock is the last and the turn is resolving.
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    expect((await asBob.orders.lock({ gameId, nation: "Japan" })).resolving).toBe(true);
    // A second game, its phase open, for the unlock.
    const { asAlice: alice2, asBob: bob2, gameId: open } = await twoPlayerGame(handle);
    await alice2.orders.lock({ gameId: open, nation: "Germany" });
    const phase = await latestPhase(open);
    let unlocked: unknown;
    expect(await statementsOf(async () => (unlocked = await alice2.orders.unlock({ gameId: open, nation: "Germany" })))).toBe(1);
    expect(unlocked).toEqual({ locked: ["Russia", "United Kingdom", "United States"] });
    expect((await gameEvents(open)).at(-1)).toMatchObject({ gameId: open, kind: "locks-changed", turn: 1, phaseId: phase.id, locked: ["Russia", "United Kingdom", "United States"] });

    const before = await snapshot(open);
    await expect(bob2.orders.unlock({ gameId: open, nation: "Germany" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    const stranger = callerFor(handle, await makeUser(handle, `stranger-u-${Math.random()}@example.com`));
    await expect(stranger.orders.unlock({ gameId: open, nation: "Japan" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Japan in this game" });
    expect(await snapshot(open)).toEqual(before);
    // The first game is resolving: every nation has locked.
    const resolving = await snapshot(gameId);
    await expect(asAlice.orders.unlock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT", message: "Every nation has locked: the turn is being resolved" });
    await handle.db.update(phases).set({ status: "resolved" }).where(eq(phases.gameId, open));
    await expect(alice2.orders.unlock({ gameId: open, nation: "Germany" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This game is finished: there are no more orders to give or lock (R8.6)",
    });
    expect(await snapshot(gameId)).toEqual(resolving);
    expect((await snapshot(open)).events).toEqual(before.events);
  });
});

describe("postCombat.lock and unlock in one call", () => {
  it("the last lock is one statement: the stage closes, the end of the turn is queued once, the notes are acted on, the vacation ends", async () => {
    const { alice, asAlice, gameId, phaseId } = await fighterAtSea();
    await asAlice.game.get({ gameId });
    const [note] = await handle.db.select().from(notifications).where(and(eq(notifications.userId, alice.id), eq(notifications.gameId, gameId), eq(notifications.kind, "post-combat")));
    expect(note!.readAt).toBeNull();
    await onVacation(alice.id);

    // Unlocking an unlocked nation is one statement too, and publishes.
    expect(await statementsOf(() => asAlice.postCombat.unlock({ gameId, nation: "Germany" }))).toBe(1);
    let locked: unknown;
    expect(await statementsOf(async () => (locked = await asAlice.postCombat.lock({ gameId, nation: "Germany" })))).toBe(1);
    expect(locked).toMatchObject({ resolving: true });
    expect((locked as { locked: string[] }).locked).toContain("Germany");
    expect((await latestPhase(gameId)).status).toBe("resolving");
    expect((await jobsOf(phaseId)).filter((j) => j.key === `adjudicate:${phaseId}:post-combat`)).toHaveLength(1);
    const [read] = await handle.db.select().from(notifications).where(eq(notifications.id, note!.id));
    expect(read!.readAt).not.toBeNull();
    expect(await vacationEnded(alice.id)).toBe(true);
    const [row] = await handle.db.select().from(postCombatOrders).where(and(eq(postCombatOrders.phaseId, phaseId), eq(postCombatOrders.nation, "Germany")));
    expect(row!.savedBy).toBe(alice.id);
    // Each event says who still chooses (drizzle/0023), the last lock that the stage closed.
    expect((await gameEvents(gameId)).slice(-2)).toEqual([
      { gameId, kind: "locks-changed", turn: 1, phaseId, waitingFor: ["Germany"] },
      { gameId, kind: "locks-changed", turn: 1, phaseId, waitingFor: [], status: "resolving" },
    ]);

    // The stage is closed: locking again is refused (R7.3) and queues nothing more.
    await expect(asAlice.postCombat.lock({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT", message: "No post-combat moves are open in this game now (R7.3)" });
    expect((await jobsOf(phaseId)).filter((j) => j.key === `adjudicate:${phaseId}:post-combat`)).toHaveLength(1);
    await drain(handle, "test");
    expect((await handle.db.select().from(phases).where(eq(phases.id, phaseId)))[0]!.status).toBe("resolved");
  });

  it("refuses with the same words as before, and writes nothing", async () => {
    const { alice, asAlice, asBob, gameId } = await fighterAtSea();
    await onVacation(alice.id);
    const before = await snapshot(gameId);
    const stranger = callerFor(handle, await makeUser(handle, `stranger-p-${Math.random()}@example.com`));
    for (const call of [stranger.postCombat.lock, stranger.postCombat.unlock, asBob.postCombat.lock, asBob.postCombat.unlock])
      await expect(call({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    // Japan has nothing to choose: its row was locked at once, and it may not unlock it (R7).
    await expect(asBob.postCombat.unlock({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "CONFLICT", message: "Japan has nothing to land or move after this combat (R7)" });
    await handle.db.delete(postCombatOrders).where(and(eq(postCombatOrders.phaseId, before.phase.id), eq(postCombatOrders.nation, "Japan")));
    await expect(asBob.postCombat.lock({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "CONFLICT", message: "Japan has nothing to land or move after this combat (R7)" });
    await expect(asBob.postCombat.unlock({ gameId, nation: "Japan" })).rejects.toMatchObject({ code: "CONFLICT", message: "Japan has nothing to land or move after this combat (R7)" });
    const after = await snapshot(gameId);
    expect({ ...after, rows: after.rows.length }).toEqual({ ...before, rows: before.rows.length - 1 });
    expect(await vacationEnded(alice.id)).toBe(false);

    // No stage open: the phase is resolving.
    await handle.db.update(phases).set({ status: "resolving" }).where(eq(phases.id, before.phase.id));
    for (const call of [asAlice.postCombat.lock, asAlice.postCombat.unlock])
      await expect(call({ gameId, nation: "Germany" })).rejects.toMatchObject({ code: "CONFLICT", message: "No post-combat moves are open in this game now (R7.3)" });
    expect((await snapshot(gameId)).events).toEqual(before.events);
    expect(await vacationEnded(alice.id)).toBe(false);
  });

  it("two nations locking at the same moment (each twice) close the stage once and queue its end once; a lock after the close is refused", async () => {
    const { asAlice, asBob, gameId, phaseId } = await fighterAtSea();
    // Japan has a choice too (its row open), as when both nations have air to land.
    await handle.db.update(postCombatOrders).set({ lockedAt: null }).where(and(eq(postCombatOrders.phaseId, phaseId), eq(postCombatOrders.nation, "Japan")));
    const seen = (await gameEvents(gameId)).length;
    const settled = await Promise.allSettled([
      asAlice.postCombat.lock({ gameId, nation: "Germany" }),
      asBob.postCombat.lock({ gameId, nation: "Japan" }),
      asAlice.postCombat.lock({ gameId, nation: "Germany" }),
      asBob.postCombat.lock({ gameId, nation: "Japan" }),
    ]);
    const results = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    // Exactly one lock finds no row left open: the one that closes the stage.
    expect(results.filter((r) => r.resolving)).toHaveLength(1);
    for (const r of settled.filter((r) => r.status === "rejected"))
      expect(r.reason).toMatchObject({ code: "CONFLICT", message: "No post-combat moves are open in this game now (R7.3)" });
    expect((await jobsOf(phaseId)).filter((j) => j.key === `adjudicate:${phaseId}:post-combat`)).toHaveLength(1);
    expect((await latestPhase(gameId)).status).toBe("resolving");
    // One event for each lock stored, none for a refused one; the closing lock's comes last and alone says so.
    const events = (await gameEvents(gameId)).slice(seen);
    expect(events).toHaveLength(results.length);
    expect(events.slice(0, -1).every((e) => e.status === undefined && (e.waitingFor as string[]).length > 0)).toBe(true);
    expect(events.at(-1)).toEqual({ gameId, kind: "locks-changed", turn: 1, phaseId, waitingFor: [], status: "resolving" });
  });
});

describe("battle.decide in two statements (a read, then one call)", () => {
  it("records the decision, queues the phase's next step, publishes and ends the vacation", async () => {
    const { alice, asAlice, gameId, request, decide } = await battleWaiting();
    await asAlice.game.get({ gameId });
    await onVacation(alice.id);
    const phase = await latestPhase(gameId);
    const count = phase.decisions?.length ?? 0;
    expect(await statementsOf(() => asAlice.battle.decide({ ...decide, decision: { kind: "casualties", units: request.default } }))).toBe(2);
    const after = await latestPhase(gameId);
    expect(after.decisions).toHaveLength(count + 1);
    expect(after.decisions!.at(-1)).toMatchObject({ battle: request.battle, round: request.round, team: "Axis", by: "player", decision: { kind: "casualties", units: request.default } });
    expect(after.pending!.requests.some((r) => r.battle === request.battle && r.round === request.round && r.team === "Axis")).toBe(false);
    expect((await jobsOf(phase.id)).filter((j) => j.key === `adjudicate:${phase.id}:${count + 1}`)).toHaveLength(1);
    expect((await gameEvents(gameId)).at(-1)).toEqual({ gameId, kind: "battle-decided", turn: 1 });
    expect(await vacationEnded(alice.id)).toBe(true);
  });

  it("refuses with the same words as before, and writes nothing", async () => {
    const { alice, asAlice, asBob, gameId, request, decide } = await battleWaiting();
    await onVacation(alice.id);
    const before = await snapshot(gameId);
    const stranger = callerFor(handle, await makeUser(handle, `stranger-d-${Math.random()}@example.com`));
    const choice = { kind: "casualties" as const, units: request.default };
    await expect(stranger.battle.decide({ ...decide, decision: choice })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    await expect(asBob.battle.decide({ ...decide, decision: choice })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    await expect(asBob.battle.decide({ ...decide, nation: "Japan", decision: choice })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: `Germany leads the Axis in ${request.battle} and chooses for them (R6.2)`,
    });
    await expect(asAlice.battle.decide({ ...decide, decision: { kind: "casualties", units: [] } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^This side .*\(R6\.6\)$/) });
    await expect(asAlice.battle.decide({ ...decide, decision: { kind: "retreat", submerge: [], withdraw: [] } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "A casualty choice is expected here (R6.6)",
    });
    await expect(asAlice.battle.decide({ ...decide, round: 9, decision: choice })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `No decision of the Axis is waiting in ${request.battle} for round 9 (R6.3): it may be over already`,
    });
    expect(await snapshot(gameId)).toEqual(before);
    expect(await vacationEnded(alice.id)).toBe(false);
    await handle.db.update(phases).set({ status: "resolving" }).where(eq(phases.id, before.phase.id));
    await expect(asAlice.battle.decide({ ...decide, decision: choice })).rejects.toMatchObject({ code: "CONFLICT", message: "No battle decision is waiting in this game now (R6.3)" });
    expect((await snapshot(gameId)).events).toEqual(before.events);

    // A game without a phase yet (its phase rows gone): the seat is still checked first.
    await handle.db.delete(phases).where(eq(phases.gameId, gameId));
    await expect(stranger.battle.decide({ ...decide, decision: choice })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    await expect(asAlice.battle.decide({ ...decide, decision: choice })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("writes nothing when the phase changed since it was read (the app reads and checks again)", async () => {
    const { alice, gameId } = await battleWaiting();
    await onVacation(alice.id);
    const phase = await latestPhase(gameId);
    const before = await snapshot(gameId);
    const { rows } = (await handle.db.execute(
      sql`select decide_battle(${gameId}, ${phase.id}, ${"an older version"}, ${"[]"}::json, ${JSON.stringify(phase.pending)}::json, null, ${alice.id}, true) as result`,
    )) as unknown as { rows: { result: string }[] };
    expect(rows[0]!.result).toBe("stale");
    expect(await snapshot(gameId)).toEqual(before);
    expect(await vacationEnded(alice.id)).toBe(false);
  });

  it("the same decision sent twice at the same moment is recorded once; the other is told it is over", async () => {
    const { asAlice, gameId, request, decide } = await battleWaiting();
    const phase = await latestPhase(gameId);
    const count = phase.decisions?.length ?? 0;
    const choice = { kind: "casualties" as const, units: request.default };
    const results = await Promise.allSettled([asAlice.battle.decide({ ...decide, decision: choice }), asAlice.battle.decide({ ...decide, decision: choice })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("(R6.3): it may be over already") });
    const after = await latestPhase(gameId);
    expect(after.decisions!.filter((d) => d.by === "player")).toHaveLength(1);
    expect(after.decisions).toHaveLength(count + 1);
    expect((await jobsOf(phase.id)).filter((j) => j.key.startsWith(`adjudicate:${phase.id}:`))).toHaveLength(1);
  });
});

describe("the calls announce on the channels the app listens to", () => {
  it("a decision's and a post-combat lock's event, and their jobs to the workers", async () => {
    // The functions name the channels in SQL; a renamed constant must not leave them talking to nobody.
    const heard: { channel: string; payload: string }[] = [];
    const stops = await Promise.all([EVENTS_CHANNEL, JOBS_CHANNEL].map((channel) => handle.listen(channel, (payload) => heard.push({ channel, payload }))));
    try {
      const battle = await battleWaiting();
      const phase = await latestPhase(battle.gameId);
      const key = `adjudicate:${phase.id}:${(phase.decisions?.length ?? 0) + 1}`;
      await battle.asAlice.battle.decide({ ...battle.decide, decision: { kind: "casualties", units: battle.request.default } });
      const landing = await fighterAtSea();
      await landing.asAlice.postCombat.lock({ gameId: landing.gameId, nation: "Germany" });
      const eventsHeard = (gameId: number, kind: string) =>
        heard.filter((h) => h.channel === EVENTS_CHANNEL && (JSON.parse(h.payload) as { gameId?: number; kind?: string }).gameId === gameId && JSON.parse(h.payload).kind === kind).length;
      await expect.poll(() => eventsHeard(battle.gameId, "battle-decided"), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => eventsHeard(landing.gameId, "locks-changed"), { timeout: 10_000 }).toBe(3);
      await expect.poll(() => heard.filter((h) => h.channel === JOBS_CHANNEL && h.payload === key).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => heard.filter((h) => h.channel === JOBS_CHANNEL && h.payload === `adjudicate:${landing.phaseId}:post-combat`).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });
});
