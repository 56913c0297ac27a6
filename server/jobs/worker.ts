// The worker: two loops that share nothing but the database.
// - Adjudication: claims at once on NOTIFY (a job queued) and when a job ends, and runs up to
//   `adjudications` jobs at once; every 2 s it also sweeps deadlines and reminders and re-queues jobs
//   whose worker stopped renewing them. A heartbeat renews the lease of each running job, so a live
//   worker's job is never taken from it.
// - Delivery (email, push, webhooks): its own timer and its own `deliveries` lanes, so a push endpoint that never
//   answers holds one lane, never an adjudication (issue 11, "Stalls"). A tick first asks, in one
//   statement, whether anything is due or stuck (outbox-probe.ts); lanes claim mail and push in batches.
// Inside the app (the only way on PGlite) and as `npm run worker` on Postgres.
import type { DbHandle } from "../../db/client";
import { adjudicatePhase, type AdjudicationTiming } from "../services/adjudicate";
import { sweepDeadlines } from "../services/deadlines";
import { dispatchDue, reapDeliveries, type DispatchDeps } from "../services/dispatch";
import { pruneEvents } from "../services/events";
import { STUCK_SECONDS, beat, forgetWorker, stuckPhases } from "../services/health";
import { sweepReminders } from "../services/reminders";
import { deliverWebhooks, pruneWebhookDeliveries, reapWebhookDeliveries, type WebhookDeps } from "../services/webhooks/deliver";
import { dispatchDepsFromEnv, webhookDepsFromEnv } from "./dispatch-deps";
import { probeOutboxes, type OutboxProbe } from "./outbox-probe";
import { HEARTBEAT_SECONDS, JOBS_CHANNEL, claim, complete, completion, fail, heartbeat, reap, type Job } from "./queue";
import { logger } from "../log";
import { metrics } from "../metrics";

export interface WorkerOptions {
  name: string;
  pollMs?: number;
  /** Adjudications run at once (WORKER_ADJUDICATIONS, default 4). */
  adjudications?: number;
  /** Delivery lanes (WORKER_DELIVERIES, default 4), each sending a batch of up to DELIVERY_BATCH rows at once. */
  deliveries?: number;
  heartbeatMs?: number;
  /** How often the watchdog looks for stuck phases (default a minute). */
  watchdogMs?: number;
  /** Called after each job (tests). */
  onJob?: (job: Job, error?: unknown) => void;
  /** How notifications go out; from the environment unless given. */
  dispatch?: DispatchDeps;
  /** How webhooks go out; from the environment unless given. */
  webhooks?: WebhookDeps;
}

/** Mail and push rows a delivery lane claims, reads and settles at once (a turn queues five emails). */
export const DELIVERY_BATCH = 8;

/** The wait after a job before its notifications are sent (see deliverSoon in startWorker). */
const DELIVER_AFTER_JOB_MS = 500;

/** Runs the job; marks it done unless it throws (in its own transaction when it can: one round trip fewer). */
export async function runJob(handle: DbHandle, job: Job, timing?: AdjudicationTiming): Promise<string> {
  if (job.kind !== "adjudicate") throw new Error(`unknown job kind ${job.kind}`);
  const done = { write: completion(job), sent: false };
  const outcome = await adjudicatePhase(handle.db, job.payload.phaseId, { timing, completion: done });
  if (!done.sent) await complete(handle.db, job);
  return outcome;
}

const round = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms * 10) / 10);

/** Run one claimed job to its end: done, or back to the queue with the error. */
async function settleJob(handle: DbHandle, workerId: string, job: Job, onJob?: WorkerOptions["onJob"]): Promise<void> {
  const started = performance.now();
  const timing: AdjudicationTiming = {};
  try {
    const outcome = await runJob(handle, job, timing);
    const committed = performance.now();
    // One line a job: where its time went, from the moment it was due (the lock's transaction) to its
    // commit. `committedAt` (epoch ms) lets the load test time the event's way to each stream.
    logger.info(
      {
        worker: workerId,
        job: job.id,
        key: job.key,
        outcome,
        queuedMs: job.lockedAt ? job.lockedAt.getTime() - job.runAt.getTime() : undefined,
        readMs: round(timing.readMs),
        engineMs: round(timing.engineMs),
        robotDecisions: timing.robotDecisions,
        writeMs: round(timing.writeMs),
        commitMs: round(committed - started - (timing.readMs ?? 0) - (timing.engineMs ?? 0) - (timing.writeMs ?? 0)),
        committedAt: Math.round(performance.timeOrigin + committed),
      },
      "job run",
    );
    metrics.adjudicationSeconds.observe({ outcome: "done" }, (performance.now() - started) / 1000);
    onJob?.(job);
  } catch (error) {
    metrics.adjudicationSeconds.observe({ outcome: "failed" }, (performance.now() - started) / 1000);
    await fail(handle.db, job, error).catch((e: unknown) => logger.error({ err: e, job: job.id }, "could not record a failed job; its lease will run out"));
    onJob?.(job, error);
    logger.error({ err: error, worker: workerId, job: job.id, key: job.key }, "job failed");
  }
}

/** Claim and run jobs one after another until none is due (tests and the CLI). Returns how many ran. */
export async function drain(handle: DbHandle, workerId: string, onJob?: WorkerOptions["onJob"]): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claim(handle.db, workerId);
    if (!job) return ran;
    await settleJob(handle, workerId, job, onJob);
    ran += 1;
  }
}

const fromEnv = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A loop body run on a timer or on demand, never twice at once; a request while it runs runs it again after. */
function serial(body: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void body().finally(() => {
      running = false;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  return tick;
}

export function startWorker(handle: DbHandle, options: WorkerOptions): () => Promise<void> {
  const name = options.name;
  const maxJobs = options.adjudications ?? fromEnv("WORKER_ADJUDICATIONS", 4);
  const maxSends = options.deliveries ?? fromEnv("WORKER_DELIVERIES", 4);
  const dispatch = options.dispatch ?? dispatchDepsFromEnv(name);
  const hookDeps = options.webhooks ?? webhookDepsFromEnv(name);
  const log = logger.child({ worker: name });
  let stopped = false;
  const running = new Map<number, Promise<void>>();
  const sending = new Set<Promise<void>>();
  const hooking = new Set<Promise<void>>();
  let pruned = 0;

  // Declared before use by the adjudication loop, which wakes delivery after each job.
  // eslint-disable-next-line prefer-const
  let deliver: () => void = () => {};
  // A job's mail and push go out a moment after it, not at once: at its commit every open page of
  // the game refetches the new turn, and the sends' CPU and statements (five notes a turn) on these
  // shared cores doubled that refetch in the load test (issue 20; docs/load-test.md). One timer for
  // any number of jobs ending meanwhile, so a busy worker still delivers every DELIVER_AFTER_JOB_MS.
  let afterJob: ReturnType<typeof setTimeout> | undefined;
  const deliverSoon = () => {
    if (afterJob || stopped) return;
    afterJob = setTimeout(() => {
      afterJob = undefined;
      deliver();
    }, DELIVER_AFTER_JOB_MS);
    afterJob.unref?.();
  };
  // Adjudication: fill the free slots. A job queued (its NOTIFY) and a finished job look again at
  // once, with one query each: nothing stands between a lock's commit and its claim.
  const adjudicate = serial(async () => {
    if (stopped) return;
    try {
      while (!stopped && running.size < maxJobs) {
        const job = await claim(handle.db, name);
        if (!job) break;
        const done = settleJob(handle, name, job, options.onJob).finally(() => {
          running.delete(job.id);
          adjudicate();
          deliverSoon(); // its notifications are due now, after the pages' refetch of the new turn
        });
        running.set(job.id, done);
      }
    } catch (error) {
      log.error({ err: error }, "adjudication loop");
    }
  });
  // Housekeeping on the poll timer (its work waits on the clock, never on a NOTIFY): jobs of dead
  // workers back to the queue, deadlines and reminders swept, old events pruned; then fill the slots.
  const housekeeping = serial(async () => {
    if (stopped) return;
    try {
      await reap(handle.db);
      await sweepDeadlines(handle.db);
      await sweepReminders(handle.db);
      if (Date.now() - pruned > 60_000) {
        pruned = Date.now();
        await pruneEvents(handle.db);
        await pruneWebhookDeliveries(handle.db);
      }
    } catch (error) {
      log.error({ err: error }, "housekeeping");
    }
    adjudicate();
  });

  // Delivery: each lane claims a batch of due rows (DELIVERY_BATCH: a turn's notes in one claim) and
  // sends them at once, each within its own timeout; a hung send holds only its lane's batch. Email
  // and push have their lanes, webhooks theirs: a dead receiver never delays a player's email.
  const fillLanes = async (lanes: Set<Promise<void>>, send: () => Promise<void>, what: string) => {
    while (!stopped && lanes.size < maxSends) {
      const lane: Promise<void> = send()
        .catch((error: unknown) => log.error({ err: error }, what))
        .finally(() => lanes.delete(lane));
      lanes.add(lane);
      // One lane finds the queue empty quickly; more lanes only when there is more to send.
      await Promise.race([lane, new Promise((r) => setTimeout(r, 50))]);
      if (!lanes.has(lane)) break;
    }
  };
  deliver = serial(async () => {
    if (stopped) return;
    // One read says what there is to do: an idle tick (or a job that queued no mail) costs one statement.
    let todo: OutboxProbe;
    try {
      todo = await probeOutboxes(handle.db);
      if (todo.mailStuck) await reapDeliveries(handle.db);
      if (todo.hooksStuck) await reapWebhookDeliveries(handle.db);
    } catch (error) {
      log.error({ err: error }, "delivery loop");
      return;
    }
    await Promise.all([
      todo.mailDue &&
        fillLanes(
          sending,
          () =>
            dispatchDue(handle.db, dispatch, DELIVERY_BATCH).then((r) => {
              if (r.failed > 0) metrics.deliveryFailures.inc(r.failed);
            }),
          "delivery lane",
        ),
      (todo.hooksDue || todo.hooksStuck) &&
        fillLanes(
          hooking,
          () =>
            deliverWebhooks(handle.db, hookDeps, 1).then((r) => {
              if (r.dead > 0) metrics.deliveryFailures.inc(r.dead);
            }),
          "webhook lane",
        ),
    ]);
  });

  // The heartbeat: this worker is alive (for /api/health), and so is each job it runs (its lease).
  const pulse = () => {
    beat(handle.db, name).catch((error: unknown) => log.warn({ err: error }, "worker beat failed"));
    if (running.size > 0) heartbeat(handle.db, name, [...running.keys()]).catch((error: unknown) => log.warn({ err: error }, "heartbeat failed"));
  };
  const beatTimer = setInterval(pulse, options.heartbeatMs ?? HEARTBEAT_SECONDS * 1000);
  beatTimer.unref?.();
  pulse();
  // The watchdog: a phase stuck resolving or past its deadline is logged loudly, once a minute, until it moves.
  const watchdog = setInterval(() => {
    stuckPhases(handle.db)
      .then((stuck) => {
        for (const p of stuck) log.error({ alert: "stuck-phase", ...p }, `STUCK PHASE: game ${p.gameId} phase ${p.phaseId} has been ${p.status === "resolving" ? "resolving" : `${p.status} past its deadline`} for ${p.seconds} s`);
      })
      .catch((error: unknown) => log.warn({ err: error }, "watchdog could not read phases"));
  }, options.watchdogMs ?? STUCK_SECONDS * 1000);
  watchdog.unref?.();
  const poll = options.pollMs ?? 2000;
  const adjudicateTimer = setInterval(housekeeping, poll);
  adjudicateTimer.unref?.();
  const deliverTimer = setInterval(deliver, poll);
  deliverTimer.unref?.();
  let unlisten: (() => Promise<void>) | undefined;
  // A NOTIFY wakes adjudication; after a dropped LISTEN connection, look at once for what was missed.
  void handle
    .listen(JOBS_CHANNEL, adjudicate, housekeeping)
    .then((stop) => {
      if (stopped) void stop();
      else unlisten = stop;
    })
    .catch((error: unknown) => log.error({ err: error }, "LISTEN failed; polling only"));
  housekeeping();
  deliver();
  return async () => {
    stopped = true;
    clearInterval(adjudicateTimer);
    clearInterval(deliverTimer);
    clearTimeout(afterJob);
    clearInterval(beatTimer);
    clearInterval(watchdog);
    await unlisten?.();
    await Promise.all(running.values());
    // A hung delivery is not waited for: its row's lease runs out and it is marked failed.
    await Promise.race([Promise.all([...sending, ...hooking]), new Promise((r) => setTimeout(r, 1000))]);
    await forgetWorker(handle.db, name).catch(() => {});
  };
}
