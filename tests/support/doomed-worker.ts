// A worker process for the crash test: claims the adjudication job, does all its writes, and then
// waits before COMMIT so the test can kill it with SIGKILL, as a machine failure would.
import { createDb } from "../../db/client";
import { HEARTBEAT_SECONDS, claim, heartbeat } from "../../server/jobs/queue";
import { adjudicatePhase } from "../../server/services/adjudicate";

const handle = await createDb({ url: process.argv[2]! });
const job = await claim(handle.db, `doomed-${process.pid}`);
if (!job) {
  console.log("no job");
  process.exit(1);
}
// With "heartbeat", it renews its lease as a live worker does, until it is killed.
if (process.argv[3] === "heartbeat") setInterval(() => void heartbeat(handle.db, job.lockedBy!, [job.id]), HEARTBEAT_SECONDS * 1000);
await adjudicatePhase(handle.db, job.payload.phaseId, {
  beforeCommit: async () => {
    console.log("ready");
    await new Promise(() => {}); // never commits
  },
});
