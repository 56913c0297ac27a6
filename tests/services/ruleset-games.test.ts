// Games of any ruleset on the platform (issue 21): a challenge of Interplanetary and of the War of the
// Triple Alliance, joined, played for several turns (a player's orders, a deadline passing on a side
// that did not lock, robots ordering through the ruleset's robot), each turn resolved once by the job
// worker, the history, the review, the download and verify replaying every turn; the 1942-only
// procedures refuse these games by name, and the play.* procedures refuse a 1942 game.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { jobs, notifications, orders, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { adjudicatePhase } from "../../server/services/adjudicate";
import { sweepDeadlines } from "../../server/services/deadlines";
import { sweepReminders } from "../../server/services/reminders";
import { registerWhisper } from "../support/whisper-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function openPhaseOf(gameId: number) {
  const [phase] = await handle.db.select().from(phases).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
  return phase;
}

/** The deadline passes now: the sweep closes the phase (a side that did not lock gives no orders). */
async function passDeadline(gameId: number) {
  await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
  expect(await sweepDeadlines(handle.db)).toBeGreaterThanOrEqual(1);
}

const settings = { ordersHours: 24, excusedMisses: 0 };

describe("an Interplanetary game on the platform", () => {
  it("is created, joined, played three turns, resolved once each, and verified", async () => {
    const alice = await makeUser(handle, "alice-ip@example.com");
    const bob = await makeUser(handle, "bob-ip@example.com");
    const carol = await makeUser(handle, "carol-ip@example.com");
    const [asAlice, asBob, asCarol] = [callerFor(handle, alice), callerFor(handle, bob), callerFor(handle, carol)];
    const offered = await asAlice.play.games();
    expect(offered.map((g) => g.id)).toEqual(["1942", "interplanetary", "triple-alliance"]);

    const { gameId, started } = await asAlice.play.create({ name: "Race", ruleset: "interplanetary", scenario: "planet-race", seats: 3, mine: ["red"], robots: ["green"], ...settings });
    expect(started).toBe(false);
    const lobby = await asBob.game.lobby();
    const listed = lobby.open.find((g) => g.id === gameId)!;
    expect(listed).toMatchObject({ ruleset: "interplanetary", rulesetName: "Interplanetary", scenarioName: "The great planet race" });
    expect(listed.seats.map((s) => [s.nation, s.robot, s.player === null])).toEqual([["red", false, false], ["blue", false, true], ["green", true, true]]);
    await expect(asBob.play.join({ gameId, side: "purple" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await asBob.play.join({ gameId, side: "blue" })).toEqual({ started: true });
    expect(await asAlice.play.kind({ gameId })).toEqual({ ruleset: "interplanetary", scenario: "planet-race", phased: true });

    const ruleset = getRuleset("interplanetary")!;
    for (let turn = 1; turn <= 3; turn++) {
      const phase = (await openPhaseOf(gameId))!;
      expect(phase.turn).toBe(turn);
      expect(phase.engineVersion).toBe(`interplanetary ${ruleset.version}`);
      // The robot ordered and locked as the turn opened.
      const view = await asAlice.play.get({ gameId });
      expect(view).toMatchObject({ side: "red", turn, phase: { status: "open", locked: ["green"] }, saved: null });
      const batch = ruleset.robot(phase.startState, "red", `test-${turn}`);
      expect(await asAlice.play.save({ gameId, side: "red", orders: batch })).toEqual({ ok: true });
      // Another player, a spectator: never the saved batch; the saver sees it.
      expect((await asAlice.play.get({ gameId })).saved).toEqual(batch);
      expect((await asBob.play.get({ gameId })).saved).toBeNull();
      expect((await asCarol.play.get({ gameId })).side).toBeNull();
      expect((await asCarol.play.get({ gameId, side: "red" })).saved).toBeNull();
      await expect(asBob.play.save({ gameId, side: "red", orders: batch })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await asAlice.play.lock({ gameId, side: "red" });
      await expect(asAlice.play.save({ gameId, side: "red", orders: batch })).rejects.toMatchObject({ code: "CONFLICT" });
      // Bob locks in turn 2 only; otherwise his deadline passes: his ships drift (no orders).
      if (turn === 2) expect((await asBob.play.lock({ gameId, side: "blue" })).resolving).toBe(true);
      else await passDeadline(gameId);
      expect(await drain(handle, "test")).toBe(1);
      expect(await adjudicatePhase(handle.db, phase.id)).toBe("already-resolved");
      const [resolved] = await handle.db.select().from(phases).where(eq(phases.id, phase.id));
      expect(resolved!.status).toBe("resolved");
      expect(Object.keys(resolved!.orders as object).sort()).toEqual(["green", "red"]);
    }
    const jobRows = await handle.db.select().from(jobs);
    const phaseIds = (await handle.db.select({ id: phases.id }).from(phases).where(eq(phases.gameId, gameId))).map((p) => p.id);
    expect(jobRows.filter((j) => phaseIds.includes(j.payload.phaseId))).toHaveLength(3);

    const history = await asCarol.play.history({ gameId });
    expect(history.turns.map((t) => [t.turn, t.status, t.seed !== null])).toEqual([[1, "resolved", true], [2, "resolved", true], [3, "resolved", true], [4, "open", false]]);
    expect(history.turns[3]).toMatchObject({ orders: null, report: null });
    const review = await asBob.play.review({ gameId, turn: 2 });
    expect(review).toMatchObject({ resolved: true, side: "blue", turn: 2 });
    expect(review.report).toEqual(history.turns[1]!.report);
    expect(review.before).not.toBeNull();
    const open = await asBob.play.review({ gameId, turn: 4 });
    expect(open).toMatchObject({ resolved: false, orders: null, report: null, before: null, after: null, seed: null });
    const file = await asCarol.play.download({ gameId });
    expect(file).toMatchObject({ ruleset: "interplanetary", scenario: "planet-race", sides: ["red", "blue", "green"] });
    expect(file.turns).toHaveLength(3);

    const verified = await asAlice.play.verify({ gameId });
    expect(verified.ok).toBe(true);
    expect(verified.phases.map((p) => p.turn)).toEqual([1, 2, 3]);
    await expect(asCarol.play.verify({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const notes = await handle.db.select().from(notifications).where(and(eq(notifications.userId, bob.id), eq(notifications.kind, "turn-resolved")));
    expect(notes.map((n) => n.url).sort()).toEqual([1, 2, 3].map((t) => `/game/${gameId}/turn/${t}`));

    // A batch the ruleset refuses is a value naming the rule, and stores nothing.
    const before = await handle.db.select().from(orders).where(eq(orders.phaseId, (await openPhaseOf(gameId))!.id));
    const refused = await asBob.play.save({ gameId, side: "blue", orders: { ships: { "red-1": { burn: null } } } });
    expect(refused.ok).toBe(false);
    expect(await handle.db.select().from(orders).where(eq(orders.phaseId, (await openPhaseOf(gameId))!.id))).toEqual(before);
  });

  it("is refused by name by the 1942-only procedures, and play.* refuses a classic 1942 game", async () => {
    const dave = await makeUser(handle, "dave-ip@example.com");
    const asDave = callerFor(handle, dave);
    const { gameId } = await asDave.play.create({ name: "Solo", ruleset: "interplanetary", scenario: "training", seats: 2, mine: ["red"], robots: ["blue"], ...settings });
    const named = { code: "BAD_REQUEST", message: expect.stringContaining("Interplanetary, not 1942") };
    await expect(asDave.game.get({ gameId })).rejects.toMatchObject(named);
    // The history is every ruleset's: game.history is play.history's older name, in its `phases` shape.
    const generic = await asDave.play.history({ gameId });
    expect((await asDave.game.history({ gameId })).phases).toEqual(generic.turns.map(({ step: _s, phase: _p, ...rest }) => rest));
    await expect(asDave.game.review({ gameId, turn: 1 })).rejects.toMatchObject(named);
    await expect(asDave.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject(named);
    await expect(asDave.orders.save({ gameId, nation: "Germany", orders: [] })).rejects.toMatchObject(named);
    const classic = await asDave.game.create({ name: "Classic", nations: ["Germany"], robots: ["Russia", "Japan", "United Kingdom", "United States"], ...QUICK });
    await expect(asDave.play.get({ gameId: classic.gameId })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("1942 game") });
    // ...but its history is the one every ruleset has (R3: the open turn's orders and seed stay secret).
    const classicHistory = await asDave.play.history({ gameId: classic.gameId });
    expect(classicHistory).toMatchObject({ ruleset: "1942", turns: [{ turn: 1, status: "open", seed: null, orders: null, report: null }] });
    // A 1942 challenge through play.create is a game played a phase at a time (tests/api/ruleset-1942-play.test.ts); a scenario 1942 lacks is refused.
    await expect(asDave.play.create({ name: "x", ruleset: "1942", scenario: "europe", seats: 5, mine: ["Germany"], robots: [], ...settings })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("europe") });
    await expect(asDave.play.create({ name: "x", ruleset: "chess", scenario: "standard", seats: 2, mine: ["white"], robots: [], ...settings })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("chess") });
    await expect(asDave.play.create({ name: "x", ruleset: "interplanetary", scenario: "hostile-takeover", seats: 3, mine: ["red"], robots: [], ...settings })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("2 sides") });
  });
});

describe("a War of the Triple Alliance game against a robot", () => {
  it("plays turns with the robot through the worker, and verify replays them", async () => {
    const erin = await makeUser(handle, "erin-ta@example.com");
    const asErin = callerFor(handle, erin);
    const { gameId, started } = await asErin.play.create({ name: "Encuentro", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: ["brazil"], ...settings });
    expect(started).toBe(true);
    const ruleset = getRuleset("triple-alliance")!;
    for (let turn = 1; turn <= 3; turn++) {
      const phase = (await openPhaseOf(gameId))!;
      expect(phase.turn).toBe(turn);
      const batch = ruleset.robot(phase.startState, "paraguay", `erin-${turn}`);
      expect(await asErin.play.save({ gameId, side: "paraguay", orders: batch })).toEqual({ ok: true });
      expect(await asErin.play.lock({ gameId, side: "paraguay" })).toEqual({ locked: ["brazil", "paraguay"], resolving: true });
      expect(await drain(handle, "test")).toBe(1);
    }
    const view = await asErin.play.get({ gameId });
    expect(view).toMatchObject({ turn: 4, game: { ruleset: "triple-alliance", scenarioName: "Encuentro (learning)" }, phase: { status: "open" } });
    expect(view.view).not.toBeNull();
    const verified = await asErin.play.verify({ gameId });
    expect(verified).toMatchObject({ ok: true });
    expect(verified.phases).toHaveLength(3);
    // Tampering with a stored report is caught by the replay.
    const [first] = await handle.db.select().from(phases).where(and(eq(phases.gameId, gameId), eq(phases.turn, 1)));
    await handle.db.update(phases).set({ report: { forged: true } }).where(eq(phases.id, first!.id));
    const forged = await asErin.play.verify({ gameId });
    expect(forged.ok).toBe(false);
    expect(forged.phases[0]!.problems).toContain("replaying the stored orders with the stored seed gives a different report");
  });
});

describe("a side with nothing to order (the ruleset's phases leave it out)", () => {
  it("is never nagged, reminded, counted as missing or waited for; a turn no human must act in resolves at once", async () => {
    registerWhisper();
    const [fay, gus] = [await makeUser(handle, "fay-wh@example.com"), await makeUser(handle, "gus-wh@example.com")];
    const [asFay, asGus] = [callerFor(handle, fay), callerFor(handle, gus)];
    const { gameId } = await asFay.play.create({ name: "Quiet room", ruleset: "whisper", scenario: "room", seats: 2, mine: ["a"], ...settings, robotTakeover: 1 });
    await asGus.play.join({ gameId, side: "b" });
    const needs = async (caller: typeof asFay) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn!.needs;
    expect([await needs(asFay), await needs(asGus)]).toEqual(["orders", "orders"]);

    // Turn 1: gus quits, so b has nothing to order from turn 2 on.
    await asGus.play.save({ gameId, side: "b", orders: { say: "quit" } });
    await asGus.play.lock({ gameId, side: "b" });
    await asFay.play.lock({ gameId, side: "a" });
    expect(await drain(handle, "test")).toBe(1);
    const told = async (userId: string) =>
      (await handle.db.select({ text: notifications.text }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.gameId, gameId), eq(notifications.kind, "turn-resolved")))).map((n) => n.text);
    expect(await told(fay.id)).toEqual(["Quiet room: turn 1 resolved — turn 2 orders are open"]);
    expect(await told(gus.id)).toEqual(["Quiet room: turn 1 resolved — nothing for you to order in turn 2"]);
    expect([await needs(asFay), await needs(asGus)]).toEqual(["orders", null]);
    expect((await asGus.play.get({ gameId })).phase).toMatchObject({ sides: ["a"], locked: [] });
    await expect(asGus.play.save({ gameId, side: "b", orders: { say: "hi" } })).rejects.toMatchObject({ code: "CONFLICT", message: "b has nothing to order this turn" });

    // The reminder goes to fay only; the deadline counts a miss for fay only (robotTakeover 1: a robot takes a).
    await handle.db.update(phases).set({ deadline: sql`now() + interval '30 minutes'` }).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
    await sweepReminders(handle.db);
    const reminded = await handle.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "deadline-soon")));
    expect(reminded.map((r) => r.userId)).toEqual([fay.id]);
    await passDeadline(gameId);
    // Turn 2, then turns 3 and 4: a robot orders for a and b has nothing to order, so no human must
    // act and each of them resolves at once, without waiting for a deadline; turn 4 ends the game.
    expect(await drain(handle, "test")).toBe(3);
    const seated = await handle.db.select({ side: seats.nation, robot: seats.robot, missed: seats.missedDeadlines }).from(seats).where(eq(seats.gameId, gameId));
    expect(seated.sort((x, y) => (x.side < y.side ? -1 : 1))).toEqual([
      { side: "a", robot: true, missed: 1 },
      { side: "b", robot: false, missed: 0 },
    ]);

    const all = await handle.db.select({ turn: phases.turn, status: phases.status }).from(phases).where(eq(phases.gameId, gameId));
    expect(all.sort((x, y) => x.turn - y.turn)).toEqual([1, 2, 3, 4].map((turn) => ({ turn, status: "resolved" })));
    expect((await asFay.play.get({ gameId })).game.status).toBe("finished");
  });
});

describe("what the frame's bar and options line read (play.get's game)", () => {
  it("a 1942 game: its daily deadlines' zones, its phases of decisions, each house rule's words", async () => {
    const hal = await makeUser(handle, "hal-frame@example.com");
    const asHal = callerFor(handle, hal);
    const ordersAt = { time: "18:00", zone: "Europe/Berlin" };
    const decisionsAt = { time: "09:00", zone: "America/Chicago" };
    const houseRules = { victoryCities: true, minorVictoryTurn: 6 };
    const { gameId } = await asHal.play.create({ name: "Frame 1942", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany", "Russia"], robots: ["Japan", "United Kingdom", "United States"], ...settings, decisionHours: 2, ordersAt, decisionsAt, rules: { houseRules } });
    const { game } = await asHal.play.get({ gameId });
    expect(game).toMatchObject({ decides: true, ordersAt, decisionsAt });
    expect(game.rules).toEqual([{ id: "houseRules", name: "House rules", value: houseRules, parts: expect.objectContaining({ victoryCities: "victory cities", minorVictoryTurn: "minor victory after turn" }) }]);
  });

  it("an Interplanetary game: no phase of decisions, no daily deadlines", async () => {
    const ida = await makeUser(handle, "ida-frame@example.com");
    const asIda = callerFor(handle, ida);
    const { gameId } = await asIda.play.create({ name: "Frame race", ruleset: "interplanetary", scenario: "planet-race", seats: 3, mine: ["red"], robots: ["blue", "green"], ...settings });
    const { game } = await asIda.play.get({ gameId });
    expect(game.decides).toBe(false);
    expect(game).not.toHaveProperty("ordersAt");
    expect(game).not.toHaveProperty("decisionsAt");
  });
});
