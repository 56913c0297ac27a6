// A worker that claims the next adjudication job, makes every write of it, and dies before its COMMIT
// (the tests of "nothing is lost": the job must stay running and the phase unresolved, to run again).
import type { DbHandle } from "../../db/client";
import { claim, completion, type Job } from "../../server/jobs/queue";
import { adjudicatePhase } from "../../server/services/adjudicate";

/** The job such a worker left behind (its completion was sent in the transaction that rolled back). */
export async function jobLeftByDyingWorker(handle: DbHandle): Promise<Job> {
  const job = await claim(handle.db, "doomed");
  if (!job) throw new Error("no job to claim");
  const dying = adjudicatePhase(handle.db, job.payload.phaseId, {
    completion: { write: completion(job), sent: false },
    beforeCommit: async () => {
      throw new Error("the worker dies");
    },
  });
  await dying.then(
    () => {
      throw new Error("the doomed worker committed");
    },
    (error: unknown) => {
      if (!(error instanceof Error) || error.message !== "the worker dies") throw error;
    },
  );
  return job;
}
