// A throw-away database on a Postgres server, migrated, dropped again by `drop`: a test file's own
// (db.ts) or a load test's (scripts/loadtest/cluster.ts, scripts/event-cpu.ts).
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "../../db/client";

export async function throwAwayDatabase(serverUrl: string, prefix: string): Promise<{ url: string; handle: DbHandle; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), migrate: true });
  const drop = async () => {
    await handle.close();
    const again = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await again.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await again.end();
    }
  };
  return { url: url.toString(), handle, drop };
}
