// Telling a channel's members of a message (issue 14), through the one outbox (notify.ts, dispatch.ts):
// each member's open tabs hear of it live; in-app and push per message (quiet hours are the
// dispatcher's); email as a digest per game at most once an hour, written when it is sent and only
// of what is still unread. Only the members' players are told: a non-member hears nothing at all.
import { and, asc, desc, eq, gte, inArray, isNull, or, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { deliveries, notifications, notificationSettings, pressMessages, pressMutes, pressReads, pushSubscriptions, seats, users, type NotificationFact } from "../../../db/schema";
import { publishToUser } from "../events";
import { publicIds } from "../public-ids";
import { allChannels, pressAccess, mayRead, type Channel, type Game } from "./access";

type Message = typeof pressMessages.$inferSelect;

/** Minutes the first digest waits (a player in the game reads the message first) and between two. */
const DIGEST_DELAY_MINUTES = 10;
const DIGEST_EVERY_MINUTES = 60;
const PREVIEW = 140;

export function channelLabel(channel: Channel): string {
  return channel.kind === "public" ? "public press" : channel.members.join(", ");
}

/** The in-app and push line: who wrote, where, and the start of the text (all as plain text). */
export function pressNoteText(gameName: string, channel: Channel, m: { senderNation: string; text: string }): string {
  const oneLine = m.text.replace(/\s+/g, " ").trim();
  const preview = oneLine.length > PREVIEW ? `${oneLine.slice(0, PREVIEW - 1)}…` : oneLine;
  return `${m.senderNation} in ${channel.kind === "public" ? "public press" : `your channel with ${channel.members.filter((n) => n !== m.senderNation).join(", ")}`} (${gameName}): ${preview}`;
}

/** The users who play the channel's member nations now (a robot's nation has none). */
async function memberUsers(tx: Db, gameId: number, channel: Channel): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: seats.userId })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), inArray(seats.nation, channel.members)));
  return rows.map((r) => r.userId).filter((id): id is string => id !== null);
}

export async function notifyPress(tx: Db, game: Game, channel: Channel, m: Message): Promise<void> {
  const members = await memberUsers(tx, game.id, channel);
  // Every member's open tabs refetch (the sender's other tabs too); the hint names only the game.
  for (const userId of members) await publishToUser(tx, userId, { kind: "press", gameId: game.id });
  const others = members.filter((u) => u !== m.sentBy);
  if (others.length === 0) return;
  const muted = new Set((await tx.select().from(pressMutes).where(and(eq(pressMutes.channelId, channel.id), inArray(pressMutes.userId, others)))).map((r) => r.userId));
  const told = others.filter((u) => !muted.has(u));
  if (told.length === 0) return;
  const settings = await tx.select().from(notificationSettings).where(inArray(notificationSettings.userId, told));
  const subscribed = new Set(
    (await tx.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, told))).map((r) => r.userId),
  );
  const emails = new Map((await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, told))).map((u) => [u.id, u.email]));
  const text = pressNoteText(game.name, channel, m);
  // The link names the channel by its public id, as the press panel knows it.
  const url = `/game/${game.id}?press=${(await publicIds(tx)).toPublic("channel", channel.id)}`;
  for (const userId of told) {
    const s = settings.find((r) => r.userId === userId);
    const inApp = s?.pressInApp ?? true;
    const push = (s?.pressPush ?? true) && (s?.push ?? true) && subscribed.has(userId);
    if (inApp || push) {
      const fact: NotificationFact = { kind: "press-message", channelId: channel.id, messageId: m.id };
      // With in-app off the row exists only to carry the push: it is born read (no badge).
      const [note] = await tx
        .insert(notifications)
        .values({ userId, gameId: game.id, kind: "press-message", text, url, eventKey: `press:${m.id}`, fact, readAt: inApp ? null : sql`now()` })
        .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
        .returning({ id: notifications.id });
      if (note && push) await tx.insert(deliveries).values({ notificationId: note.id, channel: "push" }).onConflictDoNothing();
      if (note && inApp) await publishToUser(tx, userId);
    }
    if ((s?.pressEmail ?? true) && (s?.email ?? true) && emails.get(userId)) await queueDigest(tx, userId, game, m.id);
  }
}

/**
 * One digest waits per user and game: a message that finds one waiting is in it already (it is
 * written when sent). Otherwise a new one is due an hour after the last one sent, at the soonest.
 */
async function queueDigest(tx: Db, userId: string, game: Game, messageId: number): Promise<void> {
  const digests = await tx
    .select({ status: deliveries.status, sentAt: deliveries.sentAt })
    .from(notifications)
    .innerJoin(deliveries, eq(deliveries.notificationId, notifications.id))
    .where(and(eq(notifications.userId, userId), eq(notifications.gameId, game.id), eq(notifications.kind, "press-digest")))
    .orderBy(desc(notifications.id))
    .limit(5);
  if (digests.some((d) => d.status === "pending" || d.status === "sending")) return;
  const lastSent = digests.find((d) => d.sentAt)?.sentAt ?? null;
  const soonest = Date.now() + DIGEST_DELAY_MINUTES * 60_000;
  const due = new Date(Math.max(soonest, lastSent ? lastSent.getTime() + DIGEST_EVERY_MINUTES * 60_000 : 0));
  const fact: NotificationFact = { kind: "press-digest", gameId: game.id, fromMessageId: messageId };
  const [note] = await tx
    .insert(notifications)
    .values({ userId, gameId: game.id, kind: "press-digest", text: `New press in ${game.name}`, url: `/game/${game.id}`, eventKey: `press-digest:${game.id}:${messageId}`, fact, readAt: sql`now()` })
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id });
  if (note) await tx.insert(deliveries).values({ notificationId: note.id, channel: "email", dueAt: due }).onConflictDoNothing();
}

/** The messages a digest tells: still unread by the user, in channels they still read and have not muted. */
async function digestMessages(db: Db, userId: string, fact: Extract<NotificationFact, { kind: "press-digest" }>) {
  const access = await pressAccess(db, userId, fact.gameId).catch(() => null);
  if (!access) return { access, channels: [], messages: [] };
  const muted = new Set((await db.select().from(pressMutes).where(eq(pressMutes.userId, userId))).map((r) => r.channelId));
  const channels = (await allChannels(db, access.game)).filter((c) => mayRead(access, c) && !muted.has(c.id));
  if (channels.length === 0) return { access, channels, messages: [] };
  const messages = await db
    .select({ m: pressMessages })
    .from(pressMessages)
    .leftJoin(pressReads, and(eq(pressReads.channelId, pressMessages.channelId), eq(pressReads.userId, userId)))
    .where(
      and(
        inArray(pressMessages.channelId, channels.map((c) => c.id)),
        gte(pressMessages.id, fact.fromMessageId),
        sql`${pressMessages.id} > coalesce(${pressReads.lastReadId}, 0)`,
        or(isNull(pressMessages.sentBy), ne(pressMessages.sentBy, userId)),
      ),
    )
    .orderBy(asc(pressMessages.id))
    .limit(100);
  return { access, channels, messages: messages.map((r) => r.m) };
}

/** The digest's text, written when it is sent; null when nothing is left unread. */
export async function digestText(db: Db, userId: string, fact: Extract<NotificationFact, { kind: "press-digest" }>): Promise<string | null> {
  const { access, channels, messages } = await digestMessages(db, userId, fact);
  if (!access || messages.length === 0) return null;
  const lines = messages.map((m) => {
    const channel = channels.find((c) => c.id === m.channelId)!;
    return `${m.senderNation} in ${channelLabel(channel)} (turn ${m.turn}, ${m.phase}):\n${m.text}`;
  });
  const n = messages.length;
  return `${n} unread press message${n === 1 ? "" : "s"} in ${access.game.name}\n\n${lines.join("\n\n")}`;
}

/** The dispatcher's check before a press push or digest goes out (notify-facts.ts). */
export async function pressStaleReason(db: Db, fact: NotificationFact, userId: string): Promise<string | null> {
  if (fact.kind === "press-digest") return (await digestText(db, userId, fact)) === null ? "the press was read" : null;
  if (fact.kind !== "press-message") return null;
  const [message] = await db.select().from(pressMessages).where(eq(pressMessages.id, fact.messageId));
  if (!message) return "the message is gone";
  const access = await pressAccess(db, userId, message.gameId).catch(() => null);
  if (!access) return "you no longer read that channel";
  const channel = (await allChannels(db, access.game)).find((c) => c.id === fact.channelId);
  if (!channel || !mayRead(access, channel)) return "you no longer read that channel";
  const [mute] = await db.select().from(pressMutes).where(and(eq(pressMutes.userId, userId), eq(pressMutes.channelId, channel.id)));
  if (mute) return "the channel is muted";
  const [s] = await db.select({ pressPush: notificationSettings.pressPush }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  if (s && !s.pressPush) return "press push is turned off";
  const [read] = await db.select().from(pressReads).where(and(eq(pressReads.userId, userId), eq(pressReads.channelId, channel.id)));
  return read && read.lastReadId >= message.id ? "the message was read" : null;
}
