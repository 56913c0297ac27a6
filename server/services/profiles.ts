// A player's profile (/player/ID, issue 22): the display name, finished games played and won per
// ruleset (each a link to its review), the rating and its history, and the reliability record. Never
// an address; never a game still running (an anonymous game must not tell who plays it).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases, ratingChanges, ratings, seats, users, type SeatSide } from "../../db/schema";
import { displayName } from "./display-name";
import { notFound } from "./errors";
import { RULESET, SHOWN_AFTER, shownRating } from "./ratings";
import { scenarioSides, teamOfGameSide } from "./ruleset-games/rulesets";
import { reliabilityRecord, type ReliabilityRecord } from "./reliability";
import { vacationsNow } from "./vacations";

export interface ProfileGame {
  gameId: number;
  name: string;
  nations: SeatSide[];
  won: boolean;
  rated: boolean;
  /** The last turn, whose review shows the result. */
  lastTurn: number;
}

export interface Profile {
  id: string;
  name: string;
  rulesets: { ruleset: string; played: number; won: number; rating: number | null; ratedGames: number }[];
  games: ProfileGame[];
  /** Each rated game's rating after it; null until the player has SHOWN_AFTER rated games. */
  ratingHistory: { gameId: number; at: string; rating: number | null; won: boolean }[];
  reliability: ReliabilityRecord;
  vacationUntil: string | null;
  /** The account is a bot (issue 23). */
  bot: boolean;
}

export async function playerProfile(db: Db, playerId: string): Promise<Profile> {
  const [user] = await db.select({ id: users.id, name: users.name, bot: users.bot }).from(users).where(eq(users.id, playerId));
  if (!user) throw notFound("That player");
  const held = await db
    .select({ gameId: games.id, name: games.name, options: games.options, ruleset: games.ruleset, scenario: games.scenario, nation: seats.nation })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.userId, playerId), eq(games.status, "finished"), eq(games.sandbox, false)))
    .orderBy(desc(games.id));
  const ids = [...new Set(held.map((h) => h.gameId))];
  const last = ids.length
    ? await db
        .selectDistinctOn([phases.gameId], { gameId: phases.gameId, turn: phases.turn, report: phases.report })
        .from(phases)
        .where(inArray(phases.gameId, ids))
        .orderBy(phases.gameId, desc(phases.turn))
    : [];
  const list: ProfileGame[] = ids.map((gameId) => {
    const rows = held.filter((h) => h.gameId === gameId);
    const end = last.find((l) => l.gameId === gameId);
    // Which team won, from the stored result; the player won when their nations' team did.
    const winner = (end?.report as { victory?: { winner?: string | null } } | null)?.victory?.winner ?? null;
    const game = rows[0]!;
    const nations = scenarioSides(game).filter((n) => rows.some((r) => r.nation === n)) as SeatSide[];
    return { gameId, name: game.name, nations, won: winner !== null && nations.some((n) => teamOfGameSide(game, n) === winner), rated: Boolean(game.options.rated), lastTurn: end?.turn ?? 1 };
  });
  const changes = await db.select().from(ratingChanges).where(eq(ratingChanges.userId, playerId)).orderBy(asc(ratingChanges.createdAt), asc(ratingChanges.gameId));
  const [current] = await db.select().from(ratings).where(and(eq(ratings.userId, playerId), eq(ratings.ruleset, RULESET)));
  const away = (await vacationsNow(db, [playerId])).get(playerId);
  return {
    id: user.id,
    name: displayName(user),
    bot: user.bot,
    rulesets: [
      {
        ruleset: RULESET,
        played: list.length,
        won: list.filter((g) => g.won).length,
        rating: current && current.games >= SHOWN_AFTER ? shownRating(current) : null,
        ratedGames: current?.games ?? 0,
      },
    ],
    games: list,
    ratingHistory: changes.map((c, i) => ({
      gameId: c.gameId,
      at: c.createdAt.toISOString(),
      rating: i + 1 >= SHOWN_AFTER ? shownRating({ mu: c.muAfter, sigma: c.sigmaAfter }) : null,
      won: c.won,
    })),
    reliability: await reliabilityRecord(db, playerId),
    vacationUntil: away ? new Date(Math.ceil(away.getTime() / 86_400_000) * 86_400_000).toISOString() : null,
  };
}
