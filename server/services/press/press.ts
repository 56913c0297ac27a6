// Press (issue 14): the channels a player may read with their unread counts, a page of messages,
// sending (rate-limited, tagged with the turn and phase), opening a private channel, read state and
// mutes. Every read goes through access.ts: a channel the user may not read does not exist for them.
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pressChannelMembers, pressChannels, pressMessages, pressMutes, pressReads, seats, users, type SeatSide } from "../../../db/schema";
import { conflict, forbidden, ServiceError } from "../errors";
import { currentPhase } from "../phases";
import { memberKey, orderSides, pressAccess, pressSideOrder, publicChannel, readableChannel, readableChannels, type Channel, type PressAccess } from "./access";
import { notifyPress } from "./notify";

/** A user sends at most this many messages a minute and an hour, over all games. */
export const RATE_PER_MINUTE = 10;
export const RATE_PER_HOUR = 120;
export const PAGE_SIZE = 50;

export interface ChannelSummary extends Channel {
  unread: number;
  muted: boolean;
  /** The user's nations that may write here now. */
  writers: SeatSide[];
}

export interface PressChannels {
  mode: "full" | "public" | "none";
  /** The user plays in the game; spectators read only the public channel of a game that is over. */
  player: boolean;
  finished: boolean;
  /** Nations this user may send as (and open channels for). */
  writers: SeatSide[];
  /** Every side of the game (whom a private channel may include). */
  sides: SeatSide[];
  /** The game's creator reads the reported messages. */
  moderator: boolean;
  channels: ChannelSummary[];
}

async function unreadOf(db: Db, userId: string, channelIds: number[]): Promise<Map<number, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .select({ channelId: pressMessages.channelId, n: count() })
    .from(pressMessages)
    .leftJoin(pressReads, and(eq(pressReads.channelId, pressMessages.channelId), eq(pressReads.userId, userId)))
    .where(
      and(
        inArray(pressMessages.channelId, channelIds),
        gt(pressMessages.id, sql`coalesce(${pressReads.lastReadId}, 0)`),
        or(isNull(pressMessages.sentBy), ne(pressMessages.sentBy, userId)),
      ),
    )
    .groupBy(pressMessages.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

export async function listChannels(db: Db, userId: string, gameId: number): Promise<PressChannels> {
  const access = await pressAccess(db, userId, gameId);
  let channels = await readableChannels(db, access);
  // Games from before press get their public channel when a player first looks.
  if (access.player && access.mode !== "none" && !access.finished && !channels.some((c) => c.kind === "public")) {
    await publicChannel(db, gameId);
    channels = await readableChannels(db, access);
  }
  const ids = channels.map((c) => c.id);
  const unread = await unreadOf(db, userId, ids);
  const muted = ids.length ? (await db.select().from(pressMutes).where(and(eq(pressMutes.userId, userId), inArray(pressMutes.channelId, ids)))).map((m) => m.channelId) : [];
  return {
    mode: access.mode,
    player: access.player,
    finished: access.finished,
    writers: access.writers,
    sides: access.sides,
    moderator: access.game.createdBy === userId,
    channels: channels.map((c) => ({
      ...c,
      unread: unread.get(c.id) ?? 0,
      muted: muted.includes(c.id),
      writers: access.writers.filter((n) => c.members.includes(n)),
    })),
  };
}

export interface PressMessage {
  id: number;
  channelId: number;
  sender: SeatSide;
  text: string;
  turn: number;
  phase: string;
  sentAt: string;
  mine: boolean;
}

/** Messages of one channel, newest last; `before` pages back. */
export async function channelMessages(db: Db, userId: string, gameId: number, channelId: number, before?: number) {
  const access = await pressAccess(db, userId, gameId);
  const channel = await readableChannel(db, access, channelId);
  const rows = await db
    .select()
    .from(pressMessages)
    .where(and(eq(pressMessages.channelId, channel.id), before ? lt(pressMessages.id, before) : undefined))
    .orderBy(desc(pressMessages.id))
    .limit(PAGE_SIZE + 1);
  const [read] = await db.select().from(pressReads).where(and(eq(pressReads.userId, userId), eq(pressReads.channelId, channel.id)));
  return {
    channel,
    lastReadId: read?.lastReadId ?? 0,
    more: rows.length > PAGE_SIZE,
    messages: rows
      .slice(0, PAGE_SIZE)
      .reverse()
      .map((m): PressMessage => ({
        id: m.id,
        channelId: m.channelId,
        sender: m.senderNation,
        text: m.text,
        turn: m.turn,
        phase: m.phase,
        sentAt: m.createdAt.toISOString(),
        mine: m.sentBy === userId,
      })),
  };
}

function writerOf(access: PressAccess, nation: SeatSide): void {
  if (access.finished) throw conflict("The game is over: its press is an archive now");
  if (access.mode === "none") throw forbidden("This game has no press");
  if (!access.writers.includes(nation)) throw forbidden(`You do not write for ${nation} in this game`);
}

/** The turn and phase a message is sent in. */
async function phaseTag(db: Db, access: PressAccess): Promise<{ turn: number; phase: string }> {
  const phase = await currentPhase(db, access.game.id);
  if (!phase || access.game.status === "open") return { turn: 0, phase: "waiting" };
  const name = phase.status === "open" || phase.status === "resolving" ? "orders" : phase.status === "resolved" ? "over" : phase.status;
  return { turn: phase.turn, phase: name };
}

/**
 * Rate limit per player, counted from the messages table so it holds across server processes; the
 * user's row is locked first, so two sends at once are counted one after the other.
 */
async function checkRate(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await tx
    .select({
      minute: sql<number>`count(*) filter (where ${pressMessages.createdAt} > now() - interval '1 minute')`,
      hour: count(),
    })
    .from(pressMessages)
    .where(and(eq(pressMessages.sentBy, userId), gt(pressMessages.createdAt, sql`now() - interval '1 hour'`)));
  if (Number(row?.minute ?? 0) >= RATE_PER_MINUTE) throw new ServiceError("TOO_MANY_REQUESTS", `At most ${RATE_PER_MINUTE} messages a minute: wait a moment`);
  if (Number(row?.hour ?? 0) >= RATE_PER_HOUR) throw new ServiceError("TOO_MANY_REQUESTS", `At most ${RATE_PER_HOUR} messages an hour`);
}

export async function sendMessage(db: Db, userId: string, input: { gameId: number; channelId: number; nation: SeatSide; text: string }): Promise<PressMessage> {
  return db.transaction(async (tx) => {
    const access = await pressAccess(tx, userId, input.gameId);
    const channel = await readableChannel(tx, access, input.channelId);
    writerOf(access, input.nation);
    if (!channel.members.includes(input.nation)) throw forbidden(`${input.nation} is not in this channel`);
    await checkRate(tx, userId);
    const tag = await phaseTag(tx, access);
    const [m] = await tx
      .insert(pressMessages)
      .values({ channelId: channel.id, gameId: input.gameId, senderNation: input.nation, sentBy: userId, text: input.text, ...tag })
      .returning();
    // What one has written is read.
    await markReadTx(tx, userId, channel.id, m!.id);
    await notifyPress(tx, access.game, channel, m!);
    return { id: m!.id, channelId: channel.id, sender: m!.senderNation, text: m!.text, turn: m!.turn, phase: m!.phase, sentAt: m!.createdAt.toISOString(), mine: true };
  });
}

/** Open a private channel of `members` (the opener's nation among them); an existing one is returned. */
export async function openChannel(db: Db, userId: string, input: { gameId: number; nation: SeatSide; members: SeatSide[] }): Promise<{ channelId: number; existed: boolean }> {
  return db.transaction(async (tx) => {
    const access = await pressAccess(tx, userId, input.gameId);
    writerOf(access, input.nation);
    const stranger = input.members.find((n) => !access.sides.includes(n));
    if (stranger) throw new ServiceError("BAD_REQUEST", `${stranger} is not a side of this game`);
    const members = orderSides([...input.members, input.nation], pressSideOrder(access.game));
    if (access.mode !== "full") throw forbidden("This game has public press only");
    if (members.length < 2) throw new ServiceError("BAD_REQUEST", "A private channel needs at least two nations");
    if (members.length === access.sides.length) throw new ServiceError("BAD_REQUEST", `All ${access.sides.length === 5 ? "five nations" : "the sides"}: that is the public channel`);
    const key = memberKey("private", members, pressSideOrder(access.game));
    const [made] = await tx.insert(pressChannels).values({ gameId: input.gameId, kind: "private", memberKey: key, openedBy: input.nation }).onConflictDoNothing().returning();
    if (made) {
      await tx.insert(pressChannelMembers).values(members.map((nation) => ({ channelId: made.id, nation })));
      return { channelId: made.id, existed: false };
    }
    const [row] = await tx.select({ id: pressChannels.id }).from(pressChannels).where(and(eq(pressChannels.gameId, input.gameId), eq(pressChannels.memberKey, key)));
    return { channelId: row!.id, existed: true };
  });
}

async function markReadTx(tx: Db, userId: string, channelId: number, upTo: number): Promise<void> {
  await tx
    .insert(pressReads)
    .values({ userId, channelId, lastReadId: upTo })
    .onConflictDoUpdate({ target: [pressReads.userId, pressReads.channelId], set: { lastReadId: sql`greatest(${pressReads.lastReadId}, ${upTo})` } });
}

/** Read up to a message (never backwards; never past the channel's last message). */
export async function markRead(db: Db, userId: string, input: { gameId: number; channelId: number; upTo: number }): Promise<{ unread: number }> {
  const access = await pressAccess(db, userId, input.gameId);
  const channel = await readableChannel(db, access, input.channelId);
  const [last] = await db.select({ id: sql<number>`coalesce(max(${pressMessages.id}), 0)` }).from(pressMessages).where(eq(pressMessages.channelId, channel.id));
  await markReadTx(db, userId, channel.id, Math.min(input.upTo, Number(last?.id ?? 0)));
  return { unread: (await unreadOf(db, userId, [channel.id])).get(channel.id) ?? 0 };
}

export async function muteChannel(db: Db, userId: string, input: { gameId: number; channelId: number; muted: boolean }): Promise<{ muted: boolean }> {
  const access = await pressAccess(db, userId, input.gameId);
  const channel = await readableChannel(db, access, input.channelId);
  if (input.muted) await db.insert(pressMutes).values({ userId, channelId: channel.id }).onConflictDoNothing();
  else await db.delete(pressMutes).where(and(eq(pressMutes.userId, userId), eq(pressMutes.channelId, channel.id)));
  return { muted: input.muted };
}

/** Unread press per game the user plays (the lobby's "your games"). */
export async function unreadByGame(db: Db, userId: string): Promise<Record<number, number>> {
  const games = await db.selectDistinct({ gameId: seats.gameId }).from(seats).where(eq(seats.userId, userId));
  const out: Record<number, number> = {};
  for (const { gameId } of games) {
    const channels = await readableChannels(db, await pressAccess(db, userId, gameId));
    const unread = await unreadOf(db, userId, channels.map((c) => c.id));
    const total = [...unread.values()].reduce((a, b) => a + b, 0);
    if (total > 0) out[gameId] = total;
  }
  return out;
}
