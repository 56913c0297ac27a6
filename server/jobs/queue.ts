// The job queue: a table claimed with FOR UPDATE SKIP LOCKED (STACK.md §4 measured it exactly-once
// on Postgres and PGlite). A job's `key` makes enqueueing idempotent: one adjudication per phase.
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";

export type Job = typeof jobs.$inferSelect;

export const JOBS_CHANNEL = "lockstep_jobs";
/**
 * A running job whose worker has not renewed it within the lease is given to another worker. A live
 * worker renews its jobs every HEARTBEAT_SECONDS, so only a dead (or cut-off) worker's job is re-taken:
 * with the 2 s poll, within LEASE_SECONDS + 2 s (issue 15: 15 s at most).
 */
export const LEASE_SECONDS = 10;
export const HEARTBEAT_SECONDS = 3;

/**
 * Enqueue once per key; returns whether this call created it. Call inside the caller's transaction.
 * One statement: the row, and its NOTIFY only if the row is new (sent to the workers at COMMIT). A job
 * due at once is due from the moment it is written (clock_timestamp, not the transaction's start), so
 * its time in the queue (the worker's log) does not count the time its transaction waited for locks.
 */
export async function enqueue(tx: Db, key: string, payload: { phaseId: number }, runAt?: Date): Promise<boolean> {
  const due = runAt ? sql`${runAt.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  const { rows } = (await tx.execute(sql`
    with job as (
      insert into ${jobs} (key, kind, payload, run_at) values (${key}, 'adjudicate', ${JSON.stringify(payload)}::jsonb, ${due})
      on conflict (key) do nothing
      returning id
    )
    select pg_notify(${JOBS_CHANNEL}, ${key}) from job`)) as unknown as { rows: unknown[] };
  return rows.length > 0;
}

/** Claim the next due job, skipping rows other workers hold. */
export async function claim(db: Db, workerId: string): Promise<Job | undefined> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, sql`now()`)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ status: "running", lockedBy: workerId, lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, next))
    .returning();
  return job;
}

export async function complete(db: Db, job: Job): Promise<void> {
  await db.execute(completion(job));
}

/**
 * The job marked done, as a statement to send with another (the adjudication sends it in its
 * transaction: done at its commit, still queued after a rollback). A no-op for a job another worker
 * has taken since (its lease ran out).
 */
export function completion(job: Pick<Job, "id" | "lockedBy">): SQL {
  return sql`update ${jobs} set status = 'done', finished_at = now(), last_error = null where id = ${job.id} and locked_by = ${job.lockedBy ?? ""}`;
}

/** Retry with exponential back-off until max attempts, then mark failed. */
export async function fail(db: Db, job: Job, error: unknown): Promise<void> {
  const message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
  const final = job.attempts >= job.maxAttempts;
  const delay = Math.min(300, 2 ** job.attempts);
  await db
    .update(jobs)
    .set({
      status: final ? "failed" : "queued",
      lastError: message.slice(0, 4000),
      runAt: sql`now() + make_interval(secs => ${delay})`,
      lockedBy: null,
      lockedAt: null,
      ...(final ? { finishedAt: sql`now()` } : {}),
    })
    .where(eq(jobs.id, job.id));
}

/** Renew the lease of the jobs this worker is running; returns how many it still holds. */
export async function heartbeat(db: Db, workerId: string, jobIds: number[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(jobs.status, "running"), eq(jobs.lockedBy, workerId), inArray(jobs.id, jobIds)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Put back jobs whose worker died mid-job (its transaction rolled back; the rerun gives the same result). */
export async function reap(db: Db, leaseSeconds = LEASE_SECONDS): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: "queued", lockedBy: null, lockedAt: null })
    .where(and(eq(jobs.status, "running"), lte(jobs.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
    .returning({ id: jobs.id });
  return rows.length;
}
