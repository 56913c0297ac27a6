// The one way a service tells players something: inside the service's own transaction, one in-app
// notification per event and user (the unique event key makes a repeat a no-op), plus an outbox row
// for each other channel the user has on, and one for each of the user's webhooks that asked for the
// event (webhooks/outbox.ts). The dispatchers (dispatch.ts, webhooks/deliver.ts) send those later, once.
//
// Three round trips whatever the number of notes (a turn tells every player at once, inside the
// adjudication's transaction, where each round trip holds the phase's row lock): one read of all
// that decides who is told how, the notifications' insert, and one statement for the outboxes and
// the users' live hints.
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { deliveries, games, notifications, notificationSettings, pushSubscriptions, seats, type DeliveryChannel, type NotificationFact, type NotificationKind, webhookDeliveries } from "../../db/schema";
import type { GameEvent } from "../runtime-events";
import { eventsStatement, gameEventPart, publish, userEventsPart, type EventsPart } from "./events";
import { webhookRows, webhooksOfQuery, type HookRow } from "./webhooks/outbox";

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

/** What decides who is told how, read at once (json aggregates: one row whatever the number of users). */
export interface Audience {
  /** Sandbox games among the notes' (issue 24: a sandbox never tells anyone anything). */
  quiet: number[];
  /** Decision notes with the same words still unread. */
  unread: { userId: string; text: string }[];
  settings: { userId: string; email: boolean; push: boolean }[];
  subscribed: string[];
  hooks: HookRow[];
}

const ids = (values: (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

async function audienceOf(tx: Db, notes: Note[]): Promise<Audience> {
  const userIds = [...new Set(notes.map((n) => n.userId))];
  const gameIds = [...new Set(notes.map((n) => n.gameId))];
  const decisionNotes = notes.filter((n) => n.kind === "decision-waiting");
  // Only a decision's note is dropped when the same one is still unread: a turn's notes skip this read.
  const unread = decisionNotes.length === 0
    ? sql`'[]'::json`
    : sql`(select json_agg(json_build_object('userId', n.user_id, 'text', n.text)) from ${notifications} n
        where n.user_id in (${ids([...new Set(decisionNotes.map((d) => d.userId))])}) and n.text in (${ids([...new Set(decisionNotes.map((d) => d.text))])})
        and n.kind = 'decision-waiting' and n.read_at is null)`;
  const result = (await tx.execute(sql`select ${audienceColumns(ids(userIds), ids(gameIds), unread)}`)) as unknown as Audience[] | { rows: Audience[] };
  return (Array.isArray(result) ? result : result.rows)[0]!;
}

/** The Audience's columns, of the users and games listed (values or subqueries). */
function audienceColumns(userList: SQL, gameList: SQL, unread: SQL): SQL {
  return sql`coalesce((select json_agg(g.id) from ${games} g where g.id in (${gameList}) and g.sandbox), '[]'::json) as quiet,
      coalesce(${unread}, '[]'::json) as unread,
      coalesce((select json_agg(json_build_object('userId', s.user_id, 'email', s.email, 'push', s.push)) from ${notificationSettings} s where s.user_id in (${userList})), '[]'::json) as settings,
      coalesce((select json_agg(distinct p.user_id) from ${pushSubscriptions} p where p.user_id in (${userList})), '[]'::json) as subscribed,
      coalesce(${webhooksOfQuery(userList, gameList)}, '[]'::json) as hooks`;
}

/**
 * The audience of notes to every seated player of a game (a turn resolved, the game over), as columns
 * for the caller's own read (the adjudication's inputs: a round trip fewer). Not for decision notes,
 * whose unread twins it does not read.
 */
export function seatedAudienceColumns(gameId: number): SQL {
  return audienceColumns(sql`select s.user_id from ${seats} s where s.game_id = ${gameId} and s.user_id is not null`, sql`${gameId}`, sql`'[]'::json`);
}

/**
 * Record notes; returns how many were new. Call inside the caller's transaction. One per fact: a
 * decision-waiting note whose words the user already has unread (the same battle asked again next
 * round) is not told twice; once read, it may be told again. (Other kinds keep their event keys: a
 * moved deadline is news even in the same words.)
 */
export async function notify(tx: Db, all: Note[], withEvent?: GameEvent, audience?: Audience): Promise<number> {
  const told = await record(tx, all, withEvent ? [gameEventPart(withEvent)] : [], audience);
  // Nobody new was told: the game's event still goes out, alone.
  if (told === 0 && withEvent) await publish(tx, withEvent);
  return told;
}

/**
 * notify()'s work (`read`: the notes' audience, when the caller read it with its own statement); `parts` (a game's event) join the last statement, which runs only when a note was
 * created (0 returned: the caller publishes them).
 */
async function record(tx: Db, all: Note[], parts: EventsPart[], read?: Audience): Promise<number> {
  if (all.length === 0) return 0;
  const audience = read ?? (await audienceOf(tx, all));
  const notes = audience.quiet.length > 0 ? all.filter((n) => !audience.quiet.includes(n.gameId)) : all;
  const unread = new Set(audience.unread.map((r) => `${r.userId}\n${r.text}`));
  const fresh = notes.filter((n) => {
    if (n.kind !== "decision-waiting") return true;
    const key = `${n.userId}\n${n.text}`;
    if (unread.has(key)) return false;
    unread.add(key);
    return true;
  });
  if (fresh.length === 0) return 0;
  const created = await tx
    .insert(notifications)
    .values(fresh)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning();
  if (created.length === 0) return 0;
  const userIds = [...new Set(created.map((n) => n.userId))];
  const channels = channelsOf(audience, userIds);
  const sends = created.flatMap((n) => (channels.get(n.userId) ?? []).map((channel) => sql`(${n.id}, ${channel})`));
  const hooked = webhookRows(created, audience.hooks).map((r) => sql`(${r.webhookId}, ${r.event}, ${r.eventKey}, ${JSON.stringify(r.payload)}::jsonb)`);
  // Unreferenced data-modifying CTEs still run, once, in the same statement as the events.
  const outboxes: SQL[] = [];
  if (sends.length > 0) outboxes.push(sql`sent as (insert into ${deliveries} (notification_id, channel) values ${sql.join(sends, sql`, `)} on conflict do nothing)`);
  if (hooked.length > 0) outboxes.push(sql`hooked as (insert into ${webhookDeliveries} (webhook_id, event, event_key, payload) values ${sql.join(hooked, sql`, `)} on conflict do nothing)`);
  await tx.execute(eventsStatement([userEventsPart(userIds, { kind: "notification" }), ...parts], outboxes));
  return created.length;
}

/** The channels each user has on now (the dispatcher checks again when it sends). */
function channelsOf(audience: Audience, userIds: string[]): Map<string, DeliveryChannel[]> {
  const subscribed = new Set(audience.subscribed);
  const out = new Map<string, DeliveryChannel[]>();
  for (const userId of userIds) {
    const s = audience.settings.find((r) => r.userId === userId);
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
