// next-auth (v5) configuration: email magic links, database sessions through the drizzle adapter.
// Built per call from the runtime, so importing this module (or building the app) opens no database.
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { Adapter } from "@auth/core/adapters";
import type { NextAuthConfig } from "next-auth";
import type { Db } from "../../db/client";
import Nodemailer from "next-auth/providers/nodemailer";
import { accounts, sessions, users, verificationTokens } from "../../db/schema";
import { devMailboxEnabled, env } from "../env";
import { getRuntime } from "../runtime";
import { safeCallbackPath } from "./callback-url";
import { sendSignInMail } from "./mail";
import { pinAuthUrl } from "./origin";
import { resolveAuthSecret } from "./secret";
import { forgetSession } from "./session-cookie";
import { failureNotingAdapter } from "./session-lookup";

let secret: string | undefined;

/** A session signed out (or ended by next-auth) is no longer trusted by this process's fast lookup. */
function forgettingSignedOut(db: Db, adapter: Adapter): Adapter {
  const deleteSession = adapter.deleteSession;
  if (!deleteSession) return adapter;
  const forgetting = async (sessionToken: string) => {
    try {
      return await deleteSession.call(adapter, sessionToken);
    } finally {
      // After the delete: a request that read the row meanwhile may have trusted it again.
      forgetSession(db, sessionToken);
    }
  };
  return { ...adapter, deleteSession: forgetting as Adapter["deleteSession"] };
}

export async function authConfig(): Promise<NextAuthConfig> {
  const e = env();
  secret ??= resolveAuthSecret({ secret: e.AUTH_SECRET, nodeEnv: e.NODE_ENV });
  // Links and redirects are built on AUTH_URL (in development: the dev server's own address), never on
  // a request's Host or X-Forwarded-Host; with AUTH_URL set next-auth trusts that host alone.
  pinAuthUrl();
  const { db } = (await getRuntime()).handle;
  return {
    secret,
    adapter: forgettingSignedOut(
      db,
      failureNotingAdapter(
        DrizzleAdapter(db, {
          usersTable: users,
          accountsTable: accounts,
          sessionsTable: sessions,
          verificationTokensTable: verificationTokens,
        }),
      ),
    ),
    session: { strategy: "database" },
    providers: [
      Nodemailer({
        // The provider insists on a server; ours is only used when SMTP_URL is set.
        server: e.SMTP_URL ?? { jsonTransport: true },
        from: e.EMAIL_FROM,
        sendVerificationRequest: ({ identifier, url }) =>
          sendSignInMail(
            { db, smtpUrl: e.SMTP_URL, devMailbox: devMailboxEnabled(), mailDir: e.MAIL_DIR, from: e.EMAIL_FROM },
            { to: identifier, url },
          ),
      }),
    ],
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin/error" },
    callbacks: {
      // After signing in (or out) only a path on this site is followed, whatever callbackUrl said.
      redirect({ url, baseUrl }) {
        const path = url.startsWith(baseUrl) ? url.slice(baseUrl.length) || "/" : url;
        return `${baseUrl}${safeCallbackPath(path, "/")}`;
      },
      // Database sessions: put the user's id on the session so server code knows who is asking.
      session({ session, user }) {
        return { ...session, user: { ...session.user, id: user.id } };
      },
    },
  };
}
