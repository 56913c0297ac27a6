// Ratings (issue 22, docs/players.md): OpenSkill (Weng-Lin, Plackett-Luce, the `openskill` package's
// defaults) per ruleset, moved by rated games only. The platform knows one thing of the game's rules:
// which team won, from the stored result; the sides' teams come from the ruleset's scenario
// (scenarioTeams: 1942's Axis and Allies).
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { ordinal, rate, rating } from "openskill";
import type { Db } from "../../db/client";
import { attendance, games, ratingChanges, ratings, users } from "../../db/schema";
import { displayName } from "./display-name";
import { rulesetOf, teamOfGameSide } from "./ruleset-games/rulesets";

/** 1942: the leaderboard's game when none is asked for, and the one whose rating shows beside a name. */
export const RULESET = "1942";
/** A rating is shown once the player has finished this many rated games. */
export const SHOWN_AFTER = 5;

export interface Skill {
  mu: number;
  sigma: number;
}

/** The number shown for a rating: OpenSkill's ordinal (mu − 3σ), to one decimal. */
export function shownRating(r: Skill): number {
  return Math.round(ordinal(r) * 10) / 10;
}

export interface RatedPlayer {
  id: string;
  before: Skill;
  /** Share of the game's closed phases in which the player held a seat of the team (0–1]. */
  weight: number;
}

/**
 * One game's update: the package's rate() for the teams in their finishing places (`ranks`, 1 first;
 * equal ranks tie); each player then takes the change in proportion to their weight (the package's
 * `weight` option is typed but not applied, so it is done here): mu moves by weight × Δmu, the
 * variance by weight × Δσ². A player who held a seat the whole game moves exactly as the package says.
 */
export function rateRanked(teams: RatedPlayer[][], ranks: number[]): Map<string, Skill> {
  const after = rate(teams.map((team) => team.map((p) => rating(p.before))), { rank: ranks });
  const out = new Map<string, Skill>();
  teams.forEach((team, t) =>
    team.forEach((p, i) => {
      const a = after[t]![i]!;
      const weight = Math.min(1, Math.max(0, p.weight));
      const variance = p.before.sigma ** 2 + weight * (a.sigma ** 2 - p.before.sigma ** 2);
      out.set(p.id, { mu: p.before.mu + weight * (a.mu - p.before.mu), sigma: Math.sqrt(variance) });
    }),
  );
  return out;
}

/** Two teams, the winners first: 1942's Axis against the Allies. */
export const rateTeams = (winners: RatedPlayer[], losers: RatedPlayer[]): Map<string, Skill> => rateRanked([winners, losers], [1, 2]);

/**
 * A rated game of any ruleset ended, won by the teams named in `winners` (none: a draw, every team
 * tied): rate every player who held a seat (from the attendance record, weighted by how long), once
 * (the rating changes' key is the game and the player), in the game's ruleset. Each team of the
 * scenario (scenarioTeams; a free-for-all: each side its own) is one entry of the ranking: the
 * winners share first place, every other team second. Nothing is rated with fewer than two teams
 * played, or when winners are named but no player won or no player lost.
 */
export async function rateFinishedGame(tx: Db, game: typeof games.$inferSelect, winners: readonly string[]): Promise<void> {
  if (!game.options.rated) return;
  const rows = await tx
    .select({ userId: attendance.userId, nation: attendance.nation, phaseId: attendance.phaseId })
    .from(attendance)
    .where(and(eq(attendance.gameId, game.id), inArray(attendance.outcome, ["acted", "missed"])));
  const phases = new Set(rows.map((r) => r.phaseId)).size;
  if (phases === 0) return;
  // Each player's team: the one whose seats they held most (one team only in a rated game).
  const held = new Map<string, Map<string, Set<number>>>();
  for (const r of rows) {
    const team = teamOfGameSide(game, r.nation);
    const byTeam = held.get(r.userId) ?? new Map<string, Set<number>>();
    byTeam.set(team, (byTeam.get(team) ?? new Set()).add(r.phaseId));
    held.set(r.userId, byTeam);
  }
  const players = [...held.entries()]
    .map(([id, byTeam]) => {
      const [team, ph] = [...byTeam.entries()].sort((a, b) => b[1].size - a[1].size)[0]!;
      return { id, team, weight: ph.size / phases };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const won = (p: { team: string }) => winners.includes(p.team);
  if (winners.length > 0 && (!players.some(won) || players.every(won))) return;
  // The winning teams first, then the others, each in name order; a team's players in id order.
  const names = [...new Set(players.map((p) => p.team))].sort((a, b) => Number(winners.includes(b)) - Number(winners.includes(a)) || (a < b ? -1 : a > b ? 1 : 0));
  if (names.length < 2) return;
  const ruleset = game.ruleset;
  const ids = players.map((p) => p.id);
  // Rows locked in id order: two rated games ending at once update one player one after the other.
  const current = await tx
    .select()
    .from(ratings)
    .where(and(eq(ratings.ruleset, ruleset), inArray(ratings.userId, ids)))
    .orderBy(asc(ratings.userId))
    .for("update");
  const fresh = rating();
  const before = (id: string): Skill => {
    const r = current.find((c) => c.userId === id);
    return r ? { mu: r.mu, sigma: r.sigma } : { mu: fresh.mu, sigma: fresh.sigma };
  };
  const asRated = (p: (typeof players)[number]): RatedPlayer => ({ id: p.id, before: before(p.id), weight: p.weight });
  const after = rateRanked(
    names.map((name) => players.filter((p) => p.team === name).map(asRated)),
    names.map((name) => (winners.length === 0 || winners.includes(name) ? 1 : 2)),
  );
  const inserted = await tx
    .insert(ratingChanges)
    .values(
      players.map((p) => {
        const b = before(p.id);
        const a = after.get(p.id)!;
        return { gameId: game.id, userId: p.id, ruleset, team: p.team, won: won(p), weight: p.weight, muBefore: b.mu, sigmaBefore: b.sigma, muAfter: a.mu, sigmaAfter: a.sigma };
      }),
    )
    .onConflictDoNothing()
    .returning({ userId: ratingChanges.userId });
  for (const { userId } of inserted) {
    const a = after.get(userId)!;
    await tx
      .insert(ratings)
      .values({ userId, ruleset, mu: a.mu, sigma: a.sigma, games: 1 })
      .onConflictDoUpdate({ target: [ratings.userId, ratings.ruleset], set: { mu: a.mu, sigma: a.sigma, games: sql`${ratings.games} + 1`, updatedAt: sql`now()` } });
  }
}

/** The shown rating of each user with at least SHOWN_AFTER rated games; absent for the others. */
export async function shownRatings(db: Db, userIds: string[], ruleset = RULESET): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ratings)
    .where(and(eq(ratings.ruleset, ruleset), inArray(ratings.userId, ids), gte(ratings.games, SHOWN_AFTER)));
  return new Map(rows.map((r) => [r.userId, shownRating(r)]));
}

export interface RatingChangeShown {
  userId: string;
  name: string;
  team: string;
  won: boolean;
  /** Null while the player has fewer than SHOWN_AFTER rated games (after this one). */
  before: number | null;
  after: number | null;
  ratedGames: number;
}

/** How a finished rated game moved its players' ratings (the game's result). Public once it ended. */
export async function gameRatingChanges(db: Db, gameId: number): Promise<RatingChangeShown[]> {
  const rows = await db
    .select({ change: ratingChanges, name: users.name, games: ratings.games })
    .from(ratingChanges)
    .innerJoin(users, eq(users.id, ratingChanges.userId))
    .leftJoin(ratings, and(eq(ratings.userId, ratingChanges.userId), eq(ratings.ruleset, ratingChanges.ruleset)))
    .where(eq(ratingChanges.gameId, gameId))
    .orderBy(desc(ratingChanges.won), asc(ratingChanges.userId));
  // Games rated up to and including this one, so "shown after 5" holds for the result as it was.
  const counts = await db
    .select({ userId: ratingChanges.userId, n: sql<number>`count(*)` })
    .from(ratingChanges)
    .where(and(inArray(ratingChanges.userId, rows.map((r) => r.change.userId).concat([""])), sql`${ratingChanges.createdAt} <= (select created_at from ${ratingChanges} rc where rc.game_id = ${gameId} limit 1)`))
    .groupBy(ratingChanges.userId);
  return rows.map(({ change: c, name }) => {
    const n = Number(counts.find((x) => x.userId === c.userId)?.n ?? 1);
    return {
      userId: c.userId,
      name: displayName({ id: c.userId, name }),
      team: c.team,
      won: c.won,
      before: n - 1 >= SHOWN_AFTER ? shownRating({ mu: c.muBefore, sigma: c.sigmaBefore }) : null,
      after: n >= SHOWN_AFTER ? shownRating({ mu: c.muAfter, sigma: c.sigmaAfter }) : null,
      ratedGames: n,
    };
  });
}

export interface LeaderboardRow {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  games: number;
}

/**
 * Players with a shown rating in the ruleset, best first (ordinal, then more games, then id). A
 * ruleset not played here is refused with a 4xx naming the ones that are.
 */
export async function leaderboard(db: Db, ruleset = RULESET, limit = 100): Promise<LeaderboardRow[]> {
  rulesetOf(ruleset);
  const rows = await db
    .select({ userId: ratings.userId, mu: ratings.mu, sigma: ratings.sigma, games: ratings.games, name: users.name })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.ruleset, ruleset), gte(ratings.games, SHOWN_AFTER)))
    .orderBy(desc(sql`${ratings.mu} - 3 * ${ratings.sigma}`), desc(ratings.games), asc(ratings.userId))
    .limit(limit);
  return rows.map((r, i) => ({ rank: i + 1, userId: r.userId, name: displayName({ id: r.userId, name: r.name }), rating: shownRating(r), games: r.games }));
}
