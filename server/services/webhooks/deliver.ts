// The webhooks' dispatcher, a lane of the worker's delivery loop (server/jobs/worker.ts), never of
// adjudication: claims due rows with FOR UPDATE SKIP LOCKED, signs and sends each, and settles it:
// sent; or pending again after an exponential back-off; or, after the last attempt, failed (the dead
// letter the owner sees on /settings). Deliveries are at least once: a receiver may see one again
// (after a worker died mid-send) and tells by its Lockstep-Delivery id.
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { webhookDeliveries, webhooks } from "../../../db/schema";
import { publicIds } from "../public-ids";
import { webhookUrlProblem } from "./address";
import { postWebhook, type SendOptions } from "./send";
import { SIGNATURE_HEADER, signatureHeader, webhookSecret } from "./signing";

export interface WebhookDeps extends SendOptions {
  workerId: string;
  /** Signs: each webhook's secret is derived from it (signing.ts). */
  serverSecret: string;
  /** Absolute origin for the links in payloads. */
  baseUrl: string;
  /** The first retry waits this long; each next one twice as long (default 30 s). */
  retryBaseSeconds?: number;
  /** Attempts before a delivery becomes a dead letter (default 6). */
  maxAttempts?: number;
}

export const WEBHOOK_MAX_ATTEMPTS = 6;
export const WEBHOOK_RETRY_BASE_SECONDS = 30;
/** A row left `sending` this long belonged to a worker that died mid-send: it is tried again. */
export const WEBHOOK_SENDING_LEASE_SECONDS = 120;

/** Seconds before the next attempt after `attempts` failed ones: base, 2×base, 4×base, ... */
export function backoffSeconds(attempts: number, base = WEBHOOK_RETRY_BASE_SECONDS): number {
  return base * 2 ** Math.max(0, attempts - 1);
}

type Delivery = typeof webhookDeliveries.$inferSelect;
type Hook = typeof webhooks.$inferSelect;

export interface WebhookResult {
  sent: number;
  retrying: number;
  dead: number;
}

async function claimDue(db: Db, workerId: string, limit: number): Promise<Delivery[]> {
  const next = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.dueAt, sql`now()`)))
    .orderBy(asc(webhookDeliveries.dueAt), asc(webhookDeliveries.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ status: "sending", lockedBy: workerId, lockedAt: sql`now()`, attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(inArray(webhookDeliveries.id, next))
    .returning();
}

async function settle(db: Db, d: Delivery, set: { [K in keyof Delivery]?: Delivery[K] | SQL }): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lockedBy: null, lockedAt: null, ...set })
    .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, "sending"), eq(webhookDeliveries.lockedBy, d.lockedBy ?? "")));
}

/** Send every due delivery (in batches) until none is left. */
export async function deliverWebhooks(db: Db, deps: WebhookDeps, batch = 10): Promise<WebhookResult> {
  const result: WebhookResult = { sent: 0, retrying: 0, dead: 0 };
  for (;;) {
    const claimed = await claimDue(db, deps.workerId, batch);
    if (claimed.length === 0) return result;
    for (const d of claimed) result[await deliverOne(db, deps, d)] += 1;
  }
}

/** The body as the webhook's format wants it. Discord: its "execute webhook" JSON, with mentions off. */
export function bodyOf(hook: Pick<Hook, "format">, payload: Record<string, unknown>, deliveryId: number, baseUrl: string): string {
  const url = new URL(String(payload.url ?? "/"), baseUrl).toString();
  if (hook.format === "discord") {
    // Discord caps content at 2000 characters; allowed_mentions keeps a game's name from pinging @everyone.
    const content = `${String(payload.text ?? "")}\n${url}`.slice(0, 2000);
    return JSON.stringify({ username: "Lockstep", content, allowed_mentions: { parse: [] } });
  }
  return JSON.stringify({ id: deliveryId, ...payload, url });
}

async function deliverOne(db: Db, deps: WebhookDeps, d: Delivery): Promise<keyof WebhookResult> {
  const [hook] = await db.select().from(webhooks).where(eq(webhooks.id, d.webhookId));
  const maxAttempts = deps.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  const dead = (reason: string, responseStatus: number | null = null) => settle(db, d, { status: "failed", reason, responseStatus, finishedAt: sql`now()` });
  if (!hook) return "dead"; // deleted meanwhile: its rows went with it (cascade)
  // Registered under older rules, or the rules changed: never connect.
  const problem = webhookUrlProblem(hook.url);
  if (problem) {
    await dead(problem);
    return "dead";
  }
  const deliveryId = (await publicIds(db)).toPublic("webhook-delivery", d.id);
  const body = bodyOf(hook, d.payload, deliveryId, deps.baseUrl);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    [SIGNATURE_HEADER]: signatureHeader(webhookSecret(deps.serverSecret, hook.id, hook.salt), timestamp, body),
    "lockstep-event": d.event,
    "lockstep-delivery": String(deliveryId),
  };
  const outcome = await postWebhook(hook.url, body, headers, deps);
  if (outcome.ok) {
    await settle(db, d, { status: "sent", responseStatus: outcome.status ?? null, reason: null, finishedAt: sql`now()` });
    return "sent";
  }
  const reason = (outcome.error ?? "failed").slice(0, 500);
  if (d.attempts >= maxAttempts) {
    await dead(reason, outcome.status ?? null);
    return "dead";
  }
  const wait = backoffSeconds(d.attempts, deps.retryBaseSeconds);
  await settle(db, d, { status: "pending", reason, responseStatus: outcome.status ?? null, dueAt: sql`now() + make_interval(secs => ${wait})` });
  return "retrying";
}

/** Rows whose worker died mid-send go back to the queue (the attempt they used counts). */
export async function reapWebhookDeliveries(db: Db, leaseSeconds = WEBHOOK_SENDING_LEASE_SECONDS): Promise<number> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: "pending", lockedBy: null, lockedAt: null, reason: "the sender stopped mid-send" })
    .where(and(eq(webhookDeliveries.status, "sending"), lte(webhookDeliveries.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Sent deliveries are kept a week, dead letters a month. */
export async function pruneWebhookDeliveries(db: Db): Promise<void> {
  await db
    .delete(webhookDeliveries)
    .where(
      or(
        and(eq(webhookDeliveries.status, "sent"), lt(webhookDeliveries.finishedAt, sql`now() - interval '7 days'`)),
        and(eq(webhookDeliveries.status, "failed"), lt(webhookDeliveries.finishedAt, sql`now() - interval '30 days'`)),
      ),
    );
}
