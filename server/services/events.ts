// Game events are stored (table `events`, with an id) and announced with pg_notify inside the transaction
// that caused them: delivered to every server process at COMMIT, never after a rollback. The id lets a
// stream resume where it stopped and a server re-read what it missed while its LISTEN was down.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import { EVENTS_CHANNEL, LOBBY_KINDS, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "../runtime-events";

/** How long events are kept for resuming streams. */
export const EVENTS_KEPT_HOURS = 24;

export async function publish(tx: Db, event: GameEvent): Promise<void> {
  const [row] = await tx.insert(events).values({ gameId: event.gameId, payload: { ...event } }).returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ ...event, id: row!.id })})`);
}

/** A hint to a user's open tabs that their notifications (or their press in a game) changed. */
export async function publishToUser(tx: Db, userId: string, hint: Omit<UserEvent, "userId" | "id"> = { kind: "notification" }): Promise<void> {
  const event: UserEvent = { userId, ...hint };
  const [row] = await tx.insert(events).values({ userId, payload: { ...event } }).returning({ id: events.id });
  await tx.execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ ...event, id: row!.id })})`);
}

/** The same hint to several users at once: one insert and one statement of notifications, whatever their number. */
export async function publishToUsers(tx: Db, userIds: string[], hint: Omit<UserEvent, "userId" | "id"> = { kind: "notification" }): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx
    .insert(events)
    .values(userIds.map((userId) => ({ userId, payload: { userId, ...hint } })))
    .returning({ id: events.id, userId: events.userId });
  const notices = rows.map((r) => sql`pg_notify(${USER_EVENTS_CHANNEL}, ${JSON.stringify({ userId: r.userId, ...hint, id: r.id })})`);
  await tx.execute(sql`select ${sql.join(notices, sql`, `)}`);
}

/** A game's events after `afterId`, oldest first (a stream resuming from its last id). */
export async function gameEventsAfter(db: Db, gameId: number, afterId: number): Promise<(GameEvent & { id: number })[]> {
  const rows = await db.select().from(events).where(and(eq(events.gameId, gameId), gt(events.id, afterId))).orderBy(asc(events.id)).limit(1000);
  return rows.map((r) => ({ ...(r.payload as unknown as GameEvent), id: r.id }));
}

/** The latest lobby event after `afterId` (one is enough: the lobby refetches its whole list). */
export async function lobbyEventsAfter(db: Db, afterId: number): Promise<(GameEvent & { id: number })[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(isNotNull(events.gameId), gt(events.id, afterId), inArray(sql`${events.payload}->>'kind'`, [...LOBBY_KINDS])))
    .orderBy(desc(events.id))
    .limit(1);
  return rows.map((r) => ({ ...(r.payload as unknown as GameEvent), id: r.id }));
}

/** A user's events after `afterId`, oldest first. */
export async function userEventsAfter(db: Db, userId: string, afterId: number): Promise<(UserEvent & { id: number })[]> {
  const rows = await db.select().from(events).where(and(eq(events.userId, userId), gt(events.id, afterId))).orderBy(asc(events.id)).limit(1000);
  return rows.map((r) => ({ ...(r.payload as unknown as UserEvent), id: r.id }));
}

/** Every event since `since` (a server re-reading what it missed while not listening). */
export async function eventsSince(db: Db, since: Date) {
  return db.select().from(events).where(gte(events.createdAt, since)).orderBy(asc(events.id)).limit(10_000);
}

export async function pruneEvents(db: Db): Promise<void> {
  await db.delete(events).where(lt(events.createdAt, sql`now() - make_interval(hours => ${EVENTS_KEPT_HOURS})`));
}

/** A stream's last id, from tRPC's lastEventId (a number; anything else starts from now). */
export function parseEventId(lastEventId: string | null | undefined): number | undefined {
  return lastEventId && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : undefined;
}
