// Before a sign-in email goes out: a real address, at most SIGN_IN_PER_ADDRESS links per address and
// SIGN_IN_PER_CLIENT per client address (the issue: 50 requests for one address sent 50 mails).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { SIGN_IN_PER_ADDRESS, SIGN_IN_PER_CLIENT, checkSignInRequest, clientAddress } from "../../server/auth/sign-in-guard";
import { PEER_HEADER } from "../../server/http/peer-address";
import { parseTrustedProxies } from "../../server/http/trusted-proxies";
import { testDb } from "../support/db";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("checkSignInRequest", () => {
  it("refuses what is not an address with 400, counting nothing", async () => {
    for (const bad of ["", "   ", "not-an-address", "a@", "@b.c", "a b@c.d", `${"a".repeat(250)}@example.com`, undefined, 42, ["a@b.c"]]) {
      const check = await checkSignInRequest(handle.db, bad, "10.0.0.1");
      expect(check).toMatchObject({ ok: false, status: 400 });
    }
    expect(await handle.db.select().from(rateLimits)).toHaveLength(0);
  });

  it("allows the per-address limit of links, then answers 429 with a time to wait", async () => {
    const results = [];
    for (let i = 0; i < SIGN_IN_PER_ADDRESS.max + 3; i++) results.push(await checkSignInRequest(handle.db, " Ann@Example.com ", `10.0.1.${i}`));
    expect(results.filter((r) => r.ok)).toHaveLength(SIGN_IN_PER_ADDRESS.max);
    expect(results[0]).toEqual({ ok: true, email: "Ann@Example.com" });
    const refused = results.at(-1)!;
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (!refused.ok) {
      expect(refused.message).toMatch(/^Too many sign-in links were asked for this address\. Try again in (a minute|\d+ minutes)\.$/);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    }
    // The same address in other letters is the same address.
    expect(await checkSignInRequest(handle.db, "ANN@example.COM", "10.0.2.1")).toMatchObject({ ok: false, status: 429 });
  });

  it("allows the per-client limit across many addresses, then refuses the client", async () => {
    const results = [];
    for (let i = 0; i < SIGN_IN_PER_CLIENT.max + 2; i++) results.push(await checkSignInRequest(handle.db, `spray-${i}@example.com`, "192.0.2.7"));
    expect(results.filter((r) => r.ok)).toHaveLength(SIGN_IN_PER_CLIENT.max);
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429, message: expect.stringContaining("from your network") });
    expect(await checkSignInRequest(handle.db, "someone-else@example.com", "192.0.2.8")).toMatchObject({ ok: true });
  });
});

describe("checkSignInRequest with the database connection lost", () => {
  it("answers 503 with a time to retry instead of throwing (a 500)", async () => {
    const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const db = new Proxy({}, { get: () => () => { throw lost; } }) as unknown as DbHandle["db"];
    expect(await checkSignInRequest(db, "someone@example.com", "192.0.2.9")).toMatchObject({ ok: false, status: 503, retryAfterSeconds: expect.any(Number) });
    const bug = new Proxy({}, { get: () => () => { throw new TypeError("a bug"); } }) as unknown as DbHandle["db"];
    await expect(checkSignInRequest(bug, "someone@example.com", "192.0.2.9")).rejects.toThrow("a bug");
  });
});

describe("clientAddress", () => {
  const none = parseTrustedProxies("none");
  const loopback = parseTrustedProxies("loopback");
  const peer = (address: string, forwarded?: string) =>
    new Headers({ [PEER_HEADER]: address, ...(forwarded === undefined ? {} : { "x-forwarded-for": forwarded }) });

  it("ignores X-Forwarded-For from a client that is no trusted proxy (issue 20: forged values made fresh counters)", () => {
    for (const forged of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "1.1.1.1, 203.0.113.4", "", "garbage"]) {
      expect(clientAddress(peer("198.51.100.7", forged), none)).toBe("198.51.100.7");
      expect(clientAddress(peer("198.51.100.7", forged), loopback)).toBe("198.51.100.7");
    }
  });

  it("behind a trusted proxy takes the nearest hop the proxies did not add", () => {
    expect(clientAddress(peer("127.0.0.1", "203.0.113.9"), loopback)).toBe("203.0.113.9");
    expect(clientAddress(peer("::ffff:127.0.0.1", "6.6.6.6, 203.0.113.9"), loopback)).toBe("203.0.113.9");
    const twoProxies = parseTrustedProxies("10.0.0.0/8, 192.0.2.10");
    expect(clientAddress(peer("192.0.2.10", "6.6.6.6, 203.0.113.9, 10.1.2.3"), twoProxies)).toBe("203.0.113.9");
    expect(clientAddress(peer("127.0.0.1"), loopback)).toBe("127.0.0.1");
    expect(clientAddress(peer("127.0.0.1", "6.6.6.6"), none)).toBe("127.0.0.1");
  });

  it("without the socket's address every request shares one counter", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }), loopback)).toBe("unknown");
    expect(clientAddress(new Headers(), loopback)).toBe("unknown");
  });
});
