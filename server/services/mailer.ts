// Notification email through nodemailer: SMTP when SMTP_URL is set; otherwise each mail is written as
// a JSON file (nodemailer's jsonTransport: from, to, subject, text, html) under ./.data/mail/, so a
// developer can read it and tests can check it.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/** An SMTP server that has not connected, greeted or answered within this long is given up on. */
export const SMTP_TIMEOUT_MS = 15_000;

/**
 * The SMTP URL with nodemailer's timeouts added (its defaults are 2 and 10 minutes, long enough to
 * hold a delivery loop); timeouts already in the URL's query win.
 */
export function smtpUrlWithTimeouts(smtpUrl: string, timeoutMs = SMTP_TIMEOUT_MS): string {
  const url = new URL(smtpUrl);
  for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout", "dnsTimeout"])
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(timeoutMs));
  return url.toString();
}

export function createMailer(options: { smtpUrl?: string; dir?: string; from: string; timeoutMs?: number }): SendMail {
  if (options.smtpUrl) {
    const transport = createTransport(smtpUrlWithTimeouts(options.smtpUrl, options.timeoutMs));
    return async (mail) => {
      const result = await transport.sendMail({ ...mail, from: options.from });
      const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
      if (failed.length) throw new Error(`The mail to ${failed.join(", ")} was refused`);
    };
  }
  const transport = createTransport({ jsonTransport: true });
  const dir = options.dir ?? "./.data/mail";
  return async (mail) => {
    const info = await transport.sendMail({ ...mail, from: options.from });
    await mkdir(dir, { recursive: true });
    // Time first, so `ls` lists them in the order sent.
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}.json`;
    await writeFile(join(dir, name), String(info.message));
  };
}
