// What resolving a phase of a game played a phase at a time costs (issue 20, docs/load-test.md
// "Seventeenth pass"): the job's reads in one statement with its completion, the resolved phase's
// update in the next phase's insert (the board copied in the database, not sent), a phase's start
// state sent and parsed once per process by the saves, locks and play.get that read the open phase,
// and each (phase, viewer) view computed once. What must hold whatever it costs: a worker dying before
// its commit leaves the job to run again, the rerun stores what the ruleset gives, and no viewer gets
// another side's view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { jobs, notifications, phases } from "../../db/schema";
import { claim } from "../../server/jobs/queue";
import { runJob } from "../../server/jobs/worker";
import { getRuleset, type AnyRuleset, type Viewer } from "../../server/rulesets";
import { replayPhase } from "../../server/services/ruleset-games/resolve";
import { latestPhaseOf } from "../../server/services/start-state";
import { testDb } from "../support/db";
import { jobLeftByDyingWorker } from "../support/dying-job";
import { sentStatements, withoutBeginCommit } from "../support/statements";
import { callerFor, makeUser, phaseRows } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const tag = () => Math.random().toString(36).slice(2, 8);
const ruleset1942 = getRuleset("1942")!;

/** A started phased 1942 game (the lobby's): Germany and Russia human, the rest robots that hold. */
async function phasedGame() {
  const [ann, ben] = [await makeUser(handle, `ann-${tag()}@example.com`), await makeUser(handle, `ben-${tag()}@example.com`)];
  const [asAnn, asBen] = [callerFor(handle, ann), callerFor(handle, ben)];
  const { gameId } = await asAnn.play.create({ name: "Cost", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["Japan", "United Kingdom", "United States"], robotsHold: true, ordersHours: 24, decisionHours: 24 });
  await asBen.play.join({ gameId, side: "Russia" });
  const lockBoth = async () => {
    await asAnn.play.lock({ gameId, side: "Germany" });
    await asBen.play.lock({ gameId, side: "Russia" });
  };
  return { gameId, ann, ben, asAnn, asBen, lockBoth };
}

describe("resolving a phase of a phased 1942 game", () => {
  it("takes 6 statements besides BEGIN and COMMIT, completes its job with the phase, stores what the ruleset gives and tells both players", async () => {
    const game = await phasedGame();
    await game.lockBoth();
    const job = (await claim(handle.db, "test"))!;
    const all = sentStatements(handle);
    expect(await runJob(handle, job)).toBe("resolved");
    const sent = withoutBeginCommit(all);
    // The phase; the inputs with the audience and the job's completion; resolved + next phase; the
    // robots' locks; the notes; their outboxes + the event. Before: 12, and the completion apart.
    expect(sent).toHaveLength(6);
    expect((await handle.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe("done");
    // The next phase's start state is what the ruleset's resolve gives (its board copied, not sent).
    const [resolved, next] = await phaseRows(handle, game.gameId);
    expect(resolved!.status).toBe("resolved");
    expect(sent.some((q) => q.includes("jsonb_set"))).toBe(true);
    expect(next!.startState).toEqual(JSON.parse(JSON.stringify(replayPhase(ruleset1942, resolved!).state)));
    const told = await handle.db.select({ userId: notifications.userId }).from(notifications).where(and(eq(notifications.gameId, game.gameId), eq(notifications.kind, "turn-resolved")));
    expect(told.map((n) => n.userId).sort()).toEqual([game.ann.id, game.ben.id].sort());
  });

  it("left by a worker that dies before its commit, is run again to the same stored result", async () => {
    const game = await phasedGame();
    await game.lockBoth();
    const job = await jobLeftByDyingWorker(handle);
    expect((await handle.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe("running");
    expect(await phaseRows(handle, game.gameId)).toHaveLength(1);
    expect(await runJob(handle, job)).toBe("resolved");
    expect(await runJob(handle, job)).toBe("already-resolved");
    const [resolved, next, ...more] = await phaseRows(handle, game.gameId);
    expect(more).toHaveLength(0);
    expect(next!.startState).toEqual(JSON.parse(JSON.stringify(replayPhase(ruleset1942, resolved!).state)));
    expect((await handle.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]!.status).toBe("done");
  });
});

describe("the open phase read again and again", () => {
  it("sends and parses its start state once per process; a new phase's is read when it opens", async () => {
    const game = await phasedGame();
    const first = (await latestPhaseOf(handle.db, game.gameId))!;
    const again = (await latestPhaseOf(handle.db, game.gameId))!;
    // The same object: not sent and parsed again (each read made a new one before).
    expect(again.startState).toBe(first.startState);
    expect(again.id).toBe(first.id);
    const [stored] = await handle.db.select({ startState: phases.startState }).from(phases).where(eq(phases.id, first.id));
    expect(again.startState).toEqual(stored!.startState);
    // Locks read it too, and the phase moves on: the next read is the new phase, whole.
    await game.lockBoth();
    await runJob(handle, (await claim(handle.db, "test"))!);
    const next = (await latestPhaseOf(handle.db, game.gameId))!;
    expect(next.id).not.toBe(first.id);
    const [storedNext] = await handle.db.select({ startState: phases.startState }).from(phases).where(eq(phases.id, next.id));
    expect(next.startState).toEqual(storedNext!.startState);
  });
});
