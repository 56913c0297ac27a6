// The database handle: PGlite (real Postgres in-process, the default) or a Postgres server through
// postgres.js when DATABASE_URL is set. Both are used through the same drizzle API.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  kind: "pglite" | "postgres";
  db: Db;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
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
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzle(client, { schema }) as unknown as Db;
    if (options.migrate) {
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
    }
    return {
      kind: "postgres",
      db,
      async listen(channel, onMessage) {
        const sub = await client.listen(channel, onMessage);
        return () => sub.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
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
