// The Postgres-backed rate limiter: counts per subject and window, refuses past the limit, starts
// again in the next window, and holds when attempts race (on Postgres: from separate connection pools,
// as separate app processes would).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { hitRateLimit, hitRateLimits } from "../../server/services/rate-limit";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const limit = { name: "test:a", max: 3, windowSeconds: 60 };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, 0) + s * 1000);

describe("hitRateLimit", () => {
  it("allows max attempts in a window, refuses the next, and starts again in the next window", async () => {
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await hitRateLimit(handle.db, limit, "ann@example.com", at(i)));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    expect(verdicts.map((v) => v.count)).toEqual([1, 2, 3, 4, 5]);
    expect(verdicts[4]!.retryAfterSeconds).toBe(56);
    // Another subject and another limit count apart.
    expect((await hitRateLimit(handle.db, limit, "bob@example.com", at(5))).allowed).toBe(true);
    expect((await hitRateLimit(handle.db, { ...limit, name: "test:b" }, "ann@example.com", at(5))).allowed).toBe(true);
    // The next window.
    expect(await hitRateLimit(handle.db, limit, "ann@example.com", at(61))).toMatchObject({ allowed: true, count: 1 });
  });

  it("keeps only hashes of subjects and drops finished windows", async () => {
    const rows = await handle.db.select().from(rateLimits);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).not.toContain("@");
    await hitRateLimit(handle.db, limit, "carl@example.com", at(3600));
    const left = await handle.db.select().from(rateLimits);
    expect(left.every((r) => r.expiresAt.getTime() >= at(3600).getTime())).toBe(true);
  });

  it("holds under racing attempts: exactly max of 20 get through", async () => {
    const racing = { name: "test:race", max: 5, windowSeconds: 600 };
    const url = databaseUrlOf(handle);
    const others = onPostgres && url ? await Promise.all([createDb({ url }), createDb({ url })]) : [];
    try {
      const dbs = [handle.db, ...others.map((o) => o.db)];
      const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => hitRateLimit(dbs[i % dbs.length]!, racing, "dora@example.com", at(7200))));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      expect(verdicts.map((v) => v.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    } finally {
      for (const o of others) await o.close();
    }
  });

  it("hitRateLimits counts against every limit and names the first that refuses", async () => {
    const one = { name: "test:one", max: 1, windowSeconds: 60 };
    const two = { name: "test:two", max: 10, windowSeconds: 60 };
    expect(await hitRateLimits(handle.db, [{ limit: one, subject: "x" }, { limit: two, subject: "y" }], at(9000))).toBeNull();
    const refused = await hitRateLimits(handle.db, [{ limit: one, subject: "x" }, { limit: two, subject: "y" }], at(9001));
    expect(refused).toMatchObject({ limit: one, allowed: false, count: 2 });
    expect((await hitRateLimit(handle.db, two, "y", at(9002))).count).toBe(3);
  });
});
