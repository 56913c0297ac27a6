// The sign-in email (magic link). Through nodemailer when SMTP_URL is set; otherwise, in development,
// into the dev mailbox table (read at /dev/mailbox) and the server log, so a fresh machine needs no
// mail server; in production without SMTP, a JSON file in MAIL_DIR on the server's disk, like
// notification mail: readable by the operator (and the browser tests), never by a visitor.
import { createTransport, type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { devMailbox } from "../../db/schema";
import { createMailer, smtpUrlWithTimeouts } from "../services/mailer";

export interface SignInMailDeps {
  /** Where the message goes when there is no SMTP server. */
  db: Db;
  smtpUrl?: string;
  /** The dev mailbox may take mail (development only). */
  devMailbox?: boolean;
  /** Without SMTP and without the dev mailbox, the message is written here as a JSON file. */
  mailDir?: string;
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
  // In production without SMTP, a sign-in link must never land where others can read it: not in the
  // mailbox table, not in the log; only in a file on the server.
  if (deps.devMailbox === false) {
    if (!deps.mailDir) throw new Error("No mail server is configured (set SMTP_URL): the sign-in email cannot be sent");
    await createMailer({ dir: deps.mailDir, from: deps.from })(message);
    (deps.log ?? console.log)(`[mail] no SMTP_URL: the sign-in email was written to ${deps.mailDir}`);
    return;
  }
  await deps.db.insert(devMailbox).values({ to: message.to, subject: message.subject, text: message.text, url: mail.url });
  (deps.log ?? console.log)(`[dev mailbox] sign-in link for ${message.to}: ${mail.url}`);
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
