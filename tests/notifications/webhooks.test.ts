// Webhooks end to end against a receiver on loopback HTTPS: a resolved turn arrives signed (checked
// here as a receiver would, from docs/api.md), a 500 is retried with exponential back-off and ends as
// a dead letter the owner sees, and a name resolving to a private address is refused at connection
// time. The loopback receiver is reachable only through this file's injected resolver and address
// allowance (WebhookDeps.resolve / allowAddress), which the production deps never carry.
import { createHmac, timingSafeEqual } from "node:crypto";
import { Agent } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { webhookDeliveries } from "../../db/schema";
import { serverSecret } from "../../server/auth/secret";
import { env } from "../../server/env";
import { webhookDepsFromEnv } from "../../server/jobs/dispatch-deps";
import { drain } from "../../server/jobs/worker";
import { isPublicAddress, type Resolve } from "../../server/services/webhooks/address";
import { backoffSeconds, deliverWebhooks, type WebhookDeps } from "../../server/services/webhooks/deliver";
import { MAX_RESPONSE_BYTES, postWebhook } from "../../server/services/webhooks/send";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";
import { startReceiver, type Receiver } from "./webhook-receiver";

let handle: DbHandle;
let receiver: Receiver;
// Only this file's agent trusts the receiver's self-signed certificate.
const agent = new Agent({ rejectUnauthorized: false });
const RECEIVER_HOST = "hooks.example.com";

/** The test's DNS: the receiver's public-looking name answers loopback; others answer what the test says. */
const answers = new Map<string, string[]>([[RECEIVER_HOST, ["127.0.0.1"]]]);
const resolve: Resolve = async (host) => (answers.get(host) ?? ["93.184.216.34"]).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

const MAX_ATTEMPTS = 3;
let deps: WebhookDeps;
let strict: WebhookDeps;

beforeAll(async () => {
  handle = await testDb();
  receiver = await startReceiver();
  const base = { workerId: "hooks", serverSecret: serverSecret(env()), baseUrl: "https://lockstep.test", agent, resolve, maxAttempts: MAX_ATTEMPTS, timeoutMs: 2000 };
  // The allowance: 127.0.0.1 and only for this file's deps.
  deps = { ...base, allowAddress: (address) => address === "127.0.0.1" };
  // As production checks addresses (no allowance), but with the test's resolver.
  strict = base;
});
afterAll(async () => {
  agent.destroy();
  await receiver.close();
  await handle.close();
});

const hookUrl = (path: string, host = RECEIVER_HOST) => `https://${host}:${receiver.port}${path}`;

/** The documented verification (docs/api.md), written as a receiver would, not with the server's code. */
function verify(secret: string, header: string, body: string, now = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=") as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now - t) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const rowsOf = async (path: string) => receiver.received.filter((r) => r.path === path);

describe("webhook delivery", () => {
  it("a resolved turn reaches the receiver signed; the turn never waited for it", async () => {
    const { asAlice, asBob, alice, gameId } = await twoPlayerGame(handle);
    const made = await asAlice.webhook.create({ url: hookUrl("/turns"), events: ["turn-resolved"], format: "json" });
    expect(made.secret).toMatch(/^whsec_[\w-]{43}$/);
    // The receiver hangs: the adjudication does not care (it only writes the outbox row).
    receiver.mode("hang");
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    expect(await drain(handle, "test")).toBe(1);
    expect((await asAlice.game.get({ gameId })).phase!.turn).toBe(2);
    const [queued] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, "turn-resolved"));
    expect(queued).toMatchObject({ status: "pending", attempts: 0 });

    receiver.mode("ok", 204);
    expect(await deliverWebhooks(handle.db, deps)).toEqual({ sent: 1, retrying: 0, dead: 0 });
    const [got] = await rowsOf("/turns");
    expect(got).toBeDefined();
    expect(got!.headers["content-type"]).toBe("application/json");
    expect(got!.headers["lockstep-event"]).toBe("turn-resolved");
    expect(verify(made.secret, String(got!.headers["lockstep-signature"]), got!.body)).toBe(true);
    // A body changed on the way, or another webhook's secret, does not verify.
    expect(verify(made.secret, String(got!.headers["lockstep-signature"]), got!.body.replace("turn 1", "turn 9"))).toBe(false);
    expect(verify(`${made.secret}x`, String(got!.headers["lockstep-signature"]), got!.body)).toBe(false);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ event: "turn-resolved", gameId, url: `https://lockstep.test/game/${gameId}/turn/1` });
    expect(body.text).toContain("turn 1 resolved");
    expect(String(body.id)).toBe(String(got!.headers["lockstep-delivery"]));
    const [listed] = await callerFor(handle, alice).webhook.list();
    expect(listed!.lastDelivery).toMatchObject({ event: "turn-resolved", status: "sent", responseStatus: 204 });
  });

  it("a 500 is retried with exponential back-off, then kept as a dead letter the owner sees", async () => {
    const owner = callerFor(handle, await makeUser(handle, "retry@example.com"));
    const made = await owner.webhook.create({ url: hookUrl("/failing"), events: ["game-over"], format: "json" });
    receiver.mode("ok", 500);
    await owner.webhook.test({ webhookId: made.id });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const result = await deliverWebhooks(handle.db, deps);
      const [row] = await handle.db.select({ d: webhookDeliveries, wait: sql<number>`extract(epoch from ${webhookDeliveries.dueAt} - now())` }).from(webhookDeliveries).where(eq(webhookDeliveries.event, "test"));
      expect(row!.d.attempts).toBe(attempt);
      expect(row!.d.responseStatus).toBe(500);
      if (attempt < MAX_ATTEMPTS) {
        expect(result).toEqual({ sent: 0, retrying: 1, dead: 0 });
        expect(row!.d.status).toBe("pending");
        waits.push(Math.round(Number(row!.wait)));
        // Not due yet: a second pass sends nothing.
        expect(await deliverWebhooks(handle.db, deps)).toEqual({ sent: 0, retrying: 0, dead: 0 });
        // Time passes: the retry is due.
        await handle.db.update(webhookDeliveries).set({ dueAt: sql`now()` }).where(eq(webhookDeliveries.id, row!.d.id));
      } else {
        expect(result).toEqual({ sent: 0, retrying: 0, dead: 1 });
        expect(row!.d.status).toBe("failed");
      }
    }
    expect(waits).toEqual([backoffSeconds(1), backoffSeconds(2)]);
    expect(waits[1]).toBe(2 * waits[0]!);
    expect(await rowsOf("/failing")).toHaveLength(MAX_ATTEMPTS);
    const [listed] = await owner.webhook.list();
    expect(listed!.deadLetters).toHaveLength(1);
    expect(listed!.deadLetters[0]).toMatchObject({ event: "test", status: "failed", attempts: MAX_ATTEMPTS, responseStatus: 500, reason: "the receiver answered 500" });

    // The receiver is back: the next test goes through.
    receiver.mode("ok", 200);
    await owner.webhook.test({ webhookId: made.id });
    expect(await deliverWebhooks(handle.db, deps)).toEqual({ sent: 1, retrying: 0, dead: 0 });
  });

  it("a name resolving to a private address is refused at connection time, and nothing is sent", async () => {
    const cases: [string, string[]][] = [
      ["loopback.example.net", ["127.0.0.1"]],
      ["ten.example.net", ["10.1.2.3"]],
      ["six.example.net", ["::1"]],
      ["mapped.example.net", ["::ffff:127.0.0.1"]],
      ["metadata.example.net", ["169.254.169.254"]],
      ["mixed.example.net", ["93.184.216.34", "192.168.1.10"]],
    ];
    for (const [host, addresses] of cases) answers.set(host, addresses);
    const before = receiver.received.length;
    for (const [host] of cases) {
      const owner = callerFor(handle, await makeUser(handle, `rebind-${host}@example.com`));
      const made = await owner.webhook.create({ url: hookUrl("/rebound", host), events: ["turn-resolved"], format: "json" });
      await owner.webhook.test({ webhookId: made.id });
      // Even with the test's allowance of 127.0.0.1 for the receiver, the strict deps refuse; the
      // allowance is for exactly that address, so 10.x, ::1 and the rest are refused with it too.
      const result = await deliverWebhooks(handle.db, host === "loopback.example.net" ? strict : deps);
      expect(result, host).toEqual({ sent: 0, retrying: 1, dead: 0 });
      const [row] = (await owner.webhook.list()).filter((w) => w.id === made.id);
      expect(row!.lastDelivery!.reason, host).toMatch(/resolves to .* which is not a public address/);
      expect(row!.lastDelivery!.responseStatus).toBeNull();
    }
    expect(receiver.received.length).toBe(before);
    // Without a test agent (a fresh connection with the default TLS checks, as in production) the lookup is the same guard.
    expect(await postWebhook(hookUrl("/rebound", "ten.example.net"), "{}", {}, { resolve })).toEqual({ ok: false, error: "ten.example.net resolves to 10.1.2.3, which is not a public address" });
  });

  it("classifies addresses: private, loopback, link-local and multicast are never public", () => {
    for (const a of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fd00::1", "ff02::1", "::ffff:10.0.0.1", "::ffff:7f00:1", "64:ff9b::7f00:1"])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
  });

  it("gives up on a receiver that never answers, and reads only the start of an endless answer", async () => {
    receiver.mode("hang");
    const started = Date.now();
    const hung = await postWebhook(hookUrl("/hang"), "{}", {}, { ...deps, timeoutMs: 300 });
    expect(hung).toEqual({ ok: false, error: "no answer within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(5000);
    receiver.mode("flood");
    const flooded = await postWebhook(hookUrl("/flood"), "{}", {}, deps);
    expect(flooded).toEqual({ ok: true, status: 200 });
    expect(MAX_RESPONSE_BYTES).toBeLessThanOrEqual(4096);
    receiver.mode("ok", 200);
  });

  it("the production deps carry no allowance, no resolver and no agent of their own", () => {
    const production = webhookDepsFromEnv("prod") as unknown as Record<string, unknown>;
    expect(Object.keys(production).sort()).toEqual(["baseUrl", "serverSecret", "workerId"]);
  });
});
