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
import { testDb } from "../support/db";
import { callerFor, makeUser, QUICK } from "../support/world";
import { browserKeys, decryptPush, startFakePushService, type FakePushService } from "./fake-push-service";
import { BASE_URL, mailDeps } from "./support";

let handle: DbHandle;
let service: FakePushService;
// Only this test's agent trusts the self-signed certificate; nothing global is switched off.
const agent = new Agent({ rejectUnauthorized: false });
let deps: DispatchDeps;

beforeAll(async () => {
  handle = await testDb();
  service = await startFakePushService();
  deps = { ...mailDeps("push"), push: { subject: "mailto:test@lockstep.test", agent } };
});
afterAll(async () => {
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
});
