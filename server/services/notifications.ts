// In-app notifications of one user.
import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, type NotificationKind } from "../../db/schema";
import { publicIds } from "./public-ids";

export async function listNotifications(db: Db, userId: string) {
  // Press digests are email only (their row carries the delivery); the messages themselves are listed.
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), ne(notifications.kind, "press-digest")))
    .orderBy(desc(notifications.id))
    .limit(50);
  // Ids are public ids: notification rows of every user share one sequence (issue 20).
  const ids = await publicIds(db);
  return rows.map((n) => ({ id: ids.toPublic("notification", n.id), gameId: n.gameId, kind: n.kind, text: n.text, url: n.url, createdAt: n.createdAt.toISOString(), read: n.readAt !== null }));
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the user's notifications read: "all", or those of the given public ids. */
export async function markRead(db: Db, userId: string, publicList: number[] | "all"): Promise<void> {
  const mine = eq(notifications.userId, userId);
  const toRow = publicList === "all" ? undefined : await publicIds(db);
  const ids = publicList === "all" ? "all" : publicList.map((p) => toRow!.fromPublic("notification", p));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(ids === "all" ? and(mine, isNull(notifications.readAt)) : and(mine, inArray(notifications.id, ids.length ? ids : [-1])));
}

/**
 * Acting on a notification's subject reads it (issue 12): locking a game's orders reads its "orders
 * due soon" notes, locking the landings reads its post-combat notes. Inside the acting transaction.
 */
export async function markActedOn(tx: Db, userId: string, gameId: number, kinds: readonly NotificationKind[]): Promise<void> {
  await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.gameId, gameId), inArray(notifications.kind, [...kinds]), isNull(notifications.readAt)));
}
