// Web Push end to end against a fake push service on loopback HTTPS: subscribe through the API, an
// event goes out as an encrypted aes128gcm request with a VAPID header and decrypts to the message
// and its link; unsubscribing stops it; a 410 from the push service deletes the subscription.
import { Agent } from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { deliveries, notifications, pushSubscriptions, serverKeys } from "../../db/schema";
import { dispatchDue, type DispatchDeps } from "../../server/services/dispatch";
import { notify } from "../../server/services/notify";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../server/services/push";
import { allowPushOriginForTests } from "../../server/services/push-endpoint";
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";
import { browserKeys, decryptPush, startFakePushService, type FakePushService } from "./fake-push-service";
import { BASE_URL, mailDeps } from "./support";

let handle: DbHandle;
let service: FakePushService;
// Only this test's agent trusts the self-signed certificate; nothing global is switched off.
const agent = new Agent({ rejectUnauthorized: false });
let deps: DispatchDeps;
let disallow: () => void;

beforeAll(async () => {
  handle = await testDb();
  service = await startFakePushService();
  // Only this loopback origin, and only because the test says so; requests cannot widen it.
  disallow = allowPushOriginForTests(service.origin);
  deps = { ...mailDeps("push"), push: { subject: "mailto:test@lockstep.test", agent } };
});
afterAll(async () => {
  disallow();
  agent.destroy();
  await service.close();
  await handle.close();
});

let n = 0;
async function tell(userId: string, gameId: number, text: string) {
  n += 1;
  const note = { userId, gameId, kind: "game-started" as const, text, url: `/game/${gameId}#n${n}`, eventKey: `push-test:${n}`, fact: { kind: "game-started" as const, gameId } };
  await handle.db.transaction((tx) => notify(tx, [note]));
}

/** A game of this user's against four robots (it starts at once); its start is sent before the test. */
async function soloGame(me: ReturnType<typeof callerFor>): Promise<number> {
  const { gameId } = await me.game.create({ name: "Push game", nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], ...QUICK });
  await dispatchDue(handle.db, deps);
  return gameId;
}

describe("Web Push", () => {
  it("makes the VAPID keys once and keeps them", async () => {
    const user = await makeUser(handle, "keys@example.com");
    const me = callerFor(handle, user);
    const first = await me.push.publicKey();
    expect(Buffer.from(first, "base64url")).toHaveLength(65); // an uncompressed P-256 point
    expect(await me.push.publicKey()).toBe(first);
    expect(await handle.db.select().from(serverKeys)).toHaveLength(1);
  });

  it("round trip: subscribe, receive an encrypted push with a VAPID header, unsubscribe, 410 deletes", async () => {
    const user = await makeUser(handle, "pusher@example.com");
    const me = callerFor(handle, user);
    const gameId = await soloGame(me);
    const publicKey = await me.push.publicKey();
    const keys = browserKeys();
    const endpoint = `${service.origin}/push/one`;
    await me.push.subscribe({ endpoint, keys: keys.json });
    expect(await me.settings.get()).toMatchObject({ push: true, pushSubscribed: true });

    await tell(user.id, gameId, "Push test: turn 3 resolved");
    expect(await dispatchDue(handle.db, deps)).toMatchObject({ sent: 2 }); // email and push
    expect(service.received).toHaveLength(1);
    const request = service.received[0]!;
    expect(request.path).toBe("/push/one");
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.headers["ttl"]).toBeDefined();
    expect(String(request.headers["authorization"])).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const payload = JSON.parse(decryptPush(request.body, keys)) as { title: string; body: string; url: string };
    expect(payload).toEqual({ title: "Lockstep", body: "Push test: turn 3 resolved", url: `${BASE_URL}/game/${gameId}#n${n}` });

    // Unsubscribed: the next event makes no push at all.
    await me.push.unsubscribe({ endpoint });
    expect(await me.settings.get()).toMatchObject({ pushSubscribed: false });
    await tell(user.id, gameId, "after unsubscribe");
    await dispatchDue(handle.db, deps);
    expect(service.received).toHaveLength(1);

    // Subscribed again, but the push service says the subscription is gone: it is deleted.
    await me.push.subscribe({ endpoint, keys: keys.json });
    service.respondWith(410);
    await tell(user.id, gameId, "to a gone subscription");
    await dispatchDue(handle.db, deps);
    expect(service.received).toHaveLength(2);
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toHaveLength(0);
    const push = await handle.db
      .select({ status: deliveries.status, reason: deliveries.reason })
      .from(deliveries)
      .innerJoin(notifications, eq(notifications.id, deliveries.notificationId))
      .where(and(eq(notifications.eventKey, `push-test:${n}`), eq(deliveries.channel, "push")));
    expect(push).toEqual([{ status: "skipped", reason: "the push subscription is gone" }]);
    service.respondWith(201);
  });

  it("refuses a subscription that is not HTTPS or has malformed keys, and never removes another user's", async () => {
    const mallory = callerFor(handle, await makeUser(handle, "mallory@example.com"));
    const keys = browserKeys();
    await expect(mallory.push.subscribe({ endpoint: "http://127.0.0.1/x", keys: keys.json })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(mallory.push.subscribe({ endpoint: `${service.origin}/x`, keys: { p256dh: "<script>", auth: "a" } })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const owner = await makeUser(handle, "owner@example.com");
    await callerFor(handle, owner).push.subscribe({ endpoint: `${service.origin}/owned`, keys: keys.json });
    await mallory.push.unsubscribe({ endpoint: `${service.origin}/owned` });
    expect(await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id))).toHaveLength(1);
  });

  it("accepts only a browser push service's endpoint: no IP, loopback, private host, credentials or odd port", async () => {
    const me = callerFor(handle, await makeUser(handle, "endpoints@example.com"));
    const keys = browserKeys().json;
    for (const endpoint of [
      "https://127.0.0.1:5432/x",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/push",
      "https://2130706433/push", // 127.0.0.1 written as one number
      "https://localhost/push",
      "https://push.localhost/x",
      "https://db.internal/x",
      "https://intranet/x",
      "https://user:pass@fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.attacker.example/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://example.com/push",
      `${service.origin.replace("127.0.0.1", "localhost")}/x`, // the test override is for one exact origin
    ])
      await expect(me.push.subscribe({ endpoint, keys }), endpoint).rejects.toMatchObject({ code: "BAD_REQUEST" });
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB",
    ])
      await expect(me.push.subscribe({ endpoint, keys }), endpoint).resolves.toEqual({ subscribed: true });
  });

  it("refuses keys that are not keys: p256dh must be a 65-byte P-256 point, auth 16 bytes", async () => {
    const me = callerFor(handle, await makeUser(handle, "badkeys@example.com"));
    const good = browserKeys().json;
    const endpoint = "https://fcm.googleapis.com/fcm/send/keys";
    for (const keys of [
      { p256dh: good.p256dh, auth: "a" },
      { p256dh: good.p256dh, auth: Buffer.alloc(32).toString("base64url") },
      { p256dh: "AAAA", auth: good.auth },
      { p256dh: Buffer.alloc(65, 5).toString("base64url"), auth: good.auth }, // not an uncompressed point
      { p256dh: `${good.p256dh}!`, auth: good.auth },
    ])
      await expect(me.push.subscribe({ endpoint, keys }), JSON.stringify(keys)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(me.push.subscribe({ endpoint, keys: good })).resolves.toEqual({ subscribed: true });
  });

  it("never moves another user's endpoint, and keeps at most the newest subscriptions of a user", async () => {
    const owner = await makeUser(handle, "first-owner@example.com");
    const thief = callerFor(handle, await makeUser(handle, "thief@example.com"));
    const keys = browserKeys().json;
    const endpoint = "https://fcm.googleapis.com/fcm/send/owned-by-first";
    await callerFor(handle, owner).push.subscribe({ endpoint, keys });
    await expect(thief.push.subscribe({ endpoint, keys: browserKeys().json })).rejects.toMatchObject({ code: "CONFLICT" });
    const [row] = await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(row).toMatchObject({ userId: owner.id, p256dh: keys.p256dh });

    const many = await makeUser(handle, "many-browsers@example.com");
    const me = callerFor(handle, many);
    const endpoints = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS + 3 }, (_, i) => `https://fcm.googleapis.com/fcm/send/browser-${i}`);
    // In parallel too: the cap holds under concurrent subscribes.
    await Promise.all(endpoints.map((e) => me.push.subscribe({ endpoint: e, keys })));
    const kept = await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, many.id));
    expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it("checks the endpoint again before sending: a stored loopback endpoint is never connected to, and forgotten", async () => {
    const user = await makeUser(handle, "stale-endpoint@example.com");
    const me = callerFor(handle, user);
    const gameId = await soloGame(me);
    const keys = browserKeys();
    await me.push.subscribe({ endpoint: `${service.origin}/allowed`, keys: keys.json });
    // As if stored before the rules: a second loopback service, not allowed.
    const other = await startFakePushService();
    try {
      await handle.db.insert(pushSubscriptions).values({ userId: user.id, endpoint: `${other.origin}/sneaky`, p256dh: keys.json.p256dh, auth: keys.json.auth });
      const before = service.received.length;
      await tell(user.id, gameId, "only to the allowed endpoint");
      await dispatchDue(handle.db, deps);
      expect(other.received).toHaveLength(0);
      expect(service.received).toHaveLength(before + 1);
      const left = await handle.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
      expect(left).toEqual([{ endpoint: `${service.origin}/allowed` }]);
    } finally {
      await other.close();
    }
  });
});
