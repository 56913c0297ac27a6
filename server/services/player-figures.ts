// The figures shown beside a player's name (lobby, seats, profile): reliability, finished games and,
// after enough rated games, the rating. Anonymous games hide them with the name (player-names.ts).
import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";
import { attendance, games, ratings, seats, users, vacations, type AttendanceOutcome, type GameOptions, type SeatSide } from "../../db/schema";
import { namedPlayer } from "./player-names";
import { textArray } from "./named-call";
import { RELIABILITY_DAYS, RELIABILITY_PHASES, reliabilityFigure } from "./reliability";
import { SHOWN_AFTER, shownRating } from "./ratings";

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
 * The figures of users in rulesets, in one statement (issue 20: every game view and its refetches
 * read these for the seats, and on this machine a round trip costs more than the rows). One row per
 * user and rating shown in one of `rulesets` (a user without one: one row, no rating). The same
 * figures as reliabilityFigures, finishedGameCounts, the users' bot marks and shownRatings, which the
 * profile and the join requirements read one at a time (tests/services/figures-one-statement.test.ts
 * holds them equal). Built once per database and sent as a named statement: the users and rulesets
 * are text[] parameters, so one statement serves every view.
 */
function prepareFigures(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const since = sql`now() - make_interval(days => ${RELIABILITY_DAYS})`;
  // The latest phases due within the window, as reliabilityFigures counts them.
  const due = (outcome: AttendanceOutcome) => sql<number>`(select count(*)::int from (
      select a.outcome from ${attendance} a
      where a.user_id = ${users.id} and a.created_at > ${since} and a.outcome in ('acted', 'missed')
      order by a.id desc limit ${RELIABILITY_PHASES}) w where w.outcome = ${outcome})`;
  return db
    .select({
      userId: users.id,
      bot: users.bot,
      acted: due("acted"),
      missed: due("missed"),
      left: sql<number>`(select count(distinct a.game_id)::int from ${attendance} a
        where a.user_id = ${users.id} and a.created_at > ${since} and a.outcome = 'left')`,
      finishedGames: sql<number>`(select count(distinct s.game_id)::int from ${seats} s join ${games} g on g.id = s.game_id
        where s.user_id = ${users.id} and g.status = 'finished' and not g.sandbox)`,
      ruleset: ratings.ruleset,
      mu: ratings.mu,
      sigma: ratings.sigma,
    })
    .from(users)
    .leftJoin(ratings, and(eq(ratings.userId, users.id), sql`${ratings.ruleset} = any(${p("rulesets")}::text[])`, gte(ratings.games, SHOWN_AFTER)))
    .where(sql`${users.id} = any(${p("ids")}::text[])`)
    .prepare("player_figures");
}
const figuresQuery = oncePerDb(prepareFigures);

/**
 * The figures of each user in each ruleset asked for (the lobby lists games of several rulesets: each
 * row shows its own game's ratings; a game's seats ask for its own). Reliability, finished games and
 * the bot mark are one per user; a user not found has none of them.
 */
export async function figuresByRuleset(db: Db, wanted: { userId: string; ruleset: string }[]): Promise<Map<string, Map<string, PlayerFigures>>> {
  const userIds = [...new Set(wanted.map((w) => w.userId))];
  const rulesets = [...new Set(wanted.map((w) => w.ruleset))].sort();
  const rows = userIds.length ? await figuresQuery(db).execute({ ids: textArray(userIds), rulesets: textArray(rulesets) }) : [];
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  const rating = new Map(rows.flatMap((r) => (r.ruleset !== null && r.mu !== null && r.sigma !== null ? [[`${r.ruleset}|${r.userId}`, shownRating({ mu: r.mu, sigma: r.sigma })] as const] : [])));
  return new Map(
    rulesets.map((ruleset) => [
      ruleset,
      new Map(
        [...new Set(wanted.filter((w) => w.ruleset === ruleset).map((w) => w.userId))].map((id) => {
          const r = byUser.get(id);
          return [
            id,
            {
              reliability: r ? reliabilityFigure(r.acted, r.missed, r.left) : null,
              finishedGames: r?.finishedGames ?? 0,
              rating: rating.get(`${ruleset}|${id}`) ?? null,
              bot: r?.bot ?? false,
            },
          ];
        }),
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
