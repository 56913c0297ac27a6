// A dropped database connection must not hurt (issue 15): a backend terminated mid-query, mid-transaction
// or while idle in a transaction fails that one piece of work with a catchable error; the process lives
// on, the pool serves the next query, and no statement of the dead transaction runs anywhere else.
// The terminations need a Postgres server (PGlite runs in-process and has no connection to drop); the
// first test, a statement that fails inside a transaction, runs on both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { createDb, type DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

describe("a failed statement inside a transaction", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await testDb();
  });
  afterAll(async () => {
    await h.close();
  });
  it("leaves nothing of the transaction, and the handle serves the next query", async () => {
    await h.db.execute(sql`create table failed_probe (id int primary key)`);
    const work = h.db.transaction(async (tx) => {
      await tx.execute(sql`insert into failed_probe values (1)`);
      await tx.execute(sql`insert into failed_probe values (1)`); // duplicate key
    });
    await expect(work).rejects.toThrow();
    const rows = await h.db.execute(sql`select count(*)::int as n from failed_probe`);
    const n = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { n: number }[] }).rows)[0] as { n: number };
    expect(Number(n.n)).toBe(0);
  });
});

if (onPostgres) {
  let handle: DbHandle;
  let admin: postgres.Sql;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    handle = await testDb();
    admin = postgres(databaseUrlOf(handle)!, { max: 1, onnotice: () => {} });
    await handle.db.execute(sql`create table fault_probe (id serial primary key, tag text not null)`);
    process.on("uncaughtException", onUncaught);
  });
  afterAll(async () => {
    process.off("uncaughtException", onUncaught);
    await admin.end();
    await handle.close();
  });

  const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
  /** Rows of a raw statement, whichever driver answered (an array, or an object with `rows`). */
  const rowsOf = <T,>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);
  const backendPid = async (tx: Pick<DbHandle["db"], "execute">) =>
    Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
  const probes = async (tag: string) =>
    (await admin<{ n: number }[]>`select count(*)::int as n from fault_probe where tag = ${tag}`)[0]!.n;
  /** Several turns of the event loop: deferred writes and reconnects have had their chance to run. */
  const settle = () => new Promise((r) => setTimeout(r, 300));

  /** After a fault the same pool answers, and nothing escaped as an uncaught exception. */
  async function stillServes() {
    await settle();
    expect(uncaught).toEqual([]);
    const rows = await handle.db.execute(sql`select 1 as one`);
    expect(rows).toBeTruthy();
  }

  describe("a terminated database backend", () => {
    it("mid-query: the query fails, the pool serves the next one", async () => {
      const work = handle.db.transaction(async (tx) => {
        const pid = await backendPid(tx);
        setTimeout(() => void terminate(pid).catch(() => {}), 100);
        await tx.execute(sql`select pg_sleep(5)`);
      });
      await expect(work).rejects.toThrow();
      await stillServes();
    });

    it("mid-transaction: nothing of the transaction is written", async () => {
      const work = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into fault_probe (tag) values ('mid')`);
        const pid = await backendPid(tx);
        setTimeout(() => void terminate(pid).catch(() => {}), 100);
        await tx.execute(sql`select pg_sleep(5)`);
        await tx.execute(sql`insert into fault_probe (tag) values ('mid')`);
      });
      await expect(work).rejects.toThrow();
      await stillServes();
      expect(await probes("mid")).toBe(0);
    });

    it("idle in transaction: the transaction's later statements never run in another transaction", async () => {
      // Keep the pool busy so a reconnected connection would be handed work at once.
      const work = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into fault_probe (tag) values ('idle')`);
        const pid = await backendPid(tx);
        await terminate(pid);
        await settle();
        // The connection is gone: these must fail, not run in autocommit on a new connection.
        await tx.execute(sql`insert into fault_probe (tag) values ('idle-after')`);
        await tx.execute(sql`insert into fault_probe (tag) values ('idle-after')`);
      });
      await expect(work).rejects.toThrow();
      await stillServes();
      expect(await probes("idle")).toBe(0);
      expect(await probes("idle-after")).toBe(0);
    });

    it("every pooled backend at once, repeatedly: the pool recovers each time", async () => {
      for (let round = 0; round < 3; round++) {
        const busy = Array.from({ length: 6 }, (_, i) =>
          handle.db.transaction(async (tx) => {
            await tx.execute(sql`insert into fault_probe (tag) values (${`storm-${round}-${i}`})`);
            await tx.execute(sql`select pg_sleep(0.5)`);
          }),
        );
        const settled = Promise.allSettled(busy); // some may fail at once, on a connection cut in the last round
        await new Promise((r) => setTimeout(r, 100));
        await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
        const results = await settled;
        // A transaction either committed whole or left nothing.
        for (const [i, r] of results.entries()) expect(await probes(`storm-${round}-${i}`)).toBe(r.status === "fulfilled" ? 1 : 0);
        await stillServes();
      }
    });
  });

  describe("a transaction whose BEGIN fails", () => {
    it("gives its connection back to the pool", async () => {
      process.env.DB_POOL_MAX = "2";
      const small = await createDb({ url: databaseUrlOf(handle)! }).finally(() => delete process.env.DB_POOL_MAX);
      try {
        // A BEGIN the server refuses stands for one sent on a connection cut a moment before.
        const bad = { isolationLevel: "no such level" } as unknown as Parameters<typeof small.db.transaction>[1];
        for (let i = 0; i < 3; i++) await expect(small.db.transaction(async () => {}, bad)).rejects.toThrow();
        const answer = await Promise.race([small.db.execute(sql`select 1`).then(() => "served"), new Promise((r) => setTimeout(() => r("pool exhausted"), 3000))]);
        expect(answer).toBe("served");
      } finally {
        await small.close();
      }
    });
  });

  describe("npm run worker under repeated connection terminations", () => {
    it("keeps running and resolves every phase exactly once", { timeout: 90_000 }, async () => {
      const { spawn } = await import("node:child_process");
      const games: number[] = [];
      for (let i = 0; i < 6; i++) {
        const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
        await asAlice.orders.lock({ gameId, nation: "Germany" });
        await asBob.orders.lock({ gameId, nation: "Japan" });
        games.push(gameId);
      }
      const child = spawn(process.execPath, ["--import", "tsx", "server/jobs/worker-main.ts"], {
        env: { ...process.env, DATABASE_URL: databaseUrlOf(handle)!, LOG_LEVEL: "warn", MAIL_DIR: "/tmp/lockstep-fault-mail" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stderr.on("data", (d: Buffer) => (output += d.toString().slice(0, 2000)));
      child.stdout.on("data", (d: Buffer) => (output += d.toString().split("\n").map((l) => l.slice(0, 400)).join("\n")));
      let exited: number | null | undefined;
      child.on("exit", (code) => (exited = code));
      try {
        // Cut every connection to the database (the worker's, its LISTEN, ours) ten times while it works.
        for (let i = 0; i < 10; i++) {
          await new Promise((r) => setTimeout(r, 150 + 50 * (i % 3)));
          await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
        }
        const deadline = Date.now() + 45_000;
        for (const gameId of games) {
          for (;;) {
            const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(phases.turn).catch(() => []);
            if (rows.map((p) => `${p.turn}:${p.status}`).join(",") === "1:resolved,2:open") break;
            if (Date.now() > deadline || exited !== undefined) {
              const queue = await admin`select id, status, attempts, run_at, locked_by, locked_at, now() as now, left(last_error, 300) as e from jobs order by id`;
              const activity = await admin`select pid, state, left(query, 120) as q, xact_start from pg_stat_activity where datname = current_database()`;
              throw new Error(`game ${gameId} did not resolve (worker exit: ${exited}): ${rows.map((p) => `${p.turn}:${p.status}`).join(",")}\n${JSON.stringify(queue)}\n${JSON.stringify(activity)}\n${output.slice(-4000)}`);
            }
            await new Promise((r) => setTimeout(r, 200));
          }
        }
        expect(exited).toBeUndefined(); // still running
      } finally {
        child.kill("SIGTERM");
        await new Promise((r) => (exited !== undefined ? r(null) : child.on("exit", r)));
      }
    });
  });
}
