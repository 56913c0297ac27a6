// Web Push: the server's VAPID key pair (made on first use, stored, never regenerated), browsers'
// subscriptions, and sending one payload to every subscription of a user. A push service answering
// 404 or 410 says the subscription is gone: it is deleted.
import type { Agent } from "node:https";
import { and, eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client";
import { pushSubscriptions, serverKeys } from "../../db/schema";

const VAPID = "vapid";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The key pair; the first caller makes it, and a concurrent first caller reads the winner's. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => (await db.select().from(serverKeys).where(eq(serverKeys.name, VAPID)))[0]?.value as VapidKeys | undefined;
  const existing = await read();
  if (existing) return existing;
  const made = webpush.generateVAPIDKeys();
  await db.insert(serverKeys).values({ name: VAPID, value: { publicKey: made.publicKey, privateKey: made.privateKey } }).onConflictDoNothing();
  return (await read())!;
}

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Store a browser's subscription for this user (a browser re-subscribing moves its endpoint to them). */
export async function subscribePush(db: Db, userId: string, sub: PushSubscriptionInput): Promise<{ subscribed: true }> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth } });
  return { subscribed: true };
}

/** Remove one of this user's subscriptions (never another user's). */
export async function unsubscribePush(db: Db, userId: string, endpoint: string): Promise<{ subscribed: false }> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return { subscribed: false };
}

export async function hasPushSubscription(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return rows.length > 0;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Absolute link opened when the notification is clicked (public/sw.js). */
  url: string;
}

export interface PushOptions {
  /** The `mailto:` or https contact the push services may reach (VAPID subject). */
  subject: string;
  /** Tests reach a loopback HTTPS endpoint with a self-signed certificate through their own agent. */
  agent?: Agent;
}

/** Send to every subscription of the user; returns how many accepted it. Throws when none could be reached. */
export async function sendPush(db: Db, userId: string, payload: PushPayload, options: PushOptions): Promise<number> {
  const keys = await vapidKeys(db);
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let accepted = 0;
  let lastError: unknown;
  for (const sub of subs) {
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        contentEncoding: "aes128gcm",
        ...(options.agent ? { agent: options.agent } : {}),
      });
      accepted += 1;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      else lastError = error;
    }
  }
  if (accepted === 0 && lastError) throw lastError;
  return accepted;
}
