// Who may read and write which press channel of a game (issue 14). A channel is readable by the
// players of its member nations (the correspondence belongs to the nation: whoever plays it now reads
// it all); once the game is over by every player of the game, and its public channel by spectators
// too (docs/rules-decisions.md, "Press"). Everything else is as if the channel did not exist.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, pressChannelMembers, pressChannels, seats, type PressMode, type SeatSide } from "../../../db/schema";
import { CLASSIC, scenarioSides } from "../ruleset-games/rulesets";
import { notFound } from "../errors";

export type Game = typeof games.$inferSelect;

export interface PressAccess {
  game: Game;
  mode: PressMode;
  /** Every seated side of the game (the five nations in 1942; another ruleset's side ids otherwise). */
  sides: SeatSide[];
  /** Nations this user plays in the game (robots playing for them included). */
  nations: SeatSide[];
  /** Nations this user may write for: played by them, not by a robot, while the game is not over. */
  writers: SeatSide[];
  /** The user plays in the game (otherwise a spectator). */
  player: boolean;
  finished: boolean;
}

export interface Channel {
  id: number;
  kind: "public" | "private";
  members: SeatSide[];
}

export function pressMode(game: Game): PressMode {
  return game.options.press ?? "full";
}

export async function pressAccess(db: Db, userId: string, gameId: number): Promise<PressAccess> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw notFound("That game");
  const seated = await db.select({ nation: seats.nation, robot: seats.robot, userId: seats.userId }).from(seats).where(eq(seats.gameId, gameId));
  const mine = seated.filter((s) => s.userId === userId);
  const finished = game.status === "finished";
  const mode = pressMode(game);
  const order = pressSideOrder(game);
  const nations = orderSides(mine.map((s) => s.nation), order);
  const writers = mode === "none" || finished ? [] : orderSides(mine.filter((s) => !s.robot).map((s) => s.nation), order);
  return { game, mode, sides: orderSides(seated.map((s) => s.nation), order), nations, writers, player: nations.length > 0, finished };
}

/**
 * The order press lists a game's sides in: a 1942 game's in its ruleset's seating order (the five
 * nations), any other game's alphabetically (`[]`) — the order their stored member keys were made in.
 */
export function pressSideOrder(game: Pick<Game, "ruleset" | "scenario">): readonly string[] {
  return game.ruleset === CLASSIC ? scenarioSides(game) : [];
}

/** Sides in one fixed order, so a member set has one key: those in `order` first, in it, the rest alphabetically. */
export function orderSides(list: readonly SeatSide[], order: readonly string[]): SeatSide[] {
  const unique = [...new Set(list)];
  const listed = unique.filter((n) => order.includes(n)).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return [...listed, ...unique.filter((n) => !order.includes(n)).sort()];
}

/** May this user read this channel? (The one rule every read path asks.) */
export function mayRead(access: PressAccess, channel: Channel): boolean {
  if (access.mode === "none") return false;
  if (access.mode === "public" && channel.kind !== "public") return false;
  if (access.finished) return access.player || channel.kind === "public";
  return channel.members.some((n) => access.nations.includes(n));
}

/** Every channel of a game with its members (before filtering: never return this as it is). */
export async function allChannels(db: Db, game: Pick<Game, "id" | "ruleset" | "scenario">): Promise<Channel[]> {
  const rows = await db.select().from(pressChannels).where(eq(pressChannels.gameId, game.id));
  if (rows.length === 0) return [];
  const members = await db
    .select()
    .from(pressChannelMembers)
    .where(inArray(pressChannelMembers.channelId, rows.map((r) => r.id)));
  return rows
    .map((r) => ({ id: r.id, kind: r.kind, members: orderSides(members.filter((m) => m.channelId === r.id).map((m) => m.nation), pressSideOrder(game)) }))
    .sort((a, b) => (a.kind === b.kind ? a.id - b.id : a.kind === "public" ? -1 : 1));
}

export async function readableChannels(db: Db, access: PressAccess): Promise<Channel[]> {
  if (access.mode === "none" || (!access.player && !access.finished)) return [];
  return (await allChannels(db, access.game)).filter((c) => mayRead(access, c));
}

/** One channel the user may read; anything else is "not found", whether it exists or not. */
export async function readableChannel(db: Db, access: PressAccess, channelId: number): Promise<Channel> {
  const channel = (await readableChannels(db, access)).find((c) => c.id === channelId);
  if (!channel) throw notFound("That channel");
  return channel;
}

/** The key that makes a member set unique in a game. */
export function memberKey(kind: "public" | "private", members: SeatSide[], order: readonly string[]): string {
  return kind === "public" ? "public" : orderSides(members, order).join("+");
}

/** The public channel of a game, made on first use (games from before press have none yet). */
export async function publicChannel(tx: Db, gameId: number): Promise<Channel> {
  await tx.insert(pressChannels).values({ gameId, kind: "public", memberKey: "public" }).onConflictDoNothing();
  const [row] = await tx.select().from(pressChannels).where(and(eq(pressChannels.gameId, gameId), eq(pressChannels.memberKey, "public")));
  // Every seated side is a member: the five nations in 1942, the seated sides in another ruleset.
  const [game] = await tx.select({ ruleset: games.ruleset, scenario: games.scenario }).from(games).where(eq(games.id, gameId));
  const sides = orderSides((await tx.select({ nation: seats.nation }).from(seats).where(eq(seats.gameId, gameId))).map((s) => s.nation), game ? pressSideOrder(game) : []);
  await tx
    .insert(pressChannelMembers)
    .values(sides.map((nation) => ({ channelId: row!.id, nation })))
    .onConflictDoNothing();
  return { id: row!.id, kind: "public", members: sides };
}
