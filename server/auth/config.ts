// next-auth (v5) configuration: email magic links, database sessions through the drizzle adapter.
// Built per call from the runtime, so importing this module (or building the app) opens no database.
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { NextAuthConfig } from "next-auth";
import Nodemailer from "next-auth/providers/nodemailer";
import { accounts, sessions, users, verificationTokens } from "../../db/schema";
import { devMailboxEnabled, env } from "../env";
import { getRuntime } from "../runtime";
import { sendSignInMail } from "./mail";
import { resolveAuthSecret } from "./secret";
import { failureNotingAdapter } from "./session-lookup";

let secret: string | undefined;

export async function authConfig(): Promise<NextAuthConfig> {
  const e = env();
  secret ??= resolveAuthSecret({ secret: e.AUTH_SECRET, nodeEnv: e.NODE_ENV });
  const { db } = (await getRuntime()).handle;
  return {
    secret,
    trustHost: true,
    adapter: failureNotingAdapter(
      DrizzleAdapter(db, {
        usersTable: users,
        accountsTable: accounts,
        sessionsTable: sessions,
        verificationTokensTable: verificationTokens,
      }),
    ),
    session: { strategy: "database" },
    providers: [
      Nodemailer({
        // The provider insists on a server; ours is only used when SMTP_URL is set.
        server: e.SMTP_URL ?? { jsonTransport: true },
        from: e.EMAIL_FROM,
        sendVerificationRequest: ({ identifier, url }) =>
          sendSignInMail({ db, smtpUrl: e.SMTP_URL, devMailbox: devMailboxEnabled(), from: e.EMAIL_FROM }, { to: identifier, url }),
      }),
    ],
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin/error" },
    callbacks: {
      // Database sessions: put the user's id on the session so server code knows who is asking.
      session({ session, user }) {
        return { ...session, user: { ...session.user, id: user.id } };
      },
    },
  };
}
