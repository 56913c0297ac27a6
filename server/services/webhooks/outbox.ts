// Webhook deliveries are written in the transaction that tells the event (notify.ts), as rows of an
// outbox; the delivery loop sends them later, so no receiver, slow or dead, ever holds a turn.
//
// Secrecy by construction: a user's webhook is given only the notes addressed to that user, which
// already say only what that user may see (a battle's decision note goes to its chooser alone; no
// note carries orders). The one addition: a game's creator's webhook for that game also hears the
// game's public events, turn resolved and game over, whose words name no secret.
import { sql, type SQL } from "drizzle-orm";
import { games, webhooks, type webhookDeliveries, type NotificationFact, type NotificationKind, type WebhookEvent } from "../../../db/schema";

/** A told event, as notify() created it. */
export interface ToldNote {
  userId: string;
  gameId: number | null;
  kind: NotificationKind;
  text: string;
  url: string;
  eventKey: string | null;
  fact: NotificationFact | null;
  createdAt: Date;
}

/** A delivery's text is cut to this length, so a payload stays small whatever a game is named. */
export const MAX_WEBHOOK_TEXT = 1000;

const EVENTS = new Set<string>(["turn-resolved", "deadline-soon", "decision-waiting", "game-over"] satisfies WebhookEvent[]);
/** Events whose words are public (every player of the game is told the same text). */
const PUBLIC_EVENTS = new Set<string>(["turn-resolved", "game-over"] satisfies WebhookEvent[]);

/** The body's fields (before the format): what the note said, where to open it, and the deadline of a reminder. */
function payloadOf(note: ToldNote): Record<string, unknown> {
  const extra = note.fact?.kind === "deadline-soon" ? { nation: note.fact.nation, deadline: note.fact.deadline } : note.fact?.kind === "decision-waiting" ? { nation: note.fact.nation } : {};
  return { event: note.kind, gameId: note.gameId, text: note.text.slice(0, MAX_WEBHOOK_TEXT), url: note.url, occurredAt: note.createdAt.toISOString(), ...extra };
}

/** A webhook as notify() reads it: what decides whether it hears a note. */
export interface HookRow {
  id: number;
  userId: string;
  events: WebhookEvent[];
  gameId: number | null;
  /** Its owner created the game it is for (it hears the game's public events). */
  creator: boolean;
}

/**
 * The webhooks that may hear notes to `userIds` in `gameIds`, as a json array (a fragment of notify's
 * one read): the users' own, and a creator's webhooks for these games (the creator may play no
 * nation in them).
 */
export function webhooksOfQuery(userIds: string[] | SQL, gameIds: number[] | SQL): SQL {
  // A list of values, or a subquery of them (the adjudication's: the game's seated users).
  const list = (values: (string | number)[] | SQL) => (Array.isArray(values) ? sql.join(values.map((v) => sql`${v}`), sql`, `) : values);
  const row = sql`json_build_object('id', w.id, 'userId', w.user_id, 'events', w.events, 'gameId', w.game_id, 'creator', false)`;
  const own = sql`select ${row} as h from ${webhooks} w where w.user_id in (${list(userIds)})`;
  if (Array.isArray(gameIds) && gameIds.length === 0) return sql`(select json_agg(h) from (${own}) x)`;
  const creators = sql`select json_build_object('id', w.id, 'userId', w.user_id, 'events', w.events, 'gameId', w.game_id, 'creator', true) as h
    from ${webhooks} w join ${games} g on g.id = w.game_id and g.created_by = w.user_id where w.game_id in (${list(gameIds)})`;
  return sql`(select json_agg(h) from (${own} union all ${creators}) x)`;
}

/** The webhook deliveries of these notes (notify() inserts them in the transaction that created the notes). */
export function webhookRows(notes: ToldNote[], hooks: HookRow[]): (typeof webhookDeliveries.$inferInsert)[] {
  const told = notes.filter((n) => EVENTS.has(n.kind) && n.eventKey);
  const own = hooks.filter((h) => !h.creator);
  const creators = hooks.filter((h) => h.creator);
  // The same event reaches a webhook once (its key), however many of the game's notes name it.
  const rows = new Map<string, typeof webhookDeliveries.$inferInsert>();
  for (const note of told) {
    const wants = (h: HookRow) => h.events.includes(note.kind as WebhookEvent) && (h.gameId === null || h.gameId === note.gameId);
    const candidates = [...own.filter((h) => h.userId === note.userId), ...(PUBLIC_EVENTS.has(note.kind) ? creators : [])];
    for (const hook of candidates.filter(wants)) rows.set(`${hook.id}\n${note.eventKey}`, { webhookId: hook.id, event: note.kind, eventKey: note.eventKey!, payload: payloadOf(note) });
  }
  return [...rows.values()];
}
