// Who may read and write which press channel of a game (issue 14). A channel is readable by the
// players of its member nations (the correspondence belongs to the nation: whoever plays it now reads
// it all); once the game is over by every player of the game, and its public channel by spectators
// too (docs/rules-decisions.md, "Press"). Everything else is as if the channel did not exist.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, pressChannelMembers, pressChannels, seats, type PressMode } from "../../../db/schema";
import { NATIONS, type Nation } from "../../engine";
import { notFound } from "../errors";

export type Game = typeof games.$inferSelect;

export interface PressAccess {
  game: Game;
  mode: PressMode;
  /** Nations this user plays in the game (robots playing for them included). */
  nations: Nation[];
  /** Nations this user may write for: played by them, not by a robot, while the game is not over. */
  writers: Nation[];
  /** The user plays in the game (otherwise a spectator). */
  player: boolean;
  finished: boolean;
}

export interface Channel {
  id: number;
  kind: "public" | "private";
  members: Nation[];
}

export function pressMode(game: Game): PressMode {
  return game.options.press ?? "full";
}

export async function pressAccess(db: Db, userId: string, gameId: number): Promise<PressAccess> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("That game");
  const mine = await db.select({ nation: seats.nation, robot: seats.robot }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId)));
  const finished = game.status === "finished";
  const mode = pressMode(game);
  const nations = NATIONS.filter((n) => mine.some((s) => s.nation === n));
  const writers = mode === "none" || finished ? [] : NATIONS.filter((n) => mine.some((s) => s.nation === n && !s.robot));
  return { game, mode, nations, writers, player: nations.length > 0, finished };
}

/** May this user read this channel? (The one rule every read path asks.) */
export function mayRead(access: PressAccess, channel: Channel): boolean {
  if (access.mode === "none") return false;
  if (access.mode === "public" && channel.kind !== "public") return false;
  if (access.finished) return access.player || channel.kind === "public";
  return channel.members.some((n) => access.nations.includes(n));
}

/** Every channel of a game with its members (before filtering: never return this as it is). */
export async function allChannels(db: Db, gameId: number): Promise<Channel[]> {
  const rows = await db.select().from(pressChannels).where(eq(pressChannels.gameId, gameId));
  if (rows.length === 0) return [];
  const members = await db
    .select()
    .from(pressChannelMembers)
    .where(inArray(pressChannelMembers.channelId, rows.map((r) => r.id)));
  return rows
    .map((r) => ({ id: r.id, kind: r.kind, members: NATIONS.filter((n) => members.some((m) => m.channelId === r.id && m.nation === n)) }))
    .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === "public" ? -1 : 1));
}

export async function readableChannels(db: Db, access: PressAccess): Promise<Channel[]> {
  if (access.mode === "none" || (!access.player && !access.finished)) return [];
  return (await allChannels(db, access.game.id)).filter((c) => mayRead(access, c));
}

/** One channel the user may read; anything else is "not found", whether it exists or not. */
export async function readableChannel(db: Db, access: PressAccess, channelId: number): Promise<Channel> {
  const channel = (await readableChannels(db, access)).find((c) => c.id === channelId);
  if (!channel) throw notFound("That channel");
  return channel;
}

/** The key that makes a member set unique in a game. */
export function memberKey(kind: "public" | "private", members: Nation[]): string {
  return kind === "public" ? "public" : NATIONS.filter((n) => members.includes(n)).join("+");
}

/** The public channel of a game, made on first use (games from before press have none yet). */
export async function publicChannel(tx: Db, gameId: number): Promise<Channel> {
  await tx.insert(pressChannels).values({ gameId, kind: "public", memberKey: "public" }).onConflictDoNothing();
  const [row] = await tx.select().from(pressChannels).where(and(eq(pressChannels.gameId, gameId), eq(pressChannels.memberKey, "public")));
  await tx
    .insert(pressChannelMembers)
    .values(NATIONS.map((nation) => ({ channelId: row!.id, nation })))
    .onConflictDoNothing();
  return { id: row!.id, kind: "public", members: [...NATIONS] };
}
