// The one way a service tells players something: inside the service's own transaction, one in-app
// notification per event and user (the unique event key makes a repeat a no-op), plus an outbox row
// for each other channel the user has on. The dispatcher (dispatch.ts) sends those later, once.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, notifications, notificationSettings, pushSubscriptions, type DeliveryChannel, type NotificationFact, type NotificationKind } from "../../db/schema";
import { publishToUsers } from "./events";

export interface Note {
  userId: string;
  gameId: number;
  kind: NotificationKind;
  text: string;
  /** A path in the app that opens the phase the note is about. */
  url: string;
  /** Names the event: the same key for the same user is told once. */
  eventKey: string;
  fact: NotificationFact;
}

/**
 * Record notes; returns how many were new. Call inside the caller's transaction. One per fact: a
 * decision-waiting note whose words the user already has unread (the same battle asked again next
 * round) is not told twice; once read, it may be told again. (Other kinds keep their event keys: a
 * moved deadline is news even in the same words.)
 */
export async function notify(tx: Db, notes: Note[]): Promise<number> {
  if (notes.length === 0) return 0;
  const unread = await tx
    .select({ userId: notifications.userId, text: notifications.text })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...new Set(notes.map((n) => n.userId))]),
        inArray(notifications.text, [...new Set(notes.map((n) => n.text))]),
        eq(notifications.kind, "decision-waiting"),
        isNull(notifications.readAt),
      ),
    );
  const told = new Set(unread.map((r) => `${r.userId}\n${r.text}`));
  const fresh = notes.filter((n) => {
    if (n.kind !== "decision-waiting") return true;
    const key = `${n.userId}\n${n.text}`;
    if (told.has(key)) return false;
    told.add(key);
    return true;
  });
  if (fresh.length === 0) return 0;
  const created = await tx
    .insert(notifications)
    .values(fresh)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id, userId: notifications.userId });
  if (created.length === 0) return 0;
  const userIds = [...new Set(created.map((n) => n.userId))];
  const channels = await channelsOf(tx, userIds);
  const rows = created.flatMap((n) => (channels.get(n.userId) ?? []).map((channel) => ({ notificationId: n.id, channel })));
  if (rows.length > 0) await tx.insert(deliveries).values(rows).onConflictDoNothing();
  await publishToUsers(tx, userIds);
  return created.length;
}

/** The channels each user has on now (the dispatcher checks again when it sends). */
async function channelsOf(tx: Db, userIds: string[]): Promise<Map<string, DeliveryChannel[]>> {
  const settings = await tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds));
  const subscribed = new Set(
    (await tx.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds))).map((r) => r.userId),
  );
  const out = new Map<string, DeliveryChannel[]>();
  for (const userId of userIds) {
    const s = settings.find((r) => r.userId === userId);
    const list: DeliveryChannel[] = [];
    if (s?.email ?? true) list.push("email");
    if ((s?.push ?? true) && subscribed.has(userId)) list.push("push");
    out.set(userId, list);
  }
  return out;
}

/** The in-app notification of one user for one event (tests, and the dispatcher's look-ups). */
export async function noteOf(db: Db, userId: string, eventKey: string) {
  const [row] = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.eventKey, eventKey)));
  return row;
}
