// Sign-in for the app: next-auth's handlers and helpers, and who the current user is.
import NextAuth from "next-auth";
import { redirect } from "next/navigation";
import { cache } from "react";
import { authConfig } from "./config";
import { cookieHeaderReader, userFromSessionCookie } from "./session-cookie";
import { lookupSession } from "./session-lookup";

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/**
 * The signed-in user, or null. Read once per request however many components ask. A database failure
 * during the read throws DatabaseUnavailableError (a "try again"), never a sign-out.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  // The common case (a live session refreshed within the day) in one query; the rest through next-auth.
  const fast = await userFromSessionCookie();
  if (fast !== undefined) return fast;
  const session = await lookupSession(() => auth());
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? null };
});

/**
 * The signed-in user of an API request, from its own headers: the tRPC API is a Pages Router route,
 * where next/headers has no request. The same two paths as getSessionUser. Cookies next-auth would
 * set on the way (a refreshed expiry, its CSRF and callback cookies) are not sent, as a server
 * component's or an App Router route's call of auth() never sent them.
 */
export async function sessionUserOfRequest(headers: Headers): Promise<SessionUser | null> {
  const fast = await userFromSessionCookie(cookieHeaderReader(headers.get("cookie")));
  if (fast !== undefined) return fast;
  // next-auth's form for API routes: (request, response), headers read from the first, cookies
  // appended to the second's headers (here dropped).
  const readSession = auth as unknown as (req: { headers: Headers }, res: { headers: Headers }) => Promise<{ user?: { id?: string; email?: string | null; name?: string | null } } | null>;
  const session = await lookupSession(() => readSession({ headers }, { headers: new Headers() }));
  const user = session?.user;
  if (!user?.id || !user.email) return null;
  return { id: user.id, email: user.email, name: user.name ?? null };
}

/** For protected pages: the signed-in user, or a redirect to sign in and come back to `callbackPath`. */
export async function requireUser(callbackPath: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(`/signin?${new URLSearchParams({ callbackUrl: callbackPath })}`);
  return user;
}
