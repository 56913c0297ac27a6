// A user's webhooks (issue 23): register one (its signing secret is answered once), list them with
// their recent deliveries and dead letters, send a test, delete. Ids shown are public ids (their rows
// share one sequence with every other user's: a raw id would count them).
import { randomBytes } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, seats, webhookDeliveries, webhooks, type WebhookEvent, type WebhookFormat } from "../../../db/schema";
import { conflict, forbidden, notFound, ServiceError } from "../errors";
import { publicIds } from "../public-ids";
import { hitRateLimit, type RateLimit } from "../rate-limit";
import { lockUser } from "../user-lock";
import { webhookUrlProblem } from "./address";
import { webhookSecret } from "./signing";

export const WEBHOOK_EVENTS = ["turn-resolved", "deadline-soon", "decision-waiting", "game-over"] as const satisfies readonly WebhookEvent[];
export const WEBHOOK_FORMATS = ["json", "discord"] as const satisfies readonly WebhookFormat[];
/** Webhooks a user may have at once. */
export const MAX_WEBHOOKS = 5;
/** Dead letters listed per webhook (the newest). */
export const DEAD_LETTERS_SHOWN = 10;
/** "Send a test": per user, so a loop cannot turn the server into a request cannon. */
export const WEBHOOK_TESTS: RateLimit = { name: "webhook:test", max: 10, windowSeconds: 3600 };

export interface NewWebhook {
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  /** Only this game's events; its creator also hears the game's public ones (turn resolved, game over). */
  gameId?: number | null;
}

/** Registers a webhook; the returned `secret` is the only time it leaves the server. */
export async function createWebhook(db: Db, userId: string, input: NewWebhook, serverSecret: string) {
  // Stored as the URL parser writes it (what a connection will use), and checked in that form.
  const problem = webhookUrlProblem(input.url);
  const href = problem ? "" : new URL(input.url).href;
  const hrefProblem = problem ?? webhookUrlProblem(href);
  if (hrefProblem) throw new ServiceError("BAD_REQUEST", hrefProblem);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [mine] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.userId, userId));
    if ((mine?.n ?? 0) >= MAX_WEBHOOKS) throw conflict(`You have ${MAX_WEBHOOKS} webhooks already; delete one first`);
    if (input.gameId != null) await mayWatch(tx, userId, input.gameId);
    const events = WEBHOOK_EVENTS.filter((e) => input.events.includes(e));
    const salt = randomBytes(16).toString("base64url");
    const [row] = await tx
      .insert(webhooks)
      .values({ userId, url: href, events, format: input.format, gameId: input.gameId ?? null, salt })
      .returning();
    const ids = await publicIds(tx);
    return { id: ids.toPublic("webhook", row!.id), url: row!.url, events, format: row!.format, gameId: row!.gameId, createdAt: row!.createdAt, secret: webhookSecret(serverSecret, row!.id, salt) };
  });
}

/** A webhook for one game: its creator's, or one of its players'. */
async function mayWatch(tx: Db, userId: string, gameId: number): Promise<void> {
  const [game] = await tx.select({ createdBy: games.createdBy }).from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("That game");
  if (game.createdBy === userId) return;
  const seated = await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId))).limit(1);
  if (seated.length === 0) throw forbidden("A webhook for a game is for its creator or its players");
}

/** The row of one of the user's webhooks by its public id (another user's is "not found", as if it did not exist). */
async function ownRow(db: Db, userId: string, publicId: number) {
  const ids = await publicIds(db);
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, ids.fromPublic("webhook", publicId)), eq(webhooks.userId, userId)));
  if (!row) throw notFound("That webhook");
  return row;
}

/** The user's webhooks, newest first, each with its last delivery and its dead letters; never a secret. */
export async function listWebhooks(db: Db, userId: string) {
  const rows = await db.select().from(webhooks).where(eq(webhooks.userId, userId)).orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  if (rows.length === 0) return [];
  const ids = await publicIds(db);
  const shown = (d: typeof webhookDeliveries.$inferSelect) => ({
    id: ids.toPublic("webhook-delivery", d.id),
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    reason: d.reason,
    createdAt: d.createdAt,
    finishedAt: d.finishedAt,
    nextAttemptAt: d.status === "pending" ? d.dueAt : null,
  });
  // At most MAX_WEBHOOKS webhooks: two small indexed reads each.
  return Promise.all(
    rows.map(async (w) => {
      const [last] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, w.id)).orderBy(desc(webhookDeliveries.id)).limit(1);
      const dead = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.webhookId, w.id), eq(webhookDeliveries.status, "failed")))
        .orderBy(desc(webhookDeliveries.id))
        .limit(DEAD_LETTERS_SHOWN);
      return {
        id: ids.toPublic("webhook", w.id),
        url: w.url,
        events: w.events,
        format: w.format,
        gameId: w.gameId,
        createdAt: w.createdAt,
        lastDelivery: last ? shown(last) : null,
        deadLetters: dead.map(shown),
      };
    }),
  );
}

export async function deleteWebhook(db: Db, userId: string, publicId: number) {
  const row = await ownRow(db, userId, publicId);
  await db.delete(webhooks).where(and(eq(webhooks.id, row.id), eq(webhooks.userId, userId)));
  return { id: publicId, deleted: true as const };
}

/** Queues a signed test delivery; the delivery loop sends it like any other, and the list shows how it went. */
export async function testWebhook(db: Db, userId: string, publicId: number) {
  const row = await ownRow(db, userId, publicId);
  const verdict = await hitRateLimit(db, WEBHOOK_TESTS, userId);
  if (!verdict.allowed) throw new ServiceError("TOO_MANY_REQUESTS", `At most ${WEBHOOK_TESTS.max} tests an hour; try again in ${verdict.retryAfterSeconds} s`);
  const ids = await publicIds(db);
  const [queued] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: row.id,
      event: "test",
      eventKey: `test:${randomBytes(9).toString("base64url")}`,
      payload: { event: "test", gameId: null, text: "A test from Lockstep: this webhook works.", url: "/settings" },
    })
    .returning({ id: webhookDeliveries.id });
  return { id: ids.toPublic("webhook-delivery", queued!.id), queued: true as const };
}
