// The fast path of "who is signed in": one indexed query on the session cookie's row, for the
// common case of a live session refreshed within the last day. next-auth's own auth() also
// derives a CSRF token (a SHA-256 per request), builds a Request and a Response, and re-sends the
// cookie: it measured as the largest cost of a request to orders.save. Every other case (no such
// session, an expired one, one due for its daily refresh of the expiry) goes to next-auth, so
// sign-out, expiry and refresh behave exactly as next-auth makes them. A session read here is then
// trusted for a few seconds (SESSION_TRUST_MS) without asking the database again.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";
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
const sessionLookup = oncePerDb(prepareLookup);
function prepareLookup(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, expires: sessions.expires })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sessionToken, sql.placeholder("token")))
    .prepare("session_user");
}

export interface CookieUser {
  id: string;
  email: string;
  name: string | null;
}

/**
 * How long a process trusts a session it has read. A save or a page asks "who is this" at every
 * request, and the same few players ask again within seconds; a session signed out here is forgotten
 * at once (forgetSession, from the adapter's deleteSession), but one ended by another app process
 * (its sign-out) or by the database directly still opens this process's requests for at most this long.
 */
export const SESSION_TRUST_MS = 5_000;
const TRUSTED_LIMIT = 10_000;

type Trusted = Map<string, { user: CookieUser; until: number }>;
/**
 * Sessions read lately, per database: the user, and until when (epoch ms) the process trusts it.
 * On globalThis: the tRPC API is a Pages Router route, bundled apart from the App Router's pages and
 * the sign-out route, each with its own copy of this module; a sign-out must reach the API's copy.
 */
const TRUSTED_KEY = Symbol.for("lockstep.trustedSessions");
const trusted: WeakMap<Db, Trusted> = ((globalThis as { [TRUSTED_KEY]?: WeakMap<Db, Trusted> })[TRUSTED_KEY] ??= new WeakMap());

function trustedOf(db: Db): Trusted {
  let map = trusted.get(db);
  if (!map) trusted.set(db, (map = new Map()));
  return map;
}

/** A session ended in this process (sign-out): no longer trusted here, from now. */
export function forgetSession(db: Db, token: string): void {
  trusted.get(db)?.delete(token);
}

/** A cookie's value by name; undefined when the request has none. */
export type CookieRead = (name: string) => string | undefined;

/**
 * The cookies of a `Cookie` request header, read without next/headers (an API route's request), as
 * next/headers reads them: pairs split at "; ", the last of a repeated name wins, a value that does
 * not URI-decode is skipped, a bare name reads "true".
 */
export function cookieHeaderReader(header: string | null | undefined): CookieRead {
  return (name) => {
    if (!header) return undefined;
    let found: string | undefined;
    for (const pair of header.split(/; */)) {
      const eq = pair.indexOf("=");
      if (eq < 0) {
        if (pair === name) found = "true"; // a bare name, as next/headers reads it
        continue;
      }
      if (pair.slice(0, eq) !== name) continue;
      try {
        found = decodeURIComponent(pair.slice(eq + 1));
      } catch {
        // skipped, as next/headers skips it
      }
    }
    return found;
  };
}

/** The request's cookies through next/headers (server components, App Router routes). */
async function requestCookies(): Promise<CookieRead> {
  const jar = await cookies();
  return (name) => jar.get(name)?.value;
}

/**
 * The signed-in user; null when there is no session cookie; undefined: ask next-auth. The cookies are
 * the request's through next/headers unless `read` is given (an API route passes its request's).
 */
export async function userFromSessionCookie(read?: CookieRead): Promise<CookieUser | null | undefined> {
  const cookie = read ?? (await requestCookies());
  const token = cookie(COOKIE_NAMES[0]!) || cookie(COOKIE_NAMES[1]!);
  if (!token) return null;
  let row: { id: string; email: string | null; name: string | null; expires: Date } | undefined;
  let known: Trusted;
  try {
    const { db } = (await getRuntime()).handle;
    known = trustedOf(db);
    const hit = known.get(token);
    if (hit && hit.until > Date.now()) return hit.user;
    [row] = await sessionLookup(db).execute({ token });
  } catch (error) {
    // A failing database is a "try again" (503), never "signed out".
    throw new DatabaseUnavailableError(error);
  }
  const now = Date.now();
  if (!row || !row.email || row.expires.getTime() <= now) return undefined; // next-auth clears it
  const refreshAt = row.expires.getTime() - MAX_AGE_MS + UPDATE_AGE_MS;
  if (refreshAt <= now) return undefined; // next-auth refreshes it
  const user = { id: row.id, email: row.email, name: row.name };
  if (known.size >= TRUSTED_LIMIT) known.clear();
  // Never past the moment next-auth would refresh (or end) the session.
  known.set(token, { user, until: Math.min(now + SESSION_TRUST_MS, refreshAt) });
  return user;
}
