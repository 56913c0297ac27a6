// A database error while the session is read is a retryable 503, never "Sign in to do this" (issue 15).
// Auth.js itself swallows the adapter's error and answers "no session"; the lookup must not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { accounts, sessions, users, verificationTokens } from "../../db/schema";
import type { DbHandle } from "../../db/client";
import { testDb } from "../support/db";
import { makeUser } from "../support/world";
import { EventEmitter } from "node:events";
import { Auth } from "@auth/core";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { contextFrom } from "../../server/api/context-from";
import { appRouter } from "../../server/api/root";
import { DatabaseUnavailableError, failureNotingAdapter, lookupSession } from "../../server/auth/session-lookup";
import type { Runtime } from "../../server/runtime";

let handle: DbHandle;
let broken: DbHandle;
let token: string;
beforeAll(async () => {
  handle = await testDb();
  const user = await makeUser(handle, "session-lookup@example.com");
  token = `token-${Math.random()}`;
  await handle.db.insert(sessions).values({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 86_400_000) });
  broken = await testDb();
  await broken.close(); // every query on it fails, as on a database that is down
});
afterAll(async () => {
  await handle.close();
});

const adapterOf = (h: DbHandle) => DrizzleAdapter(h.db, { usersTable: users, accountsTable: accounts, sessionsTable: sessions, verificationTokensTable: verificationTokens });

/** The session endpoint of Auth.js with a session cookie: what `auth()` does per request. */
async function readSession(h: DbHandle, sessionToken = token) {
  const request = new Request("http://localhost/api/auth/session", { headers: { cookie: `authjs.session-token=${sessionToken}` } });
  const config = { basePath: "/api/auth", secret: "s".repeat(40), trustHost: true, adapter: failureNotingAdapter(adapterOf(h)), session: { strategy: "database" as const }, providers: [] };
  return (await Auth(request, config)).json() as Promise<{ user?: { email?: string } } | null>;
}

describe("the session lookup", () => {
  it("throws DatabaseUnavailableError when the database fails, where Auth.js alone answers 'no session'", async () => {
    expect(await readSession(broken)).toBeNull(); // the defect: a failing database reads as signed out
    await expect(lookupSession(() => readSession(broken))).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it("answers the user of a live session, and null for a session that is really gone", async () => {
    expect((await lookupSession(() => readSession(handle)))?.user?.email).toBe("session-lookup@example.com");
    expect(await lookupSession(() => readSession(handle, "no-such-token"))).toBeNull();
  });

  it("a failed lookup reaches the client as HTTP 503 SERVICE_UNAVAILABLE, not 401", async () => {
    const runtime = { handle: { db: {} }, bus: new EventEmitter() } as unknown as Runtime;
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request("http://localhost/api/trpc/notifications.unread"),
      router: appRouter,
      createContext: () => contextFrom(async () => runtime, () => lookupSession(() => readSession(broken)).then(() => null)),
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { data: { code: string }; message: string } };
    expect(body.error.data.code).toBe("SERVICE_UNAVAILABLE");
    expect(body.error.message).toMatch(/try again/);
  });

  it("a database that cannot be opened is a 503 too", async () => {
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      req: new Request("http://localhost/api/trpc/notifications.unread"),
      router: appRouter,
      createContext: () => contextFrom(() => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")), async () => null),
    });
    expect(response.status).toBe(503);
  });
});
