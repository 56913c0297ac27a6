// The fast session lookup answers only for a live session refreshed within the day; every other
// case is left to next-auth (undefined), so sign-out, expiry and the daily refresh stay next-auth's.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { sessions } from "../../db/schema";
import { testDb } from "../support/db";
import { makeUser } from "../support/world";

const jar = new Map<string, string>();
vi.mock("next/headers", () => ({ cookies: async () => ({ get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) }) }));
let handle: DbHandle;
vi.mock("../../server/runtime", () => ({ getRuntime: async () => ({ handle }) }));
const { userFromSessionCookie, SESSION_TRUST_MS, forgetSession, cookieHeaderReader } = await import("../../server/auth/session-cookie");

const DAY = 24 * 3600_000;

beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

async function session(token: string, expires: Date, cookie = "authjs.session-token") {
  const user = await makeUser(handle, `${token}@example.com`);
  await handle.db.insert(sessions).values({ sessionToken: token, userId: user.id, expires });
  jar.clear();
  jar.set(cookie, token);
  return user;
}

describe("userFromSessionCookie", () => {
  it("finds the user of a live session (30 days left: refreshed just now), over http and https", async () => {
    const user = await session("live", new Date(Date.now() + 30 * DAY - 60_000));
    expect(await userFromSessionCookie()).toEqual({ id: user.id, email: user.email, name: null });
    const secure = await session("secure", new Date(Date.now() + 29.5 * DAY), "__Secure-authjs.session-token");
    expect(await userFromSessionCookie()).toEqual({ id: secure.id, email: secure.email, name: null });
  });

  it("is signed out without a session cookie", async () => {
    jar.clear();
    expect(await userFromSessionCookie()).toBeNull();
  });

  it("leaves to next-auth an unknown token, a signed-out session, an expired one and one due for its daily refresh", async () => {
    jar.clear();
    jar.set("authjs.session-token", "nobody");
    expect(await userFromSessionCookie()).toBeUndefined();
    await session("gone", new Date(Date.now() + 30 * DAY - 60_000));
    await handle.db.delete(sessions).where(eq(sessions.sessionToken, "gone")); // signed out
    expect(await userFromSessionCookie()).toBeUndefined();
    await session("expired", new Date(Date.now() - 1000));
    expect(await userFromSessionCookie()).toBeUndefined();
    await session("stale", new Date(Date.now() + 29 * DAY - 60_000)); // last refreshed over a day ago
    expect(await userFromSessionCookie()).toBeUndefined();
  });
});

describe("the sessions a process trusts for a few seconds", () => {
  it("answers a session read within SESSION_TRUST_MS without the database, and reads it again after", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const user = await session("ended-elsewhere", new Date(Date.now() + 30 * DAY - 60_000));
      expect(await userFromSessionCookie()).toEqual({ id: user.id, email: user.email, name: null });
      // Signed out by another app process: this one does not hear of it, so it trusts what it read...
      await handle.db.delete(sessions).where(eq(sessions.sessionToken, "ended-elsewhere"));
      vi.setSystemTime(Date.now() + SESSION_TRUST_MS - 1);
      expect(await userFromSessionCookie()).toEqual({ id: user.id, email: user.email, name: null });
      // ...for at most SESSION_TRUST_MS.
      vi.setSystemTime(Date.now() + 1);
      expect(await userFromSessionCookie()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("never trusts a session past the moment next-auth would refresh it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Due for its daily refresh in one second: trusted for that second only, then left to next-auth.
      await session("refresh-soon", new Date(Date.now() + 29 * DAY + 1000));
      expect(await userFromSessionCookie()).toMatchObject({ email: "refresh-soon@example.com" });
      vi.setSystemTime(Date.now() + 1000);
      expect(await userFromSessionCookie()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets a session signed out in this process at once (the adapter's deleteSession)", async () => {
    const user = await session("signed-out-here", new Date(Date.now() + 30 * DAY - 60_000));
    expect(await userFromSessionCookie()).toEqual({ id: user.id, email: user.email, name: null });
    const { authConfig } = await import("../../server/auth/config");
    const { adapter } = await authConfig();
    await adapter!.deleteSession!("signed-out-here");
    expect(await userFromSessionCookie()).toBeUndefined();
    // The same for a token forgotten by hand, read again from the database (which still has it).
    await session("forgotten", new Date(Date.now() + 30 * DAY - 60_000));
    expect(await userFromSessionCookie()).toMatchObject({ email: "forgotten@example.com" });
    await handle.db.delete(sessions).where(eq(sessions.sessionToken, "forgotten"));
    forgetSession(handle.db, "forgotten");
    expect(await userFromSessionCookie()).toBeUndefined();
  });
});

describe("an API request's own cookies (the tRPC route has no next/headers)", () => {
  it("finds the user from the Cookie header, over http and https", async () => {
    const user = await session("from-header", new Date(Date.now() + 30 * DAY - 60_000));
    jar.clear(); // next/headers has nothing: the header alone names the session
    expect(await userFromSessionCookie(cookieHeaderReader("theme=dark; authjs.session-token=from-header; x=1"))).toEqual({ id: user.id, email: user.email, name: null });
    const secure = await session("from-header-secure", new Date(Date.now() + 30 * DAY - 60_000), "__Secure-authjs.session-token");
    jar.clear();
    expect(await userFromSessionCookie(cookieHeaderReader("__Secure-authjs.session-token=from-header-secure"))).toMatchObject({ id: secure.id });
    expect(await userFromSessionCookie(cookieHeaderReader(null))).toBeNull();
    expect(await userFromSessionCookie(cookieHeaderReader("other=1"))).toBeNull();
  });

  it("reads a Cookie header as next/headers reads it", async () => {
    const { RequestCookies } = await import("next/dist/compiled/@edge-runtime/cookies");
    const headers = [
      "a=1; b=2",
      "a=1;b=2;  c=3",
      "a=1; a=2",
      "a=%41%20b",
      "a=%E0%A4%A; b=ok",
      "a; b=",
      " a=1",
      "a==x=; b=2",
      "",
    ];
    for (const header of headers) {
      // Both read the header as a Headers object gives it (the route's request is one).
      const theirs = new RequestCookies(new Headers({ cookie: header }));
      const ours = cookieHeaderReader(new Headers({ cookie: header }).get("cookie"));
      for (const name of ["a", "b", "c", " a", "d"]) expect([header, name, ours(name)]).toEqual([header, name, theirs.get(name)?.value]);
    }
  });

  it("forgets a session signed out in another copy of this module (the API route is bundled apart)", async () => {
    const user = await session("two-copies", new Date(Date.now() + 30 * DAY - 60_000));
    expect(await userFromSessionCookie()).toEqual({ id: user.id, email: user.email, name: null });
    vi.resetModules();
    const other = await import("../../server/auth/session-cookie");
    expect(other.forgetSession).not.toBe(forgetSession);
    other.forgetSession(handle.db, "two-copies");
    await handle.db.delete(sessions).where(eq(sessions.sessionToken, "two-copies"));
    expect(await userFromSessionCookie()).toBeUndefined();
  });
});
