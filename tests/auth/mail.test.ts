// The sign-in email: into the dev mailbox without SMTP, through nodemailer with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTransport } from "nodemailer";
import { createDb, type DbHandle } from "../../db/client";
import { devMailbox } from "../../db/schema";
import { sendSignInMail } from "../../server/auth/mail";

const url = "http://localhost:3123/api/auth/callback/nodemailer?callbackUrl=%2Flobby&token=abc&email=ann%40example.com";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dir: "memory://", migrate: true });
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("sendSignInMail", () => {
  it("without SMTP_URL, writes the message to the dev mailbox and logs the link", async () => {
    const logged: string[] = [];
    await sendSignInMail({ db: handle.db, from: "Lockstep <x@localhost>", log: (l) => logged.push(l) }, { to: "ann@example.com", url });

    const rows = await handle.db.select().from(devMailbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: "ann@example.com", subject: "Sign in to Lockstep", url });
    expect(rows[0]!.text).toContain(url);
    expect(logged).toEqual([`[dev mailbox] sign-in link for ann@example.com: ${url}`]);
  });

  it("with SMTP_URL, sends through nodemailer and leaves the dev mailbox alone", async () => {
    const before = await handle.db.select().from(devMailbox);
    const sent: Array<{ envelope: unknown; message: string }> = [];
    const usedUrls: string[] = [];
    const transport = (smtpUrl: string) => {
      usedUrls.push(smtpUrl);
      const t = createTransport({ jsonTransport: true });
      const send = t.sendMail.bind(t);
      // Keep what nodemailer produced so the test can read the message.
      t.sendMail = (async (mail: Parameters<typeof send>[0]) => {
        const info = await send(mail);
        sent.push(info);
        return info;
      }) as typeof t.sendMail;
      return t;
    };
    const logged: string[] = [];
    await sendSignInMail(
      { db: handle.db, smtpUrl: "smtp://mail.example.com:587", from: "Lockstep <game@example.com>", transport, log: (l) => logged.push(l) },
      { to: "bob@example.com", url },
    );

    expect(usedUrls.map((u) => u.split("?")[0])).toEqual(["smtp://mail.example.com:587"]); // plus the timeouts (tests/notifications/timeouts.test.ts)
    expect(sent).toHaveLength(1);
    expect(sent[0]!.envelope).toEqual({ from: "game@example.com", to: ["bob@example.com"] });
    const message = JSON.parse(sent[0]!.message) as { subject: string; text: string; html: string };
    expect(message.subject).toBe("Sign in to Lockstep");
    expect(message.text).toContain(url);
    expect(message.html).toContain(url.replace(/&/g, "&amp;"));
    expect(await handle.db.select().from(devMailbox)).toEqual(before);
    expect(logged).toEqual([]);
  });

  it("with SMTP_URL, fails when the server rejects the recipient", async () => {
    const transport = () => ({ sendMail: async () => ({ rejected: ["bob@example.com"], pending: [] }) }) as never;
    await expect(
      sendSignInMail({ db: handle.db, smtpUrl: "smtp://mail.example.com", from: "x@example.com", transport }, { to: "bob@example.com", url }),
    ).rejects.toThrow("bob@example.com could not be sent");
  });
});

describe("sign-in mail in production without a mail server", () => {
  it("refuses to send rather than leave the link in the mailbox or the log", async () => {
    const { createDb } = await import("../../db/client");
    const { devMailbox } = await import("../../db/schema");
    const { sendSignInMail } = await import("../../server/auth/mail");
    const handle = await createDb({ dir: "memory://", migrate: true });
    const lines: string[] = [];
    await expect(
      sendSignInMail({ db: handle.db, devMailbox: false, from: "x@y", log: (l) => lines.push(l) }, { to: "a@b.c", url: "http://x/secret" }),
    ).rejects.toThrow("SMTP_URL");
    expect(await handle.db.select().from(devMailbox)).toHaveLength(0);
    expect(lines).toEqual([]);
    await handle.close();
  });
});

describe("sign-in mail in production without a mail server, with MAIL_DIR", () => {
  it("writes a JSON file on the server's disk; the log and the mailbox table never see the link", async () => {
    const { mkdtempSync, readdirSync, readFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "lockstep-signin-mail-"));
    const lines: string[] = [];
    const before = await handle.db.select().from(devMailbox);
    await sendSignInMail({ db: handle.db, devMailbox: false, mailDir: dir, from: "Lockstep <x@localhost>", log: (l) => lines.push(l) }, { to: "eve@example.com", url });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const mail = JSON.parse(readFileSync(join(dir, files[0]!), "utf8")) as { to: { address: string }[]; subject: string; text: string };
    expect(mail.to[0]!.address).toBe("eve@example.com");
    expect(mail.subject).toBe("Sign in to Lockstep");
    expect(mail.text).toContain(url);
    expect(await handle.db.select().from(devMailbox)).toEqual(before);
    expect(lines.join("\n")).not.toContain("token=");
    rmSync(dir, { recursive: true, force: true });
  });
});
