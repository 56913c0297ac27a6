// A fresh database for a test file: a clone of the migrated PGlite template, or, when DATABASE_URL is
// set, a new database on that Postgres server (dropped again on close).
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import postgres from "postgres";
import { createDb, type DbHandle } from "../../db/client";

export const onPostgres = Boolean(process.env.DATABASE_URL);

export async function testDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject("pgliteTemplate"));
    return createDb({ loadDataDir: new Blob([template]) });
  }
  const name = `lockstep_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await createDb({ url: dbUrl.toString(), migrate: true });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The URL of a fresh database for tests that need their own connections (real Postgres only). */
export function databaseUrlOf(handle: DbHandle): string | undefined {
  const client = (handle.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
  return client.options?.connectionString;
}
