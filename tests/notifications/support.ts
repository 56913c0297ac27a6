// Shared by the notification tests: dispatcher deps that write mail to a temporary directory, the
// mail read back from it, and a second database handle for "two dispatchers at once".
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type DbHandle } from "../../db/client";
import type { DispatchDeps } from "../../server/services/dispatch";
import { createMailer } from "../../server/services/mailer";
import { databaseUrlOf } from "../support/db";

export const BASE_URL = "https://lockstep.test";

export function mailDeps(workerId: string, dir = mkdtempSync(join(tmpdir(), "lockstep-mail-"))): DispatchDeps & { dir: string } {
  return { workerId, dir, sendMail: createMailer({ dir, from: "Lockstep <lockstep@test>" }), push: { subject: "mailto:test@lockstep.test" }, baseUrl: BASE_URL };
}

export interface StoredMail {
  to: { address: string }[];
  from: { address: string };
  subject: string;
  text: string;
  html: string;
}

/** Every mail the file transport wrote to `dir`, oldest first. */
export function mailsIn(dir: string): StoredMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as StoredMail);
}

/** Another handle on the same database: its own pool on Postgres; PGlite has one connection, so the same one. */
export async function secondHandle(handle: DbHandle): Promise<{ other: DbHandle; close: () => Promise<void> }> {
  const url = databaseUrlOf(handle);
  if (!url) return { other: handle, close: async () => {} };
  const other = await createDb({ url });
  return { other, close: () => other.close() };
}
