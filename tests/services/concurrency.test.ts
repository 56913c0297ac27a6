// Nothing is lost, nothing happens twice: simultaneous locks start one adjudication, several workers
// run each job once, and a worker that dies mid-job leaves no partial phase; the retry writes the
// same result. On a Postgres server (DATABASE_URL) the requests and workers really run in parallel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createDb, type DbHandle } from "../../db/client";
import { jobs, notifications, orders, phases } from "../../db/schema";
import { NATIONS, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { claim, reap } from "../../server/jobs/queue";
import { drain } from "../../server/jobs/worker";
import { adjudicatePhase, resolveStored } from "../../server/services/adjudicate";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { makeRand, randomOrders } from "../support/random-orders";
import { callerFor, makeUser, QUICK } from "../support/world";

let handle: DbHandle;
const extra: DbHandle[] = [];
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  for (const h of extra) await h.close();
  await handle.close();
});

/** A second connection pool to the same database (a separate worker process, in effect). */
async function otherWorker(): Promise<DbHandle> {
  if (!onPostgres) return handle;
  const h = await createDb({ url: databaseUrlOf(handle)! });
  extra.push(h);
  return h;
}

/** A game whose five nations are played by five people. */
async function fivePlayerGame(tag: string) {
  const players = await Promise.all(NATIONS.map((n) => makeUser(handle, `${tag}-${n.replace(" ", "")}@example.com`)));
  const callers = players.map((p) => callerFor(handle, p));
  const { gameId } = await callers[0]!.game.create({ name: tag, nations: [NATIONS[0]], robots: [], ...QUICK });
  for (let i = 1; i < NATIONS.length; i++) await callers[i]!.game.join({ gameId, nation: NATIONS[i]! });
  return { gameId, callers };
}

async function phaseRows(gameId: number) {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn);
}

describe("exactly once", () => {
  it("five nations locking at the same moment (each twice) queue one adjudication per phase, and three workers run it once", async () => {
    const games = await Promise.all(Array.from({ length: 6 }, (_, i) => fivePlayerGame(`race${i}`)));
    await Promise.all(
      games.flatMap(({ gameId, callers }) => [...callers, ...callers].map((c, i) => c.orders.lock({ gameId, nation: NATIONS[i % 5]! }))),
    );
    for (const { gameId } of games) {
      const [phase] = await phaseRows(gameId);
      expect(phase!.status).toBe("resolving");
      expect(await handle.db.select().from(jobs).where(eq(jobs.key, `adjudicate:${phase!.id}`))).toHaveLength(1);
    }
    const workers = await Promise.all([otherWorker(), otherWorker(), otherWorker()]);
    const ran: number[] = [];
    const counts = await Promise.all(workers.map((w, i) => drain(w, `w${i}`, (job) => ran.push(job.id))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(games.length);
    expect(new Set(ran).size).toBe(games.length);
    for (const { gameId } of games) {
      const rows = await phaseRows(gameId);
      expect(rows.map((p) => [p.turn, p.status])).toEqual([
        [1, "resolved"],
        [2, "open"],
      ]);
      const notes = await handle.db.select().from(notifications).where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "turn-resolved")));
      expect(notes).toHaveLength(5);
    }
  });

  it("saves racing the last locks land whole before the phase closes, or are refused; saves of one nation never mix", async () => {
    const games = await Promise.all(Array.from({ length: 4 }, (_, i) => fivePlayerGame(`saverace${i}`)));
    const racers = [3, 4]; // Japan and the United States save while they and the others lock
    for (const { gameId, callers } of games) {
      const [phase] = await phaseRows(gameId);
      const all = randomOrders(phase!.startState, makeRand(gameId), { hold: 0 });
      // Lists of different lengths, so a later save must also remove the tail of an earlier one.
      const lists = (n: Nation): Order[][] => [all[n]!, all[n]!.slice(0, 3), all[n]!.slice(1)];
      // Each racer has a saved list before the race: a save that loses to its own lock is refused
      // whole, so what stands after the race is that list or one saved during the race, never a mix.
      for (const i of racers) await callers[i]!.orders.save({ gameId, nation: NATIONS[i]!, orders: lists(NATIONS[i]!)[1]! });
      await Promise.all([0, 1, 2].map((i) => callers[i]!.orders.lock({ gameId, nation: NATIONS[i]! })));
      const outcomes = await Promise.allSettled(
        racers.flatMap((i) => {
          const nation = NATIONS[i]!;
          const saves = [...lists(nation), ...lists(nation)].map((list) => callers[i]!.orders.save({ gameId, nation, orders: list }));
          return [...saves.slice(0, 3), callers[i]!.orders.lock({ gameId, nation }), ...saves.slice(3)];
        }),
      );
      for (const o of outcomes) if (o.status === "rejected") expect(String(o.reason)).toMatch(/has locked its orders|the turn is being resolved/);
      const [after] = await phaseRows(gameId);
      expect(after!.status).toBe("resolving");
      for (const i of racers) {
        const nation = NATIONS[i]!;
        const rows = await handle.db.select().from(orders).where(and(eq(orders.phaseId, after!.id), eq(orders.nation, nation))).orderBy(orders.position);
        expect(rows.map((r) => r.position)).toEqual(rows.map((_, p) => p));
        const ids = rows.map((r) => r.order.id).join(",");
        expect(lists(nation).map((l) => l.map((o) => o.id).join(","))).toContain(ids);
      }
      await expect(callers[3]!.orders.save({ gameId, nation: "Japan", orders: [] })).rejects.toThrow(/the turn is being resolved/);
    }
    expect(await drain(handle, "after-races")).toBe(games.length);
  });

  it("a worker that dies mid-job leaves no partial phase; the retried job writes the same result", async () => {
    const { gameId, callers } = await fivePlayerGame("crash");
    await callers[1]!.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { infantry: 2 }, from: "Germany", path: ["East Europe"] }] });
    await Promise.all(callers.map((c, i) => c.orders.lock({ gameId, nation: NATIONS[i]! })));
    const [phase] = await phaseRows(gameId);

    const doomed = await otherWorker();
    const job = await claim(doomed.db, "doomed");
    expect(job?.payload.phaseId).toBe(phase!.id);
    const dying = adjudicatePhase(doomed.db, phase!.id, {
      beforeCommit: async () => {
        throw new Error("worker died before COMMIT");
      },
    });
    await expect(dying).rejects.toThrow("worker died");

    // Nothing of the dead worker's work is visible: no report, no next turn, no notification.
    const after = await phaseRows(gameId);
    expect(after.map((p) => [p.turn, p.status, p.report])).toEqual([[1, "resolving", null]]);
    expect(await handle.db.select().from(notifications).where(and(eq(notifications.gameId, gameId), eq(notifications.kind, "turn-resolved")))).toHaveLength(0);
    const [stuck] = await handle.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(stuck!.status).toBe("running");

    // The lease runs out; another worker takes the job and resolves the phase.
    expect(await reap(handle.db, 0)).toBe(1);
    expect(await drain(handle, "survivor")).toBe(1);
    const [resolved] = await phaseRows(gameId);
    expect(resolved!.status).toBe("resolved");
    const expected = resolveStored(resolved!, resolved!.orders ?? {}, false);
    expect(JSON.stringify(resolved!.report)).toBe(JSON.stringify(expected.report));
    expect((resolved!.report as { orders: { id: string; status: string }[] }).orders.find((o) => o.id === "g1")!.status).toBe("completed");
  });
});

// Registered only with a Postgres server: a killed process cannot hold a PGlite transaction.
if (onPostgres) describe("a worker process killed mid-job (Postgres server)", () => {
  it("leaves no partial phase, and the retried job writes the same result", async () => {
    const { spawn } = await import("node:child_process");
    const { gameId, callers } = await fivePlayerGame("sigkill");
    await callers[1]!.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { armour: 1 }, from: "Germany", path: ["East Europe"] }] });
    await Promise.all(callers.map((c, i) => c.orders.lock({ gameId, nation: NATIONS[i]! })));
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/doomed-worker.ts", databaseUrlOf(handle)!], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => (d.toString().includes("ready") ? resolve() : reject(new Error(d.toString()))));
      child.on("exit", (code) => reject(new Error(`worker exited early (${code})`)));
    });
    child.kill("SIGKILL");
    await new Promise((r) => child.on("exit", r));
    const rows = await phaseRows(gameId);
    expect(rows.map((p) => [p.turn, p.status, p.report])).toEqual([[1, "resolving", null]]);
    expect(await reap(handle.db, 0)).toBe(1);
    expect(await drain(handle, "survivor")).toBe(1);
    const [resolved] = await phaseRows(gameId);
    expect(JSON.stringify(resolved!.report)).toBe(JSON.stringify(resolveStored(resolved!, resolved!.orders ?? {}, false).report));
  });
});
