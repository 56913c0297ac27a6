// The figures shown beside a player's name (lobby, seats, profile): reliability, finished games and,
// after enough rated games, the rating. Anonymous games hide them with the name (player-names.ts).
import type { Db } from "../../db/client";
import type { GameOptions } from "../../db/schema";
import type { Nation } from "../rulesets/1942/engine";
import { namedPlayer } from "./player-names";
import { finishedGameCounts, reliabilityFigures } from "./reliability";
import { shownRatings } from "./ratings";
import { vacationsNow } from "./vacations";
import { botsAmong } from "./bots";

export { namedPlayer };

export interface PlayerFigures {
  reliability: number | null;
  finishedGames: number;
  /** The displayed rating (ordinal) in the game's ruleset, or null before enough rated games. */
  rating: number | null;
  /** The account is a bot (issue 23), shown beside its name. */
  bot: boolean;
}

export async function playerFigures(db: Db, userIds: string[]): Promise<Map<string, PlayerFigures>> {
  // Independent reads, sent together: a game view waits for one round trip, not four.
  const [reliability, finished, rating, bots] = await Promise.all([reliabilityFigures(db, userIds), finishedGameCounts(db, userIds), shownRatings(db, userIds), botsAmong(db, userIds)]);
  return new Map(
    [...new Set(userIds)].map((id) => [id, { reliability: reliability.get(id) ?? null, finishedGames: finished.get(id) ?? 0, rating: rating.get(id) ?? null, bot: bots.has(id) }]),
  );
}

/** What a game's seat shows besides the name: the player's id and figures where the name is shown. */
export interface SeatExtras {
  playerId?: string;
  reliability?: number | null;
  rating?: number | null;
  finishedGames?: number;
  bot?: boolean;
  /** The seat's player is on vacation until then (shown to everyone in the game, anonymous or not). */
  vacationUntil?: string;
}

export async function seatExtras(
  db: Db,
  game: { options: GameOptions; status: "open" | "active" | "finished" },
  seatRows: { nation: Nation; userId: string | null }[],
  viewerId: string,
  /** Where the figures come from (the game view passes its per-phase cache, phase-figures.ts). */
  figuresOf: (db: Db, userIds: string[]) => Promise<Map<string, PlayerFigures>> = playerFigures,
): Promise<Map<Nation, SeatExtras>> {
  const named = seatRows.filter((s) => s.userId && namedPlayer(game, s.userId === viewerId));
  const namedIds = named.map((s) => s.userId!);
  // The bot mark and vacations are read fresh with every view (the figures may come from a cache kept
  // for the phase): an account can turn into a bot, or go away, at any moment.
  const [figures, bots, away] = await Promise.all([
    figuresOf(db, namedIds),
    botsAmong(db, namedIds),
    game.status !== "finished" ? vacationsNow(db, seatRows.flatMap((s) => (s.userId ? [s.userId] : []))) : new Map<string, Date>(),
  ]);
  const out = new Map<Nation, SeatExtras>(named.map((s) => [s.nation, { playerId: s.userId!, ...figures.get(s.userId!)!, bot: bots.has(s.userId!) }]));
  for (const s of seatRows) {
    const until = s.userId ? away.get(s.userId) : undefined;
    // In an anonymous game only the day shows: an exact end would match the named player's elsewhere.
    if (until) out.set(s.nation, { ...out.get(s.nation), vacationUntil: (game.options.anonymous ? ceilTo(until, DAY) : until).toISOString() });
  }
  return out;
}

const DAY = 86_400_000;
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms);
