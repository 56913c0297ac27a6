// What /api/health reports and the watchdog watches: the database answers, workers beat, the queue
// moves, and no phase sits `resolving` or past its deadline (the silent stuck phase; issue 15).
import { and, count, eq, gte, isNull, lte, min, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, jobs, phases, workerBeats } from "../../db/schema";
import { queueCounts } from "./queue-depth";

/** How long a phase may stay resolving or past a deadline before it counts as stuck. */
export const STUCK_SECONDS = 60;
/** A worker whose last beat is older than this is not counted as alive. */
export const WORKER_STALE_SECONDS = 30;

export interface StuckPhase {
  phaseId: number;
  gameId: number;
  status: string;
  /** Seconds since it should have moved on. */
  seconds: number;
}

/** Phases resolving for over a minute (from their job's creation), or over a minute past a deadline in a running game. */
export async function stuckPhases(db: Db): Promise<StuckPhase[]> {
  const job = sql`(select j.created_at from ${jobs} j where j.key = 'adjudicate:' || ${phases.id})`;
  const since = sql<Date>`case ${phases.status}
      when 'resolving' then coalesce(${job}, ${phases.createdAt})
      when 'open' then ${phases.deadline}
      else ${phases.decisionDeadline} end`;
  const rows = await db
    .select({ phaseId: phases.id, gameId: phases.gameId, status: phases.status, seconds: sql<number>`extract(epoch from now() - ${since})::float8` })
    .from(phases)
    .innerJoin(games, eq(games.id, phases.gameId))
    .where(
      and(
        or(
          eq(phases.status, "resolving"),
          and(isNull(games.pausedAt), eq(games.sandbox, false), eq(phases.status, "open"), lte(phases.deadline, sql`now() - make_interval(secs => ${STUCK_SECONDS})`)),
          and(isNull(games.pausedAt), eq(games.sandbox, false), sql`${phases.status} in ('battles', 'post-combat')`, lte(phases.decisionDeadline, sql`now() - make_interval(secs => ${STUCK_SECONDS})`)),
        ),
        sql`${since} <= now() - make_interval(secs => ${STUCK_SECONDS})`,
      ),
    )
    .limit(100);
  return rows.map((r) => ({ ...r, seconds: Math.round(Number(r.seconds)) }));
}

export interface Health {
  ok: boolean;
  database: { ok: boolean; ms?: number };
  workers?: { alive: number };
  queue?: { queued: number; running: number; oldestQueuedSeconds: number | null; deliveriesPending: number };
  stuckPhases?: StuckPhase[];
}

export async function health(db: Db): Promise<Health> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { ok: false, database: { ok: false } };
  }
  const ms = Math.round(performance.now() - started);
  const [alive] = await db.select({ n: count() }).from(workerBeats).where(gte(workerBeats.beatAt, sql`now() - make_interval(secs => ${WORKER_STALE_SECONDS})`));
  const [oldest] = await db
    .select({ s: sql<number | null>`extract(epoch from now() - ${min(jobs.runAt)})::float8` })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), lte(jobs.runAt, sql`now()`)));
  const counts = await queueCounts(db);
  const stuck = await stuckPhases(db);
  const oldestQueuedSeconds = oldest?.s == null ? null : Math.round(Number(oldest.s));
  const workers = { alive: Number(alive?.n ?? 0) };
  return {
    ok: workers.alive > 0 && (oldestQueuedSeconds ?? 0) < STUCK_SECONDS && stuck.length === 0,
    database: { ok: true, ms },
    workers,
    queue: { ...counts, oldestQueuedSeconds },
    stuckPhases: stuck,
  };
}

/** The worker's beat: alive now (upserted every few seconds); removed when it stops. */
export async function beat(db: Db, name: string): Promise<void> {
  await db.insert(workerBeats).values({ name }).onConflictDoUpdate({ target: workerBeats.name, set: { beatAt: sql`now()` } });
}

export async function forgetWorker(db: Db, name: string): Promise<void> {
  await db.delete(workerBeats).where(eq(workerBeats.name, name));
}
