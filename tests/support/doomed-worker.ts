// A worker process for the crash test: claims the adjudication job, does all its writes, and then
// waits before COMMIT so the test can kill it with SIGKILL, as a machine failure would.
import { createDb } from "../../db/client";
import { claim } from "../../server/jobs/queue";
import { adjudicatePhase } from "../../server/services/adjudicate";

const handle = await createDb({ url: process.argv[2]! });
const job = await claim(handle.db, `doomed-${process.pid}`);
if (!job) {
  console.log("no job");
  process.exit(1);
}
await adjudicatePhase(handle.db, job.payload.phaseId, {
  beforeCommit: async () => {
    console.log("ready");
    await new Promise(() => {}); // never commits
  },
});
