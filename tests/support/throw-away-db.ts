// A throw-away database on a Postgres server, migrated, dropped again by `drop`: a test file's own
// (db.ts) or a load test's (scripts/loadtest/cluster.ts, scripts/event-cpu.ts). A test run migrates
// one template (global-setup.ts) and each file copies it.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "../../db/client";

/** A new database on the server, empty or copied from `template` (which nobody may be connected to). */
export async function createDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A migrated database with every connection to it closed again, ready to be copied. */
export async function migratedTemplate(serverUrl: string, prefix: string): Promise<string> {
  const { name, url } = await createDatabase(serverUrl, prefix);
  const handle = await createDb({ url, migrate: true });
  await handle.close();
  return name;
}

export async function throwAwayDatabase(
  serverUrl: string,
  prefix: string,
  /** A migrated template to copy; without one the new database is migrated here. */
  template?: string,
): Promise<{ url: string; handle: DbHandle; drop: () => Promise<void> }> {
  const { name, url } = await createDatabase(serverUrl, prefix, template);
  const handle = await createDb({ url, migrate: !template });
  const drop = async () => {
    await handle.close();
    await dropDatabase(serverUrl, name);
  };
  return { url, handle, drop };
}
