// The dispatcher: sends due outbox rows (deliveries) by email or Web Push. A row is claimed with
// FOR UPDATE SKIP LOCKED and marked `sending` before anything goes out, so two dispatchers never send
// the same row; the fact is checked again just before sending (a stale message is skipped with the
// reason); quiet hours move the row to their end. A send that fails is retried a few times.
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, notifications, notificationSettings, users, type DeliveryChannel } from "../../db/schema";
import type { SendMail } from "./mailer";
import { settingsOfRow } from "./notification-settings";
import { staleReason } from "./notify-facts";
import { digestText } from "./press/notify";
import { sendPush, type PushOptions } from "./push";
import { quietUntil } from "./quiet-hours";

export interface DispatchDeps {
  workerId: string;
  sendMail: SendMail;
  push: PushOptions;
  /** Absolute origin for links in email and push (`https://lockstep.example`). */
  baseUrl: string;
}

export interface DispatchResult {
  sent: number;
  skipped: number;
  delayed: number;
  failed: number;
}

const MAX_ATTEMPTS = 5;
/** A row left `sending` this long belonged to a worker that died mid-send. */
const SENDING_LEASE_SECONDS = 300;

type Delivery = typeof deliveries.$inferSelect;

async function claimDue(db: Db, workerId: string, limit: number): Promise<Delivery[]> {
  const next = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, "pending"), lte(deliveries.dueAt, sql`now()`)))
    .orderBy(asc(deliveries.dueAt), asc(deliveries.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(deliveries)
    .set({ status: "sending", lockedBy: workerId, lockedAt: sql`now()`, attempts: sql`${deliveries.attempts} + 1` })
    .where(inArray(deliveries.id, next))
    .returning();
}

/** Finish a claimed row; only the claiming worker may. */
async function settle(db: Db, d: Delivery, set: { [K in keyof Delivery]?: Delivery[K] | SQL }): Promise<void> {
  await db
    .update(deliveries)
    .set({ lockedBy: null, lockedAt: null, ...set })
    .where(and(eq(deliveries.id, d.id), eq(deliveries.status, "sending"), eq(deliveries.lockedBy, d.lockedBy ?? "")));
}

/** Send every due row (in batches) until none is left; returns what happened. */
export async function dispatchDue(db: Db, deps: DispatchDeps, batch = 20): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, skipped: 0, delayed: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db, deps.workerId, batch);
    if (claimed.length === 0) return result;
    for (const d of claimed) result[await dispatchOne(db, deps, d)] += 1;
  }
}

async function dispatchOne(db: Db, deps: DispatchDeps, d: Delivery): Promise<keyof DispatchResult> {
  // The note, its user's address and settings in one round trip (a turn sends five of these at once).
  const [row] = await db
    .select({ note: notifications, email: users.email, settings: notificationSettings })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(eq(notifications.id, d.notificationId));
  if (!row) {
    await settle(db, d, { status: "skipped", reason: "the notification is gone" });
    return "skipped";
  }
  const settings = settingsOfRow(row.settings);
  const off = channelOff(d.channel, settings, row.email);
  const stale = off ?? (await staleReason(db, row.note.fact, row.note.userId));
  if (stale) {
    await settle(db, d, { status: "skipped", reason: stale });
    return "skipped";
  }
  const until = quietUntil(settings, new Date());
  if (until) {
    // The attempt did not happen: give it back, so quiet hours never use up retries.
    await settle(db, d, { status: "pending", dueAt: until, reason: "quiet hours", attempts: sql`${deliveries.attempts} - 1` });
    return "delayed";
  }
  const link = new URL(row.note.url, deps.baseUrl).toString();
  // A press digest is written as it is sent: only what is still unread (press/notify.ts).
  const text = row.note.kind === "press-digest" && row.note.fact?.kind === "press-digest" ? ((await digestText(db, row.note.userId, row.note.fact)) ?? row.note.text) : row.note.text;
  try {
    if (d.channel === "email") await deps.sendMail(emailOf(row.email!, text, link, deps.baseUrl));
    else if ((await sendPush(db, row.note.userId, { title: "Lockstep", body: text, url: link }, deps.push)) === 0) {
      await settle(db, d, { status: "skipped", reason: "the push subscription is gone" });
      return "skipped";
    }
    await settle(db, d, { status: "sent", sentAt: sql`now()`, reason: null });
    return "sent";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = d.attempts >= MAX_ATTEMPTS;
    await settle(db, d, {
      status: final ? "failed" : "pending",
      reason: message.slice(0, 1000),
      dueAt: sql`now() + make_interval(mins => ${2 ** d.attempts})`,
    });
    return final ? "failed" : "delayed";
  }
}

function channelOff(channel: DeliveryChannel, settings: { email: boolean; push: boolean }, email: string | null): string | null {
  if (channel === "email") return !settings.email ? "email is turned off" : email ? null : "no email address";
  return settings.push ? null : "push is turned off";
}

export function emailOf(to: string, text: string, link: string, baseUrl: string) {
  const settings = new URL("/settings", baseUrl).toString();
  return {
    to,
    subject: subjectOf(text.split("\n")[0]!),
    text: `${text}\n\nOpen the game: ${link}\n\nChange which notifications you get: ${settings}\n`,
    html:
      `<p style="white-space:pre-wrap">${escapeHtml(text)}</p>` +
      `<p><a href="${escapeHtml(link)}" style="font-weight:bold">Open the game</a></p>` +
      `<p style="color:#555">Change which notifications you get: <a href="${escapeHtml(settings)}">settings</a></p>`,
  };
}

function subjectOf(line: string): string {
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A row still `sending` after the lease: its worker died, perhaps after the message went out. It is
 * marked failed rather than sent again — a message is never sent twice.
 */
export async function reapDeliveries(db: Db, leaseSeconds = SENDING_LEASE_SECONDS): Promise<number> {
  const rows = await db
    .update(deliveries)
    .set({ status: "failed", reason: "the sender stopped mid-send", lockedBy: null, lockedAt: null })
    .where(and(eq(deliveries.status, "sending"), lte(deliveries.lockedAt, sql`now() - make_interval(secs => ${leaseSeconds})`)))
    .returning({ id: deliveries.id });
  return rows.length;
}
