// An adjudication job is marked done in the adjudication's own transaction (with its inputs' read),
// and the seated players' notification settings come with that read: a turn's resolution is two
// statements fewer (issue 20, docs/load-test.md "Fourteenth pass"). A worker dying before the commit
// leaves the job to run again; a commit completes it with the turn.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, jobs, notifications, phases } from "../../db/schema";
import { claim } from "../../server/jobs/queue";
import { drain, runJob } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { jobLeftByDyingWorker } from "../support/dying-job";
import { sentStatements, withoutBeginCommit } from "../support/statements";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function lockBoth(game: Awaited<ReturnType<typeof twoPlayerGame>>) {
  await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
  await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
}

const statusOf = async (id: number) => (await handle.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]!.status;

describe("an adjudication job", () => {
  it("dies before its commit: the job is not done, the phase not resolved; run again, both are", async () => {
    const game = await twoPlayerGame(handle);
    await lockBoth(game);
    const job = await jobLeftByDyingWorker(handle);
    expect(await statusOf(job.id)).toBe("running");
    expect((await handle.db.select({ status: phases.status }).from(phases).where(eq(phases.id, job.payload.phaseId)))[0]!.status).toBe("resolving");
    expect(await runJob(handle, job)).toBe("resolved");
    expect(await statusOf(job.id)).toBe("done");
    // A rerun after it finds the phase resolved, and completes the job itself.
    expect(await runJob(handle, job)).toBe("already-resolved");
    expect(await statusOf(job.id)).toBe("done");
  });

  it("resolves a turn in 6 statements besides BEGIN and COMMIT (the phase; the inputs with the audience and the job's completion; resolved + next phase; the robots' locks; the notes; their outboxes + the event), and every player is told", async () => {
    const game = await twoPlayerGame(handle);
    await lockBoth(game);
    const phaseId = (await handle.db.select({ id: phases.id }).from(phases).where(eq(phases.gameId, game.gameId)))[0]!.id;
    const job = (await claim(handle.db, "test"))!;
    expect(job.payload.phaseId).toBe(phaseId);
    const all = sentStatements(handle);
    expect(await runJob(handle, job)).toBe("resolved");
    const sent = withoutBeginCommit(all);
    expect(sent).toHaveLength(6);
    expect(await statusOf(job.id)).toBe("done");
    const told = await handle.db.select({ id: notifications.id, userId: notifications.userId }).from(notifications).where(and(eq(notifications.gameId, game.gameId), eq(notifications.kind, "turn-resolved")));
    expect(told.map((n) => n.userId).sort()).toEqual([game.alice.id, game.bob.id].sort());
    const outbox = await handle.db.select({ channel: deliveries.channel, notificationId: deliveries.notificationId }).from(deliveries);
    for (const n of told) expect(outbox.filter((d) => d.notificationId === n.id).map((d) => d.channel)).toEqual(["email"]);
    expect(await drain(handle, "test")).toBe(0);
  });
});
