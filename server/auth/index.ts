// Sign-in for the app: next-auth's handlers and helpers, and who the current user is.
import NextAuth from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { authConfig } from "./config";
import { cookieHeaderReader, userFromSessionCookie, type CookieRead } from "./session-cookie";
import { lookupSession } from "./session-lookup";

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/** A session as next-auth reads it, through either of its call forms. */
type AuthSession = { user?: { id?: string; email?: string | null; name?: string | null } } | null;

/**
 * The signed-in user, or null: the common case (a live session refreshed within the day) in one query
 * from the session cookie, the rest through next-auth. A database failure during the read throws
 * DatabaseUnavailableError (a "try again"), never a sign-out.
 */
async function readUser(cookie: CookieRead | undefined, throughNextAuth: () => Promise<AuthSession>): Promise<SessionUser | null> {
  const fast = await userFromSessionCookie(cookie);
  if (fast !== undefined) return fast;
  const user = (await lookupSession(throughNextAuth))?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? null };
}

/** The signed-in user of a server component or an App Router route (next/headers), read once per request however many components ask. */
export const getSessionUser = cache((): Promise<SessionUser | null> => readUser(undefined, () => auth()));

/** next-auth's form for API routes: (request, response), headers read from the first, cookies appended to the second's. */
const authOfRequest = auth as unknown as (req: { headers: Headers }, res: { headers: Headers }) => Promise<AuthSession>;

/**
 * The signed-in user of an API request, from its own headers: the tRPC API is a Pages Router route,
 * where next/headers has no request. Cookies next-auth would set on the way (a refreshed expiry, its
 * CSRF and callback cookies) are dropped, as a server component's or an App Router route's call of
 * auth() never sent them.
 */
export function sessionUserOfRequest(headers: Headers): Promise<SessionUser | null> {
  return readUser(cookieHeaderReader(headers.get("cookie")), () => authOfRequest({ headers }, { headers: new Headers() }));
}

/** For protected pages: the signed-in user, or a redirect to sign in and come back to `callbackPath`. */
export async function requireUser(callbackPath: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?${new URLSearchParams({ callbackUrl: callbackPath })}`);
  return user;
}
