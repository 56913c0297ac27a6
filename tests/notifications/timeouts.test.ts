// Nothing from outside can hold us: a push service or SMTP server that accepts the connection and
// then never answers is given up on after the timeout, and the delivery is retried later.
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, pushSubscriptions } from "../../db/schema";
import { dispatchDue } from "../../server/services/dispatch";
import { createMailer, smtpUrlWithTimeouts } from "../../server/services/mailer";
import { notify } from "../../server/services/notify";
import { allowPushOriginForTests } from "../../server/services/push-endpoint";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";
import { browserKeys } from "./fake-push-service";
import { mailDeps } from "./support";

/** A loopback TCP server that accepts every connection and never sends a byte. */
async function silentServer(): Promise<{ port: number; accepted: () => number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

let handle: DbHandle;
let silent: Awaited<ReturnType<typeof silentServer>>;
beforeAll(async () => {
  handle = await testDb();
  silent = await silentServer();
});
afterAll(async () => {
  await silent.close();
  await handle.close();
});

describe("outbound timeouts", () => {
  it("a push endpoint that never answers is given up on, and the delivery waits for a retry", async () => {
    const disallow = allowPushOriginForTests(`https://127.0.0.1:${silent.port}`);
    try {
      const user = await makeUser(handle, "silent-push@example.com");
      const deps = { ...mailDeps("silent"), push: { subject: "mailto:test@lockstep.test", timeoutMs: 300 } };
      const { gameId } = await callerFor(handle, user).game.create({ name: "Silent", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK });
      await dispatchDue(handle.db, deps); // the game's start, before the silent endpoint exists
      const keys = browserKeys().json;
      await handle.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://127.0.0.1:${silent.port}/never`, p256dh: keys.p256dh, auth: keys.auth });
      const note = { userId: user.id, gameId, kind: "game-started" as const, text: "never answered", url: "/", eventKey: "silent-push", fact: { kind: "game-started" as const, gameId } };
      await handle.db.transaction((tx) => notify(tx, [note]));
      const started = Date.now();
      await dispatchDue(handle.db, deps);
      expect(Date.now() - started).toBeLessThan(10_000); // bounded by the timeout, not by the server
      expect(silent.accepted()).toBeGreaterThan(0); // it did connect, and was not answered
      const [push] = await handle.db
        .select({ status: deliveries.status, reason: deliveries.reason })
        .from(deliveries)
        .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
        .where(and(eq(notifications.eventKey, "silent-push"), eq(deliveries.channel, "push")));
      expect(push).toMatchObject({ status: "pending", reason: expect.stringMatching(/timeout/i) });
    } finally {
      disallow();
    }
  });

  it("an SMTP server that never greets is given up on", async () => {
    const send = createMailer({ smtpUrl: `smtp://127.0.0.1:${silent.port}`, from: "Lockstep <l@test>", timeoutMs: 300 });
    const started = Date.now();
    await expect(send({ to: "a@example.com", subject: "s", text: "t", html: "<p>t</p>" })).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("every SMTP timeout is set, and one given in the URL wins", () => {
    const url = new URL(smtpUrlWithTimeouts("smtps://u:p@mail.example:465?socketTimeout=5000", 15_000));
    expect(Object.fromEntries(url.searchParams)).toEqual({ socketTimeout: "5000", connectionTimeout: "15000", greetingTimeout: "15000", dnsTimeout: "15000" });
    expect(url.username).toBe("u");
  });
});

describe("sign-in mail", () => {
  it("goes through an SMTP transport with the timeouts set", async () => {
    const { sendSignInMail } = await import("../../server/auth/mail");
    const { createTransport } = await import("nodemailer");
    const urls: string[] = [];
    await sendSignInMail(
      {
        db: handle.db,
        smtpUrl: "smtp://mail.example:25",
        from: "Lockstep <l@test>",
        transport: (url) => {
          urls.push(url);
          return createTransport({ jsonTransport: true });
        },
      },
      { to: "someone@example.com", url: "https://lockstep.test/api/auth/callback/nodemailer?token=t" },
    );
    expect(urls).toHaveLength(1);
    const params = new URL(urls[0]!).searchParams;
    for (const key of ["connectionTimeout", "greetingTimeout", "socketTimeout", "dnsTimeout"]) expect(Number(params.get(key)), key).toBeGreaterThan(0);
  });
});
