// /api/health's report and the watchdog (issue 15): a worker's beat, the queue's age, and phases stuck
// resolving or past their deadline; metrics are readable with the token only.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { jobs, phases } from "../../db/schema";
import { startWorker } from "../../server/jobs/worker";
import { logger } from "../../server/log";
import { metrics } from "../../server/metrics";
import { metricsAccess } from "../../server/metrics-access";
import { health, stuckPhases } from "../../server/services/health";
import { testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const dispatch = { workerId: "w", sendMail: async () => {}, push: { subject: "mailto:test@lockstep.test" }, baseUrl: "https://lockstep.test" };

describe("health", () => {
  it("is not ok without a live worker, and ok once one beats", async () => {
    const before = await health(handle.db);
    expect(before.database.ok).toBe(true);
    expect(before.workers).toEqual({ alive: 0 });
    expect(before.ok).toBe(false);
    const stop = startWorker(handle, { name: "beating", pollMs: 100, dispatch });
    try {
      await vi.waitFor(async () => expect((await health(handle.db)).workers).toEqual({ alive: 1 }), { timeout: 5000 });
      expect((await health(handle.db)).ok).toBe(true);
    } finally {
      await stop();
    }
    expect((await health(handle.db)).workers).toEqual({ alive: 0 }); // a stopped worker says goodbye
  });

  it("a phase resolving for over a minute is reported, and the watchdog logs it loudly", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    const [phase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    expect(phase!.status).toBe("resolving");
    expect((await stuckPhases(handle.db)).map((p) => p.phaseId)).not.toContain(phase!.id); // just started: not stuck
    // Its job failed for good two minutes ago: nothing will move this phase.
    await handle.db.update(jobs).set({ status: "failed", createdAt: sql`now() - interval '2 minutes'` }).where(eq(jobs.key, `adjudicate:${phase!.id}`));
    const stuck = await stuckPhases(handle.db);
    expect(stuck.find((p) => p.phaseId === phase!.id)).toMatchObject({ gameId, status: "resolving" });
    expect(stuck.find((p) => p.phaseId === phase!.id)!.seconds).toBeGreaterThanOrEqual(119);
    expect((await health(handle.db)).ok).toBe(false);

    const lines: unknown[][] = [];
    const fake = { error: (...a: unknown[]) => lines.push(a), warn: () => {}, info: () => {} };
    const child = vi.spyOn(logger, "child").mockReturnValue(fake as unknown as ReturnType<typeof logger.child>);
    const stop = startWorker(handle, { name: "watch", pollMs: 100, watchdogMs: 100, dispatch });
    try {
      await vi.waitFor(() => expect(lines.some((l) => String(l[1]).startsWith(`STUCK PHASE: game ${gameId}`))).toBe(true), { timeout: 5000 });
    } finally {
      await stop();
      child.mockRestore();
    }
    await handle.db.delete(jobs).where(eq(jobs.key, `adjudicate:${phase!.id}`));
    await handle.db.update(phases).set({ status: "resolved" }).where(eq(phases.id, phase!.id));
  });

  it("a phase over a minute past its deadline in a running game is reported", async () => {
    const { gameId } = await twoPlayerGame(handle);
    await handle.db.update(phases).set({ deadline: sql`now() - interval '5 minutes'` }).where(eq(phases.gameId, gameId));
    expect((await stuckPhases(handle.db)).find((p) => p.gameId === gameId)).toMatchObject({ status: "open" });
    await handle.db.update(phases).set({ deadline: sql`now() + interval '1 day'` }).where(eq(phases.gameId, gameId));
  });
});

describe("metrics", () => {
  it("are off without METRICS_TOKEN and need the exact bearer token with it", () => {
    const h = (auth?: string) => new Headers(auth ? { authorization: auth } : {});
    expect(metricsAccess(h("Bearer x"), undefined)).toBe("off");
    expect(metricsAccess(h(), "sekrit-token")).toBe("denied");
    expect(metricsAccess(h("Bearer sekrit-toke"), "sekrit-token")).toBe("denied");
    expect(metricsAccess(h("Bearer sekrit-token"), "sekrit-token")).toBe("ok");
  });

  it("are in the Prometheus text format with the queue, adjudication, delivery and stream figures", async () => {
    const text = await metrics.registry.metrics();
    for (const name of ["lockstep_adjudication_seconds", "lockstep_delivery_failures_total", "lockstep_live_streams", "lockstep_queue_depth"]) expect(text).toContain(`# TYPE ${name}`);
  });
});
