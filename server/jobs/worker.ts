// The adjudication worker: wakes on NOTIFY or every 2 s, sweeps deadlines and deadline reminders,
// reaps lost jobs, runs each claimed job once, then sends due notifications (email, push).
// Inside the app (the only way on PGlite) and as `npm run worker` on Postgres.
import type { DbHandle } from "../../db/client";
import { adjudicatePhase } from "../services/adjudicate";
import { sweepDeadlines } from "../services/deadlines";
import { dispatchDue, reapDeliveries, type DispatchDeps } from "../services/dispatch";
import { sweepReminders } from "../services/reminders";
import { dispatchDepsFromEnv } from "./dispatch-deps";
import { JOBS_CHANNEL, claim, complete, fail, reap, type Job } from "./queue";

export interface WorkerOptions {
  name: string;
  pollMs?: number;
  /** Called after each job (tests). */
  onJob?: (job: Job, error?: unknown) => void;
  /** How notifications go out; from the environment unless given. */
  dispatch?: DispatchDeps;
}

export async function runJob(handle: DbHandle, job: Job): Promise<void> {
  if (job.kind === "adjudicate") await adjudicatePhase(handle.db, job.payload.phaseId);
  else throw new Error(`unknown job kind ${job.kind}`);
}

/** Claim and run jobs until none is due. Returns how many ran. */
export async function drain(handle: DbHandle, workerId: string, onJob?: WorkerOptions["onJob"]): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claim(handle.db, workerId);
    if (!job) return ran;
    try {
      await runJob(handle, job);
      await complete(handle.db, job);
      onJob?.(job);
    } catch (error) {
      await fail(handle.db, job, error);
      onJob?.(job, error);
      console.error(`[worker ${workerId}] job ${job.id} (${job.key}) failed:`, error);
    }
    ran += 1;
  }
}

export function startWorker(handle: DbHandle, options: WorkerOptions): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const dispatch = options.dispatch ?? dispatchDepsFromEnv(options.name);
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await reap(handle.db);
        await reapDeliveries(handle.db);
        await sweepDeadlines(handle.db);
        await sweepReminders(handle.db);
        await drain(handle, options.name, options.onJob);
        await dispatchDue(handle.db, dispatch);
      } catch (error) {
        console.error(`[worker ${options.name}]`, error);
      }
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const timer = setInterval(tick, options.pollMs ?? 2000);
  timer.unref?.();
  let unlisten: (() => Promise<void>) | undefined;
  void handle.listen(JOBS_CHANNEL, tick).then((stop) => {
    if (stopped) void stop();
    else unlisten = stop;
  });
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten?.();
    await running;
  };
}
