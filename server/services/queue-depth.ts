// Queue depth, for /api/health and the metrics: jobs queued and running, deliveries waiting to go out.
import { and, count, eq, lte, sql } from "drizzle-orm";
import type { Gauge } from "prom-client";
import type { Db } from "../../db/client";
import { deliveries, jobs } from "../../db/schema";

export interface QueueCounts {
  queued: number;
  running: number;
  deliveriesPending: number;
}

export async function queueCounts(db: Db): Promise<QueueCounts> {
  const byStatus = await db.select({ status: jobs.status, n: count() }).from(jobs).where(sql`${jobs.status} in ('queued', 'running')`).groupBy(jobs.status);
  const [pending] = await db.select({ n: count() }).from(deliveries).where(and(eq(deliveries.status, "pending"), lte(deliveries.dueAt, sql`now()`)));
  const of = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return { queued: of("queued"), running: of("running"), deliveriesPending: Number(pending?.n ?? 0) };
}

export async function queueDepth(db: Db, gauge: Gauge<"queue" | "status">): Promise<void> {
  const c = await queueCounts(db);
  gauge.set({ queue: "jobs", status: "queued" }, c.queued);
  gauge.set({ queue: "jobs", status: "running" }, c.running);
  gauge.set({ queue: "deliveries", status: "pending" }, c.deliveriesPending);
}
