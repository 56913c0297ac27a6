// A throw-away database on the local Postgres server (loopback only), migrated, dropped again by `drop`.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createDb, type DbHandle } from "../../db/client";

export async function throwAwayDatabase(adminUrl: string): Promise<{ url: string; handle: DbHandle; drop: () => Promise<void> }> {
  const name = `lockstep_load_${randomBytes(5).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), migrate: true });
  const drop = async () => {
    await handle.close();
    const again = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await again.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await again.end();
  };
  return { url: url.toString(), handle, drop };
}
