// The figures shown beside a player's name (lobby, seats, profile): reliability, finished games and,
// after enough rated games, the rating. Anonymous games hide them with the name (player-names.ts).
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { vacations, type GameOptions, type SeatSide } from "../../db/schema";
import { namedPlayer } from "./player-names";
import { finishedGameCounts, reliabilityFigures } from "./reliability";
import { shownRatings } from "./ratings";
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

/** The figures of `userIds` with the rating of `ruleset`: the game's own, beside a name in its seats. */
export async function playerFigures(db: Db, userIds: string[], ruleset: string): Promise<Map<string, PlayerFigures>> {
  return (await figuresByRuleset(db, userIds.map((userId) => ({ userId, ruleset })))).get(ruleset) ?? new Map();
}

/**
 * The figures of each user in each ruleset asked for (the lobby lists games of several rulesets: each
 * row shows its own game's ratings). Reliability, finished games and the bot mark are one per user,
 * read once; the ratings one statement per ruleset asked for.
 */
export async function figuresByRuleset(db: Db, wanted: { userId: string; ruleset: string }[]): Promise<Map<string, Map<string, PlayerFigures>>> {
  const userIds = [...new Set(wanted.map((w) => w.userId))];
  const rulesets = [...new Set(wanted.map((w) => w.ruleset))].sort();
  // Independent reads, sent together: a game view waits for one round trip, not four.
  const [reliability, finished, bots, ...ratings] = await Promise.all([
    reliabilityFigures(db, userIds),
    finishedGameCounts(db, userIds),
    botsAmong(db, userIds),
    ...rulesets.map((ruleset) => shownRatings(db, wanted.filter((w) => w.ruleset === ruleset).map((w) => w.userId), ruleset)),
  ]);
  return new Map(
    rulesets.map((ruleset, i) => [
      ruleset,
      new Map(
        [...new Set(wanted.filter((w) => w.ruleset === ruleset).map((w) => w.userId))].map((id) => [
          id,
          { reliability: reliability.get(id) ?? null, finishedGames: finished.get(id) ?? 0, rating: ratings[i]!.get(id) ?? null, bot: bots.has(id) },
        ]),
      ),
    ]),
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

/**
 * The end (epoch ms) of the running vacation of the user in `userId`, or null: a subquery for the
 * reads of a game's seats, which carry it beside each name. float8 so the driver hands back a number.
 */
export function runningVacationEnd(userId: AnyPgColumn | SQL): SQL<number | null> {
  return sql<number | null>`(select floor(extract(epoch from max(v.ends_at)) * 1000)::float8 from ${vacations} v
    where v.user_id = ${userId} and v.ended_at is null and v.starts_at <= now() and v.ends_at > now())`;
}

/** A seat as the game view reads it: its player's bot mark and running vacation come with it. */
export interface SeatRow {
  nation: SeatSide;
  robot: boolean;
  userId: string | null;
  name: string | null;
  /** The seated account is a bot (read fresh with every view: an account can turn into a bot at any moment). */
  bot: boolean;
  /** The end of the seated player's running vacation (epoch ms), or null; read fresh with every view. */
  awayUntil: number | null;
}

export async function seatExtras(
  db: Db,
  game: { options: GameOptions; status: "open" | "active" | "finished"; ruleset: string },
  seatRows: SeatRow[],
  viewerId: string,
  /** Where the figures come from (the game view passes its per-phase cache, phase-figures.ts). */
  figuresOf: (db: Db, userIds: string[]) => Promise<Map<string, PlayerFigures>> = (db, ids) => playerFigures(db, ids, game.ruleset),
): Promise<Map<SeatSide, SeatExtras>> {
  const named = seatRows.filter((s) => s.userId && namedPlayer(game, s.userId === viewerId));
  // The bot mark and vacations come with the seats, read with every view (the figures may come from
  // a cache kept for the phase).
  const figures = await figuresOf(db, named.map((s) => s.userId!));
  const out = new Map<SeatSide, SeatExtras>(named.map((s) => [s.nation, { playerId: s.userId!, ...figures.get(s.userId!)!, bot: s.bot }]));
  if (game.status === "finished") return out;
  for (const s of seatRows) {
    const until = s.userId && s.awayUntil !== null ? new Date(s.awayUntil) : undefined;
    // In an anonymous game only the day shows: an exact end would match the named player's elsewhere.
    if (until) out.set(s.nation, { ...out.get(s.nation), vacationUntil: (game.options.anonymous ? ceilTo(until, DAY) : until).toISOString() });
  }
  return out;
}

const DAY = 86_400_000;
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms);
