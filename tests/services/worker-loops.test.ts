// The worker's two loops (issues 11 and 15): a delivery that never answers does not delay an
// adjudication; several adjudications run at once within the bound; a running job's lease is renewed
// while its worker lives, and a dead worker's job is re-taken within 15 s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, jobs, notifications, phases } from "../../db/schema";
import { HEARTBEAT_SECONDS, LEASE_SECONDS, claim, enqueue, heartbeat, reap } from "../../server/jobs/queue";
import { startWorker } from "../../server/jobs/worker";
import type { DispatchDeps } from "../../server/services/dispatch";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";
import { until } from "../support/until";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const phaseStatus = async (gameId: number) => (await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn))[0]!.status;

/**
 * A game whose two players have locked: its adjudication job is queued. A worker already running
 * wakes on the job's NOTIFY and may have resolved it by the time the status is read.
 */
async function lockedGame(workerRunning = false) {
  const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
  await asAlice.orders.lock({ gameId, nation: "Germany" });
  await asBob.orders.lock({ gameId, nation: "Japan" });
  expect(workerRunning ? ["resolving", "resolved"] : ["resolving"]).toContain(await phaseStatus(gameId));
  return gameId;
}

describe("the worker's loops", () => {
  it("a delivery that never answers does not delay an adjudication", async () => {
    const { alice, gameId: other } = await twoPlayerGame(handle);
    const [note] = await handle.db.insert(notifications).values({ userId: alice.id, gameId: other, kind: "game-started", text: "Your game has started", url: `/game/${other}` }).returning();
    await handle.db.insert(deliveries).values({ notificationId: note!.id, channel: "email" });
    let hung = 0;
    const dispatch: DispatchDeps = {
      workerId: "hang",
      sendMail: () => {
        hung += 1;
        return new Promise(() => {}); // an SMTP server that never answers
      },
      push: { subject: "mailto:test@lockstep.test" },
      baseUrl: "https://lockstep.test",
    };
    const stop = startWorker(handle, { name: "hang", pollMs: 100, dispatch, deliveries: 1 });
    try {
      await until(async () => hung > 0, 10_000);
      const gameId = await lockedGame(true);
      await until(async () => (await phaseStatus(gameId)) === "resolved", 10_000);
      expect(hung).toBeGreaterThan(0);
      const hanging = await handle.db.select().from(deliveries).where(eq(deliveries.status, "sending"));
      expect(hanging.length).toBeGreaterThan(0); // still hanging while the turn resolved
    } finally {
      await stop();
    }
  });

  it("runs several adjudications at once, never more than its bound", async () => {
    const games = await Promise.all([lockedGame(), lockedGame(), lockedGame(), lockedGame()]);
    let live = 0;
    let most = 0;
    const seen = new Set<number>();
    const stop = startWorker(handle, {
      name: "pair",
      pollMs: 100,
      adjudications: 2,
      dispatch: { workerId: "pair", sendMail: async () => {}, push: { subject: "mailto:test@lockstep.test" }, baseUrl: "https://lockstep.test" },
      onJob: (job) => seen.add(job.id),
    });
    // Count running jobs as the database sees them while the worker works.
    const watch = (async () => {
      while (seen.size < games.length) {
        live = (await handle.db.select().from(jobs).where(eq(jobs.lockedBy, "pair"))).filter((j) => j.status === "running").length;
        most = Math.max(most, live);
        await sleep(5);
      }
    })();
    try {
      for (const gameId of games) await until(async () => (await phaseStatus(gameId)) === "resolved", 20_000);
      await watch;
    } finally {
      await stop();
    }
    expect(seen.size).toBe(games.length);
    expect(most).toBeLessThanOrEqual(2);
  });

  it("a running job's lease is renewed by its heartbeat; without it the job goes back to the queue", async () => {
    expect(LEASE_SECONDS + 2).toBeLessThanOrEqual(15); // the 2 s poll reaps at most 2 s after the lease ends
    expect(HEARTBEAT_SECONDS * 3).toBeLessThanOrEqual(LEASE_SECONDS); // two heartbeats may fail before the lease is lost
    await enqueue(handle.db, `lease-${Math.random()}`, { phaseId: -1 });
    const job = (await claim(handle.db, "holder"))!;
    await sleep(1200);
    expect(await heartbeat(handle.db, "holder", [job.id])).toBe(1);
    expect(await reap(handle.db, 1)).toBe(0); // renewed just now: the holder lives
    expect(await heartbeat(handle.db, "someone-else", [job.id])).toBe(0); // only the holder renews
    await sleep(1200);
    expect(await reap(handle.db, 1)).toBe(1);
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row!.status, row!.lockedBy]).toEqual(["queued", null]);
    expect(await heartbeat(handle.db, "holder", [job.id])).toBe(0); // the lost job is not renewed back
    await handle.db.delete(jobs).where(eq(jobs.id, job.id));
  });
});

if (onPostgres) {
  describe("a lock's NOTIFY (Postgres server)", () => {
    it("has its job claimed and run while the worker's housekeeping waits on a row another transaction holds", { timeout: 30_000 }, async () => {
      // A dead worker's job, past its lease: reap must update it, and waits while another transaction holds its row.
      const [stale] = await handle.db
        .insert(jobs)
        .values({ key: `stale-${Math.random()}`, kind: "adjudicate", payload: { phaseId: -1 }, status: "running", lockedBy: "gone", lockedAt: new Date(Date.now() - 3600_000) })
        .returning();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let holding!: () => void;
      const isHeld = new Promise<void>((r) => (holding = r));
      const holder = handle.db.transaction(async (tx) => {
        await tx.select().from(jobs).where(eq(jobs.id, stale!.id)).for("update");
        holding();
        await held;
        await tx.delete(jobs).where(eq(jobs.id, stale!.id)); // nothing left for the reap when it goes on
      });
      await isHeld;
      // The poll never comes round again in this test: only the NOTIFY can wake the claim.
      const stop = startWorker(handle, { name: "woken", pollMs: 600_000, dispatch: { workerId: "woken", sendMail: async () => {}, push: { subject: "mailto:test@lockstep.test" }, baseUrl: "https://lockstep.test" } });
      try {
        const gameId = await lockedGame(true);
        await until(async () => (await phaseStatus(gameId)) === "resolved", 15_000);
      } finally {
        release();
        await holder;
        await stop();
      }
    });
  });

  describe("a worker process killed mid-job (Postgres server)", () => {
    it("keeps its job while it lives, and a live worker re-takes it within 15 s of its death", { timeout: 60_000 }, async () => {
      const { spawn } = await import("node:child_process");
      const gameId = await lockedGame();
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/doomed-worker.ts", databaseUrlOf(handle)!, "heartbeat"], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => (d.toString().includes("ready") ? resolve() : reject(new Error(d.toString()))));
        child.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
      });
      const stop = startWorker(handle, { name: "survivor", pollMs: 2000, dispatch: { workerId: "survivor", sendMail: async () => {}, push: { subject: "mailto:test@lockstep.test" }, baseUrl: "https://lockstep.test" } });
      try {
        await sleep((LEASE_SECONDS + 3) * 1000); // longer than a lease: the heartbeat keeps the job with its holder
        expect(await phaseStatus(gameId)).toBe("resolving");
        const [held] = await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${(await handle.db.select().from(phases).where(eq(phases.gameId, gameId)))[0]!.id}`));
        expect(held!.lockedBy).toMatch(/^doomed-/);
        child.kill("SIGKILL");
        await new Promise((r) => child.on("exit", r));
        const took = await until(async () => (await phaseStatus(gameId)) === "resolved", 15_000);
        expect(took).toBeLessThanOrEqual(15_000);
      } finally {
        await stop();
      }
    });
  });
}
