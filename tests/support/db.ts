// A fresh database for a test file: a clone of the migrated PGlite template, or, when DATABASE_URL is
// set, a copy of the migrated template on that Postgres server (dropped again on close).
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { throwAwayDatabase } from "./throw-away-db";

export const onPostgres = Boolean(process.env.DATABASE_URL);

export async function testDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject("pgliteTemplate"));
    return createDb({ loadDataDir: new Blob([template]) });
  }
  const { handle, drop } = await throwAwayDatabase(url, "lockstep_test", inject("postgresTemplate"));
  return { ...handle, close: drop };
}

/** The URL of a fresh database for tests that need their own connections (real Postgres only). */
export function databaseUrlOf(handle: DbHandle): string | undefined {
  const client = (handle.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
  return client.options?.connectionString;
}
