// The sign-in email (magic link). Through nodemailer when SMTP_URL is set; otherwise into the dev
// mailbox table (read at /dev/mailbox) and the server log, so a fresh machine needs no mail server.
import { createTransport, type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { devMailbox } from "../../db/schema";
import { smtpUrlWithTimeouts } from "../services/mailer";

export interface SignInMailDeps {
  /** Where the message goes when there is no SMTP server. */
  db: Db;
  smtpUrl?: string;
  /** The dev mailbox may take mail (development, or DEV_MAILBOX=1); otherwise without SMTP nothing is sent. */
  devMailbox?: boolean;
  from: string;
  /** Makes the nodemailer transport; tests inject a jsonTransport. */
  transport?: (smtpUrl: string) => Transporter;
  log?: (line: string) => void;
}

export interface SignInMail {
  to: string;
  url: string;
}

export function signInMessage({ to, url }: SignInMail) {
  const subject = "Sign in to Lockstep";
  const text = `Sign in to Lockstep with this link:\n\n${url}\n\nIt works once and expires in 24 hours. If you did not ask for it, ignore this email.\n`;
  const href = escapeHtml(url);
  const html =
    `<p>Sign in to Lockstep with this link:</p>` +
    `<p><a href="${href}" style="font-weight:bold">Sign in to Lockstep</a></p>` +
    `<p style="color:#555">It works once and expires in 24 hours. If you did not ask for it, ignore this email.</p>`;
  return { to, subject, text, html };
}

export async function sendSignInMail(deps: SignInMailDeps, mail: SignInMail): Promise<void> {
  const message = signInMessage(mail);
  if (deps.smtpUrl) {
    // With timeouts: a mail server that never answers must not hold the sign-in request.
    const transport = (deps.transport ?? createTransport)(smtpUrlWithTimeouts(deps.smtpUrl));
    const result = await transport.sendMail({ ...message, from: deps.from });
    const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
    if (failed.length) throw new Error(`The sign-in email to ${failed.join(", ")} could not be sent`);
    return;
  }
  // In production without SMTP, a sign-in link must never land where others can read it.
  if (deps.devMailbox === false) throw new Error("No mail server is configured (set SMTP_URL): the sign-in email cannot be sent");
  await deps.db.insert(devMailbox).values({ to: message.to, subject: message.subject, text: message.text, url: mail.url });
  (deps.log ?? console.log)(`[dev mailbox] sign-in link for ${message.to}: ${mail.url}`);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
