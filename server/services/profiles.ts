// A player's profile (/player/ID, issue 22): the display name, finished games played and won per
// ruleset (each a link to its review), each ruleset's rating and its history, and the reliability
// record, over the games of every ruleset. Never an address; never a game still running (an anonymous
// game must not tell who plays it).
import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases, ratingChanges, ratings, seats, users, type SeatSide } from "../../db/schema";
import { displayName } from "./display-name";
import { notFound } from "./errors";
import { getRuleset } from "../rulesets";
import { SHOWN_AFTER, shownRating } from "./ratings";
import { CLASSIC, scenarioSides, teamOfGameSide } from "./ruleset-games/rulesets";
import { winningTeams } from "./ruleset-games/winners";
import { reliabilityRecord, type ReliabilityRecord } from "./reliability";
import { vacationsNow } from "./vacations";

export interface ProfileGame {
  gameId: number;
  /** The game's ruleset (its id) and that ruleset's name from the registry. */
  ruleset: string;
  name: string;
  nations: SeatSide[];
  won: boolean;
  rated: boolean;
  /** The last turn, whose review shows the result. */
  lastTurn: number;
}

/** One game (ruleset) the player has finished games or a rating in. */
export interface ProfileRuleset {
  ruleset: string;
  /** The ruleset's name, from the registry. */
  name: string;
  played: number;
  won: number;
  /** Null until the player has SHOWN_AFTER rated games of this ruleset. */
  rating: number | null;
  ratedGames: number;
}

export interface Profile {
  id: string;
  name: string;
  /** Every ruleset the player has finished games or rated games in, 1942 first, then by name. */
  rulesets: ProfileRuleset[];
  games: ProfileGame[];
  /** Each rated game's rating after it, in its ruleset; null until the player has SHOWN_AFTER rated games of that ruleset. */
  ratingHistory: { ruleset: string; gameId: number; at: string; rating: number | null; won: boolean }[];
  reliability: ReliabilityRecord;
  vacationUntil: string | null;
  /** The account is a bot (issue 23). */
  bot: boolean;
}

const rulesetName = (id: string) => getRuleset(id)?.name ?? id;

export async function playerProfile(db: Db, playerId: string): Promise<Profile> {
  const [user] = await db.select({ id: users.id, name: users.name, bot: users.bot }).from(users).where(eq(users.id, playerId));
  if (!user) throw notFound("That player");
  const held = await db
    .select({ gameId: games.id, name: games.name, options: games.options, ruleset: games.ruleset, scenario: games.scenario, result: games.result, nation: seats.nation })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, playerId), eq(games.status, "finished"), eq(games.sandbox, false)))
    .orderBy(desc(games.id));
  const ids = [...new Set(held.map((h) => h.gameId))];
  // Each game's last turn (whose review shows the result).
  const lastTurns = ids.length ? await db.select({ gameId: phases.gameId, turn: max(phases.turn) }).from(phases).where(inArray(phases.gameId, ids)).groupBy(phases.gameId) : [];
  // A game finished before results were stored answers from its last phase (a turn of several phases
  // ends with its highest step): only those games' phases are read.
  const unstored = ids.filter((id) => !held.find((h) => h.gameId === id)!.result);
  const last = unstored.length
    ? await db
        .selectDistinctOn([phases.gameId], { gameId: phases.gameId, status: phases.status, startState: phases.startState, orders: phases.orders, seed: phases.seed, report: phases.report })
        .from(phases)
        .where(inArray(phases.gameId, unstored))
        .orderBy(phases.gameId, desc(phases.turn), desc(phases.step))
    : [];
  const list: ProfileGame[] = ids.map((gameId) => {
    const rows = held.filter((h) => h.gameId === gameId);
    const game = rows[0]!;
    // The player won when the team of one of their sides did (as ratings count a win).
    const winners = winningTeams(game, last.find((l) => l.gameId === gameId));
    const nations = scenarioSides(game).filter((n) => rows.some((r) => r.nation === n)) as SeatSide[];
    return { gameId, ruleset: game.ruleset, name: game.name, nations, won: nations.some((n) => winners.includes(teamOfGameSide(game, n))), rated: Boolean(game.options.rated), lastTurn: lastTurns.find((l) => l.gameId === gameId)?.turn ?? 1 };
  });
  const changes = await db.select().from(ratingChanges).where(eq(ratingChanges.userId, playerId)).orderBy(asc(ratingChanges.createdAt), asc(ratingChanges.gameId));
  const current = await db.select().from(ratings).where(eq(ratings.userId, playerId));
  const away = (await vacationsNow(db, [playerId])).get(playerId);
  const played = [...new Set([...list.map((g) => g.ruleset), ...current.map((r) => r.ruleset)])];
  const rulesets = played
    .map((ruleset): ProfileRuleset => {
      const mine = list.filter((g) => g.ruleset === ruleset);
      const r = current.find((c) => c.ruleset === ruleset);
      return { ruleset, name: rulesetName(ruleset), played: mine.length, won: mine.filter((g) => g.won).length, rating: r && r.games >= SHOWN_AFTER ? shownRating(r) : null, ratedGames: r?.games ?? 0 };
    })
    .sort((a, b) => Number(b.ruleset === CLASSIC) - Number(a.ruleset === CLASSIC) || a.name.localeCompare(b.name));
  // The n-th rated game of a ruleset is the player's n-th in that ruleset's rating.
  const seen = new Map<string, number>();
  return {
    id: user.id,
    name: displayName(user),
    bot: user.bot,
    rulesets,
    games: list,
    ratingHistory: changes.map((c) => {
      const n = (seen.get(c.ruleset) ?? 0) + 1;
      seen.set(c.ruleset, n);
      return { ruleset: c.ruleset, gameId: c.gameId, at: c.createdAt.toISOString(), rating: n >= SHOWN_AFTER ? shownRating({ mu: c.muAfter, sigma: c.sigmaAfter }) : null, won: c.won };
    }),
    reliability: await reliabilityRecord(db, playerId),
    vacationUntil: away ? new Date(Math.ceil(away.getTime() / 86_400_000) * 86_400_000).toISOString() : null,
  };
}
