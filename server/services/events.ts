// Game events are stored (table `events`, with an id) and announced with pg_notify inside the transaction
// that caused them: delivered to every server process at COMMIT, never after a rollback. The id lets a
// stream resume where it stopped and a server re-read what it missed while its LISTEN was down.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { events, games } from "../../db/schema";
import { EVENTS_CHANNEL, LOBBY_KINDS, USER_EVENTS_CHANNEL, type GameEvent, type UserEvent } from "../runtime-events";

/** How long events are kept for resuming streams. */
export const EVENTS_KEPT_HOURS = 24;

/**
 * Stored and announced in one statement: an insert (a CTE) and its pg_notify (a select), so several
 * parts, and a caller's own writes before them, share one round trip (notify.ts does so).
 */
export interface EventsPart {
  cte: SQL;
  select: SQL;
}

/** One statement: the caller's data-modifying CTEs `before` (`name as (insert ...)`), then the parts. */
export function eventsStatement(parts: EventsPart[], before: SQL[] = []): SQL {
  return sql`with ${sql.join([...before, ...parts.map((p) => p.cte)], sql`, `)} ${sql.join(parts.map((p) => p.select), sql` union all `)}`;
}

/**
 * A game's event (CTE named `name`). A sandbox's events (issue 24) are marked `private`: they reach
 * its own game stream (its owner's tabs) but never the lobby.
 */
export function gameEventPart(event: GameEvent, name = "game_event"): EventsPart {
  const row = sql.raw(name);
  return {
    cte: sql`${row} as (
      insert into ${events} (game_id, payload)
      values (${event.gameId}, ${JSON.stringify(event)}::jsonb
        || case when exists (select 1 from ${games} g where g.id = ${event.gameId} and g.sandbox) then '{"private":true}'::jsonb else '{}'::jsonb end)
      returning id, payload
    )`,
    select: sql`select pg_notify(${EVENTS_CHANNEL}, (${row}.payload || jsonb_build_object('id', ${row}.id))::text) from ${row}`,
  };
}

/**
 * Store and announce a game's event in one statement (a round trip less than an insert and a notify:
 * every lock, decision and adjudication publishes, and round trips are their largest cost).
 */
export async function publish(tx: Db, event: GameEvent): Promise<void> {
  await tx.execute(eventsStatement([gameEventPart(event)]));
}

/** A hint to a user's open tabs that their notifications (or their press in a game) changed. */
export async function publishToUser(tx: Db, userId: string, hint: Omit<UserEvent, "userId" | "id"> = { kind: "notification" }): Promise<void> {
  await insertAndNotify(tx, USER_EVENTS_CHANNEL, null, userId, { userId, ...hint });
}

async function insertAndNotify(tx: Db, channel: string, gameId: number | null, userId: string | null, payload: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(payload);
  await tx.execute(sql`
    with e as (insert into ${events} (game_id, user_id, payload) values (${gameId}, ${userId}, ${json}::jsonb) returning id)
    select pg_notify(${channel}, jsonb_set(${json}::jsonb, '{id}', to_jsonb(e.id))::text) from e`);
}

/** The same hint to several users at once (CTE named `name`), whatever their number. */
export function userEventsPart(userIds: string[], hint: Omit<UserEvent, "userId" | "id">, name = "user_events"): EventsPart {
  const row = sql.raw(name);
  const rows = userIds.map((userId) => sql`(${userId}, ${JSON.stringify({ userId, ...hint })}::jsonb)`);
  return {
    cte: sql`${row} as (insert into ${events} (user_id, payload) values ${sql.join(rows, sql`, `)} returning id, payload)`,
    select: sql`select pg_notify(${USER_EVENTS_CHANNEL}, jsonb_set(${row}.payload, '{id}', to_jsonb(${row}.id))::text) from ${row}`,
  };
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
    .where(and(isNotNull(events.gameId), gt(events.id, afterId), inArray(sql`${events.payload}->>'kind'`, [...LOBBY_KINDS]), sql`not (${events.payload} ? 'private')`))
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
