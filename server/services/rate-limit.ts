// Rate limits kept in Postgres, so they hold across app processes (and on PGlite in one process):
// fixed windows counted by one atomic upsert per attempt. A limit is a name, a count and a window;
// the subject (an address, a client) is stored only as a hash. Reusable by any service:
//   const verdict = await hitRateLimit(db, SIGN_IN_PER_ADDRESS, email);
//   if (!verdict.allowed) refuse(`try again in ${verdict.retryAfterSeconds} s`);
import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

export interface RateLimit {
  /** Names the counter, e.g. "sign-in:address". */
  name: string;
  /** Attempts allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Attempts counted in this window, this one included. */
  count: number;
  /** Seconds until the window ends (when a refused attempt may try again). */
  retryAfterSeconds: number;
}

function counterKey(limit: RateLimit, subject: string): string {
  return `${limit.name}:${createHash("sha256").update(subject).digest("base64url")}`;
}

/** Counts one attempt of `subject` against `limit` and says whether it is within the limit. */
export async function hitRateLimit(db: Db, limit: RateLimit, subject: string, now: Date = new Date()): Promise<RateVerdict> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: counterKey(limit, subject), windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  // Finished windows count for nothing; dropping them keeps the table as small as the live windows.
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
  const count = row!.count;
  return { allowed: count <= limit.max, count, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)) };
}

/** Counts one attempt against every limit (each counts even when another refuses); the first refusal wins. */
export async function hitRateLimits(db: Db, checks: ReadonlyArray<{ limit: RateLimit; subject: string }>, now: Date = new Date()) {
  const verdicts = [];
  for (const { limit, subject } of checks) verdicts.push({ limit, ...(await hitRateLimit(db, limit, subject, now)) });
  return verdicts.find((v) => !v.allowed) ?? null;
}
