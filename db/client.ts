// The database handle: PGlite (real Postgres in-process, the default) or a Postgres server through
// node-postgres (pg) when DATABASE_URL is set. Both are used through the same drizzle API.
// Why pg and not postgres.js for servers: a backend terminated mid-transaction crashed the process
// inside postgres.js 3.4.9 and could run a dead transaction's statements on its replacement connection
// (tests/services/dropped-connection.test.ts; README "Choices of parts").
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  kind: "pglite" | "postgres";
  db: Db;
  /**
   * LISTEN on a channel; returns a function that stops listening. `onReconnect` runs after a dropped
   * listening connection is back (notifications sent meanwhile are lost: re-read what matters).
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Postgres server only: the backend pid of the LISTEN connection (fault tests terminate it). */
  listenerPid?(): number | undefined;
}

const MIGRATIONS = join(process.cwd(), "drizzle");

export interface DbOptions {
  /** Postgres server URL; without it, PGlite. */
  url?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dir?: string;
  /** A PGlite data-directory dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob;
  migrate?: boolean;
}

export async function createDb(options: DbOptions): Promise<DbHandle> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { createListener } = await import("./pg-listener");
    const log = (message: string, error?: unknown) => console.warn(`[db] ${message}:`, error instanceof Error ? error.message : error);
    // A connection cut while it is being opened must not leave its caller waiting forever.
    const pool = new pg.Pool({ connectionString: options.url, max: Number(process.env.DB_POOL_MAX ?? 10), connectionTimeoutMillis: 5000, keepAlive: true });
    // A backend that dies while its client is idle (in the pool, or idle in a transaction) emits 'error';
    // unheard, that would end the process. The query in hand fails; pg never reuses a broken client.
    pool.on("error", (error) => log("idle connection lost", error));
    pool.on("connect", (client) => client.on("error", (error) => log("connection lost", error)));
    const db = drizzle(pool, { schema }) as unknown as Db;
    (await import("./pg-transaction")).guardTransactions(db);
    if (options.migrate) {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS });
    }
    const listener = createListener(options.url, log);
    return {
      kind: "postgres",
      db,
      listen: (channel, onMessage, onReconnect) => listener.listen(channel, { onMessage, onReconnect }),
      listenerPid: () => listener.pid(),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.dir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : { dataDir: dir });
  const db = drizzle(pg, { schema }) as unknown as Db;
  if (options.migrate) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(drizzle(pg, { schema }), { migrationsFolder: MIGRATIONS });
  }
  return {
    kind: "pglite",
    db,
    async listen(channel, onMessage) {
      const stop = await pg.listen(channel, onMessage);
      return () => stop();
    },
    close: () => pg.close(),
  };
}
