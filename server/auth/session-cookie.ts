// The fast path of "who is signed in": one indexed query on the session cookie's row, for the
// common case of a live session refreshed within the last day. next-auth's own auth() also
// derives a CSRF token (a SHA-256 per request), builds a Request and a Response, and re-sends the
// cookie: it measured as the largest cost of a request to orders.save. Every other case (no such
// session, an expired one, one due for its daily refresh of the expiry) goes to next-auth, so
// sign-out, expiry and refresh behave exactly as next-auth makes them.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cookies } from "next/headers";
import { sessions, users } from "../../db/schema";
import { getRuntime } from "../runtime";
import { DatabaseUnavailableError } from "./session-lookup";

/** next-auth's defaults, which authConfig keeps (session.maxAge and session.updateAge unset). */
const MAX_AGE_MS = 30 * 24 * 3600_000;
const UPDATE_AGE_MS = 24 * 3600_000;
/** The database session cookie over https and over plain http. */
const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"];

/**
 * The lookup, built once per database and sent as a named statement: every request runs it, so
 * drizzle does not rebuild its text and Postgres parses and plans it once per connection.
 */
const prepared = new WeakMap<Db, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, expires: sessions.expires })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sessionToken, sql.placeholder("token")))
    .prepare("session_user");
}
function sessionLookup(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareLookup(db)));
  return query;
}

export interface CookieUser {
  id: string;
  email: string;
  name: string | null;
}

/** The signed-in user; null when there is no session cookie; undefined: ask next-auth. */
export async function userFromSessionCookie(): Promise<CookieUser | null | undefined> {
  const jar = await cookies();
  const token = COOKIE_NAMES.map((name) => jar.get(name)?.value).find((v) => v);
  if (!token) return null;
  let row: { id: string; email: string | null; name: string | null; expires: Date } | undefined;
  try {
    const { db } = (await getRuntime()).handle;
    [row] = await sessionLookup(db).execute({ token });
  } catch (error) {
    // A failing database is a "try again" (503), never "signed out".
    throw new DatabaseUnavailableError(error);
  }
  const now = Date.now();
  if (!row || !row.email || row.expires.getTime() <= now) return undefined; // next-auth clears it
  if (row.expires.getTime() - MAX_AGE_MS + UPDATE_AGE_MS <= now) return undefined; // next-auth refreshes it
  return { id: row.id, email: row.email, name: row.name };
}
