// The dispatcher: sends due outbox rows (deliveries) by email or Web Push. A row is claimed with
// FOR UPDATE SKIP LOCKED and marked `sending` before anything goes out, so two dispatchers never send
// the same row; the fact is checked again just before sending (a stale message is skipped with the
// reason); quiet hours move the row to their end. A send that fails is retried a few times. Rows are
// claimed, read and settled a batch at a time (a turn's five notes in four statements, issue 20).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, notifications, notificationSettings, users, type DeliveryChannel } from "../../db/schema";
import type { SendMail } from "./mailer";
import { settingsOfRow } from "./notification-settings";
import { factReads, staleReason, type FactReads } from "./notify-facts";
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
export const SENDING_LEASE_SECONDS = 300;

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

/** How a claimed row ends: its new status and what goes with it (settled with the rest of its batch). */
interface Settle {
  result: keyof DispatchResult;
  status: "pending" | "sent" | "skipped" | "failed";
  reason: string | null;
  /** Quiet hours: not before then. */
  dueAt?: Date;
  /** A failed send: tried again this many minutes from now. */
  retryMins?: number;
  /** Quiet hours: the attempt did not happen, so it is given back (never uses up retries). */
  giveBack?: boolean;
}

/**
 * Finish a batch's claimed rows in one statement; only the claiming worker may (a row reaped or
 * re-claimed meanwhile is left alone).
 */
async function settleAll(db: Db, workerId: string, rows: { id: number; settle: Settle }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(({ id, settle: s }) => ({
    id,
    status: s.status,
    reason: s.reason,
    sent: s.status === "sent",
    due_at: s.dueAt?.toISOString() ?? null,
    retry_mins: s.retryMins ?? null,
    give_back: s.giveBack ? 1 : 0,
  }));
  await db.execute(sql`
    update ${deliveries} as d set
      status = v.status,
      reason = v.reason,
      locked_by = null,
      locked_at = null,
      sent_at = case when v.sent then now() else d.sent_at end,
      due_at = case when v.retry_mins is not null then now() + make_interval(mins => v.retry_mins) else coalesce(v.due_at, d.due_at) end,
      attempts = d.attempts - v.give_back
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(id integer, status text, reason text, sent boolean, due_at timestamptz, retry_mins integer, give_back integer)
    where d.id = v.id and d.status = 'sending' and d.locked_by = ${workerId}`);
}

/** Each claimed row's note, its user's address and settings: one statement for the batch. */
async function notesOf(db: Db, claimed: Delivery[]) {
  const rows = await db
    .select({ note: notifications, email: users.email, settings: notificationSettings })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(inArray(notifications.id, [...new Set(claimed.map((d) => d.notificationId))]));
  return new Map(rows.map((r) => [r.note.id, r]));
}

type NoteRow = NonNullable<ReturnType<Awaited<ReturnType<typeof notesOf>>["get"]>>;

/**
 * Send every due row, `batch` rows a claim, until a claim finds fewer; returns what happened. A batch costs
 * four statements whatever its size (claim; notes, addresses and settings; the facts' phases and
 * seats; settle) besides what a kind needs of its own (a press digest's text, a push's
 * subscriptions, a lock or post-combat check). Its sends go out at once, each within its own timeout
 * (SMTP_TIMEOUT_MS, PUSH_TIMEOUT_MS), and the batch is settled when the last has answered.
 */
export async function dispatchDue(db: Db, deps: DispatchDeps, batch = 20): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, skipped: 0, delayed: 0, failed: 0 };
  for (;;) {
    const claimed = await claimDue(db, deps.workerId, batch);
    if (claimed.length === 0) return result;
    const notes = await notesOf(db, claimed);
    const reads = await factReads(db, [...notes.values()].map((r) => r.note.fact));
    // A row whose check or send threw (a dropped connection) is tried again later, never left `sending`.
    const settled = await Promise.all(
      claimed.map(async (d) => ({ id: d.id, settle: await dispatchOne(db, deps, d, notes.get(d.notificationId), reads).catch((error: unknown) => failedAttempt(d, error)) })),
    );
    await settleAll(db, deps.workerId, settled);
    for (const { settle } of settled) result[settle.result] += 1;
    // A short batch took all that was due (or all another worker left): no claim that finds nothing.
    if (claimed.length < batch) return result;
  }
}

async function dispatchOne(db: Db, deps: DispatchDeps, d: Delivery, row: NoteRow | undefined, reads: FactReads): Promise<Settle> {
  if (!row) return { result: "skipped", status: "skipped", reason: "the notification is gone" };
  const settings = settingsOfRow(row.settings);
  const off = channelOff(d.channel, settings, row.email);
  const stale = off ?? (await staleReason(db, row.note.fact, row.note.userId, reads));
  if (stale) return { result: "skipped", status: "skipped", reason: stale };
  const until = quietUntil(settings, new Date());
  if (until) return { result: "delayed", status: "pending", dueAt: until, reason: "quiet hours", giveBack: true };
  const link = new URL(row.note.url, deps.baseUrl).toString();
  try {
    // A press digest is written as it is sent: only what is still unread (press/notify.ts).
    const text = row.note.kind === "press-digest" && row.note.fact?.kind === "press-digest" ? ((await digestText(db, row.note.userId, row.note.fact)) ?? row.note.text) : row.note.text;
    if (d.channel === "email") await deps.sendMail(emailOf(row.email!, text, link, deps.baseUrl));
    else if ((await sendPush(db, row.note.userId, { title: "Lockstep", body: text, url: link }, deps.push)) === 0)
      return { result: "skipped", status: "skipped", reason: "the push subscription is gone" };
    return { result: "sent", status: "sent", reason: null };
  } catch (error) {
    return failedAttempt(d, error);
  }
}

/** A send that failed: tried again after 2^attempts minutes, until the last attempt. */
function failedAttempt(d: Delivery, error: unknown): Settle {
  const message = error instanceof Error ? error.message : String(error);
  const final = d.attempts >= MAX_ATTEMPTS;
  return { result: final ? "failed" : "delayed", status: final ? "failed" : "pending", reason: message.slice(0, 1000), retryMins: 2 ** d.attempts };
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
