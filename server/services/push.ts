// Web Push: the server's VAPID key pair (made on first use, stored, never regenerated), browsers'
// subscriptions, and sending one payload to every subscription of a user. A push service answering
// 404 or 410 says the subscription is gone: it is deleted.
import type { Agent } from "node:https";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client";
import { pushSubscriptions, serverKeys } from "../../db/schema";
import { conflict } from "./errors";
import { pushEndpointProblem } from "./push-endpoint";
import { lockUser } from "./user-lock";

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

/** A user keeps at most this many browsers subscribed; a new one replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * Store a browser's subscription for this user. The same browser re-subscribing updates its keys; an
 * endpoint another user registered is never moved (it would take their notifications away).
 */
export async function subscribePush(db: Db, userId: string, sub: PushSubscriptionInput): Promise<{ subscribed: true }> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { p256dh: sub.keys.p256dh, auth: sub.keys.auth }, setWhere: sql`${pushSubscriptions.userId} = ${userId}` })
      .returning({ id: pushSubscriptions.id });
    if (!row) throw conflict("This browser's push subscription belongs to another account; sign in there to change it");
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, keep)));
    return { subscribed: true as const };
  });
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
  /** Give up on a push service that has not answered within this long (default 10 s). */
  timeoutMs?: number;
}

export const PUSH_TIMEOUT_MS = 10_000;

/** Send to every subscription of the user; returns how many accepted it. Throws when none could be reached. */
export async function sendPush(db: Db, userId: string, payload: PushPayload, options: PushOptions): Promise<number> {
  const keys = await vapidKeys(db);
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  let accepted = 0;
  let lastError: unknown;
  for (const sub of subs) {
    // Stored before the endpoint rules, or the rules changed: never connect, forget it.
    if (pushEndpointProblem(sub.endpoint)) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      continue;
    }
    try {
      await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        contentEncoding: "aes128gcm",
        timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
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
