// A ruleset's turn of several phases on the platform (issue 21, "a ruleset is a plug-in"), with the
// test ruleset Relay: in each turn every side whispers, then only the first side answers while the
// other waits. Orders are taken for the phase in play only; the waiting side cannot save; the last
// lock closes each phase and the job resolves it exactly once, opening the turn's next phase or the
// next turn; a phase nobody must act in closes at once; notices name the phase; history, review,
// download and verify read every phase, and verify catches a tampered phase of either kind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { events, jobs, notifications, phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { adjudicatePhase } from "../../server/services/adjudicate";
import { sweepDeadlines } from "../../server/services/deadlines";
import { replayPhase } from "../../server/services/ruleset-games/resolve";
import { heardIn, LAST_TURN, registerRelay, relay } from "../support/relay-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  registerRelay();
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const settings = { ordersHours: 24, excusedMisses: 0 };

async function rowsOf(gameId: number) {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step));
}

async function openRow(gameId: number) {
  const open = (await rowsOf(gameId)).filter((p) => p.status === "open");
  expect(open).toHaveLength(1);
  return open[0]!;
}

async function newGame(name: string, tag: string) {
  const [ann, ben] = [await makeUser(handle, `ann-${tag}@example.com`), await makeUser(handle, `ben-${tag}@example.com`)];
  const [asAnn, asBen] = [callerFor(handle, ann), callerFor(handle, ben)];
  const { gameId } = await asAnn.play.create({ name, ruleset: "relay", scenario: "room", seats: 2, mine: ["a"], ...settings });
  await asBen.play.join({ gameId, side: "b" });
  return { ann, ben, asAnn, asBen, gameId };
}

describe("a turn of two phases, the second with one side acting", () => {
  it("takes orders per phase, refuses the waiting side, resolves each phase once and names the phase", async () => {
    const { ann, ben, asAnn, asBen, gameId } = await newGame("Relay", "p1");
    const needs = async (caller: typeof asAnn) => (await caller.game.lobby()).mine.find((g) => g.id === gameId)!.turn!.needs;

    // Turn 1, Whisper: both sides act. A batch for the answer phase is refused with the reason.
    expect((await asBen.play.get({ gameId })).phase).toMatchObject({ sides: ["a", "b"], step: { id: "whisper", name: "Whisper", index: 0, part: { at: 0, count: 2 } } });
    await expect(asAnn.play.save({ gameId, side: "a", orders: { say: "early" }, phase: "answer" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: 'These orders are for the phase "answer", but turn 1 is in the phase "whisper": only its orders are taken',
    });
    expect(await asAnn.play.save({ gameId, side: "a", orders: { say: "psst" }, phase: "whisper" })).toEqual({ ok: true });
    expect(await asBen.play.save({ gameId, side: "b", orders: { say: "hm" } })).toEqual({ ok: true });
    await asAnn.play.lock({ gameId, side: "a" });
    expect((await asBen.play.lock({ gameId, side: "b" })).resolving).toBe(true);
    const whisper = await rowsOf(gameId).then((r) => r[0]!);
    expect(await drain(handle, "test")).toBe(1);

    // Turn 1, Answer: the same turn, its second phase; only a acts, b waits and cannot save.
    const answer = await openRow(gameId);
    expect([answer.turn, answer.step]).toEqual([1, 1]);
    expect((await asBen.play.get({ gameId })).phase).toMatchObject({ sides: ["a"], locked: [], step: { id: "answer", name: "Answer", index: 1, part: { at: 1, count: 2 } } });
    expect((await asBen.play.get({ gameId })).saved).toBeNull();
    await expect(asBen.play.save({ gameId, side: "b", orders: { say: "me too" } })).rejects.toMatchObject({ code: "CONFLICT", message: "b has nothing to order in the Answer phase of turn 1" });
    expect([await needs(asAnn), await needs(asBen)]).toEqual(["orders", null]);
    const told = async (userId: string) =>
      (await handle.db.select({ text: notifications.text }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.gameId, gameId), eq(notifications.kind, "turn-resolved")))).map((n) => n.text);
    expect(await told(ann.id)).toEqual(["Relay: turn 1, Whisper resolved — turn 1, Answer orders are open"]);
    expect(await told(ben.id)).toEqual(["Relay: turn 1, Whisper resolved — nothing for you to order in turn 1, Answer"]);

    // The whisper phase resolved exactly once: the job again finds it done, its stored result is its replay.
    expect(await adjudicatePhase(handle.db, whisper.id)).toBe("already-resolved");
    const stored = (await rowsOf(gameId))[0]!;
    expect(stored.orders).toEqual({ a: { say: "psst" }, b: { say: "hm" } });
    expect(stored.report).toEqual(replayPhase(relay, stored).report);
    expect(answer.startState).toEqual(replayPhase(relay, stored).state);

    // a's lock alone closes the answer phase; the job opens turn 2's first phase.
    await asAnn.play.save({ gameId, side: "a", orders: { say: "answer" } });
    expect((await asAnn.play.lock({ gameId, side: "a" })).resolving).toBe(true);
    expect(await drain(handle, "test")).toBe(1);
    expect(await adjudicatePhase(handle.db, answer.id)).toBe("already-resolved");
    const next = await openRow(gameId);
    expect([next.turn, next.step]).toEqual([2, 0]);
    expect((await rowsOf(gameId))[1]!.orders).toEqual({ a: { say: "answer" } });
    expect(await told(ben.id)).toContain("Relay: turn 1, Answer resolved — turn 2, Whisper orders are open");
    // The game's events: the first phase's names it (the turn goes on), the turn's last does not.
    const resolvedEvents = (await handle.db.select({ payload: events.payload }).from(events).where(eq(events.gameId, gameId)).orderBy(asc(events.id)))
      .map((e) => e.payload as { kind: string; turn?: number; phase?: string })
      .filter((e) => e.kind === "turn-resolved");
    expect(resolvedEvents.map((e) => [e.turn, e.phase])).toEqual([[1, "Whisper"], [1, undefined]]);
    // One job per phase, each run once.
    const queued = (await handle.db.select({ payload: jobs.payload }).from(jobs)).filter((j) => [whisper.id, answer.id].includes(j.payload.phaseId));
    expect(queued).toHaveLength(2);
  });

  it("closes at once a phase nobody must act in, and a rerun of a phase after a crash gives the same result", async () => {
    const { asAnn, asBen, gameId } = await newGame("Skip", "p2");
    await asAnn.play.save({ gameId, side: "a", orders: { say: "skip" } });
    await asAnn.play.lock({ gameId, side: "a" });
    await asBen.play.lock({ gameId, side: "b" });
    const whisper = await rowsOf(gameId).then((r) => r[0]!);

    // The first run dies before it commits: nothing of it stays.
    await expect(adjudicatePhase(handle.db, whisper.id, { beforeCommit: () => Promise.reject(new Error("crash")) })).rejects.toThrow("crash");
    expect((await rowsOf(gameId)).map((p) => p.status)).toEqual(["resolving"]);
    // The rerun resolves it; the answer phase has no side to act (a said "skip") and closes at once;
    // its job opens turn 2.
    expect(await drain(handle, "test")).toBe(2);
    const rows = await rowsOf(gameId);
    expect(rows.map((p) => [p.turn, p.step, p.status])).toEqual([[1, 0, "resolved"], [1, 1, "resolved"], [2, 0, "open"]]);
    expect(rows[0]!.report).toEqual(replayPhase(relay, rows[0]!).report);
    expect(rows[1]!.orders).toEqual({});
    expect((await asAnn.play.get({ gameId })).phase).toMatchObject({ step: { id: "whisper", index: 0 } });
  });

  it("is read whole by the history, review and download, and verified phase by phase", async () => {
    const { asAnn, asBen, gameId } = await newGame("Whole game", "p3");
    // Every phase closes at its deadline (nobody locks) until the game ends after turn 3.
    for (let i = 0; i < 2 * LAST_TURN; i++) {
      const open = await openRow(gameId);
      if (open.step === 0) await asBen.play.save({ gameId, side: "b", orders: { say: `b-${open.turn}` } });
      await asAnn.play.save({ gameId, side: "a", orders: { say: `a-${open.turn}-${open.step}` } });
      await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, open.id));
      expect(await sweepDeadlines(handle.db)).toBeGreaterThanOrEqual(1);
      expect(await drain(handle, "test")).toBe(1);
    }
    expect((await asAnn.play.get({ gameId })).game.status).toBe("finished");
    const rows = await rowsOf(gameId);
    expect(rows.map((p) => [p.turn, p.step])).toEqual([[1, 0], [1, 1], [2, 0], [2, 1], [3, 0], [3, 1]]);

    const history = await asAnn.play.history({ gameId });
    expect(history.turns.map((t) => [t.turn, t.step, t.phase, t.status])).toEqual(rows.map((p) => [p.turn, p.step, p.step === 0 ? "Whisper" : "Answer", "resolved"]));
    expect(history.turns[3]!.orders).toEqual({ a: { say: "a-2-1" } });
    expect(history.turns[3]!.report).toEqual({ turn: 2, phase: "answer", heard: { a: heardIn("a", 2, "answer", rows[3]!.seed) } });

    const review = await asBen.play.review({ gameId, turn: 2 });
    expect(review.turns).toEqual([1, 2, 3].map((turn) => ({ turn, status: "resolved" })));
    expect(review.resolved).toBe(true);
    expect(review.before).toEqual(rows[2]!.startState);
    expect(review.after).toEqual(rows[4]!.startState);
    expect(review.phases!.map((p) => [p.step, p.phase, p.orders])).toEqual([[0, "Whisper", { a: { say: "a-2-0" }, b: { say: "b-2" } }], [1, "Answer", { a: { say: "a-2-1" } }]]);
    // b sees only what b heard: nothing in the answer phase.
    expect(review.phases!.map((p) => p.report)).toEqual([{ turn: 2, phase: "whisper", heard: { b: heardIn("b", 2, "whisper", rows[2]!.seed) } }, { turn: 2, phase: "answer", heard: {} }]);

    const file = await asAnn.play.download({ gameId });
    expect(file.turns.map((t) => [t.turn, "step" in t ? t.step : null, "phase" in t ? t.phase : null])).toEqual(history.turns.map((t) => [t.turn, t.step, t.phase]));

    const verified = await asAnn.play.verify({ gameId });
    expect(verified.ok).toBe(true);
    expect(verified.phases.map((p) => [p.turn, p.step, p.ok])).toEqual(rows.map((p) => [p.turn, p.step, true]));

    // A tampered report of either phase, or an answer phase stored as another turn's, fails its check.
    for (const target of [rows[2]!, rows[3]!]) {
      await handle.db.update(phases).set({ report: { turn: 9, phase: "forged", heard: {} } }).where(eq(phases.id, target.id));
      const check = await asAnn.play.verify({ gameId });
      expect(check.ok).toBe(false);
      expect(check.phases.filter((p) => !p.ok).map((p) => p.phaseId)).toEqual([target.id]);
      await handle.db.update(phases).set({ report: target.report }).where(eq(phases.id, target.id));
    }
    await handle.db.update(phases).set({ turn: 7 }).where(eq(phases.id, rows[5]!.id));
    const moved = await asAnn.play.verify({ gameId });
    expect(moved.phases.find((p) => p.phaseId === rows[4]!.id)!.problems).toEqual(["turn 7 follows, but this phase leads to turn 3"]);
    await handle.db.update(phases).set({ turn: 3 }).where(eq(phases.id, rows[5]!.id));
    expect((await asAnn.play.verify({ gameId })).ok).toBe(true);
  });
});
