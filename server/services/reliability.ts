// A player's reliability (issue 22, docs/players.md "Reliability and ratings"): the record of phases
// due, phases acted on, missed deadlines (excused or not) and games left before their end, read from
// the attendance rows; and the figure shown beside the player's name.
import { and, count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attendance, games, locks, seats, type AttendanceOutcome, type SeatSide } from "../../db/schema";
import type { Phase } from "./phases";
import { awaitedIn } from "./ruleset-games/acting";

/** The figure counts the latest this many phases due... */
export const RELIABILITY_PHASES = 50;
/** ...within this many days; older misses no longer count (the figure recovers with time and play). */
export const RELIABILITY_DAYS = 365;
/** A game left before its end weighs as much as this many missed deadlines. */
export const LEFT_WEIGHT = 5;

export interface ReliabilityRecord {
  /** Orders phases the player held a seat for when they closed. */
  phasesDue: number;
  /** Of those, the phases the player locked before the deadline. */
  actedOn: number;
  /** Deadlines that passed unlocked and were not excused. */
  missed: number;
  /** Misses the game excused (the deadline moved instead). */
  excused: number;
  /** Deadlines moved for the player's vacation. */
  vacations: number;
  gamesLeft: number;
  /** Games the player held a seat in until they finished. */
  finishedGames: number;
  /** 0–100, or null before the player's first phase due. */
  figure: number | null;
}

/** The figure from the counts of the window: acted on over phases due, each game left weighing as five misses. */
export function reliabilityFigure(acted: number, missed: number, left: number): number | null {
  const due = acted + missed + LEFT_WEIGHT * left;
  if (acted + missed === 0 && left === 0) return null;
  return Math.round((100 * acted) / due);
}

/** Each user's figure, in one round trip per query (lobby, seats, leaderboard). */
export async function reliabilityFigures(db: Db, userIds: string[]): Promise<Map<string, number | null>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, number | null>(ids.map((id) => [id, null]));
  if (ids.length === 0) return out;
  const since = sql`now() - make_interval(days => ${RELIABILITY_DAYS})`;
  const recent = and(inArray(attendance.userId, ids), sql`${attendance.createdAt} > ${since}`);
  const windowed = db
    .select({
      userId: attendance.userId,
      outcome: attendance.outcome,
      rank: sql<number>`row_number() over (partition by ${attendance.userId} order by ${attendance.id} desc)`.as("rank"),
    })
    .from(attendance)
    .where(and(recent, inArray(attendance.outcome, ["acted", "missed"])))
    .as("windowed");
  const due = await db
    .select({ userId: windowed.userId, outcome: windowed.outcome, n: count() })
    .from(windowed)
    .where(sql`${windowed.rank} <= ${RELIABILITY_PHASES}`)
    .groupBy(windowed.userId, windowed.outcome);
  const left = await db
    .select({ userId: attendance.userId, outcome: attendance.outcome, n: sql<number>`count(distinct ${attendance.gameId})` })
    .from(attendance)
    .where(and(recent, eq(attendance.outcome, "left")))
    .groupBy(attendance.userId, attendance.outcome);
  const by = new Map<string, Partial<Record<AttendanceOutcome, number>>>();
  for (const r of [...due, ...left]) by.set(r.userId, { ...by.get(r.userId), [r.outcome]: Number(r.n) });
  for (const [id, c] of by) out.set(id, reliabilityFigure(c.acted ?? 0, c.missed ?? 0, c.left ?? 0));
  return out;
}

/** Finished games each user held a seat in at the end. */
export async function finishedGameCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const rows = await db
    .select({ userId: seats.userId, n: sql<number>`count(distinct ${seats.gameId})` })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(inArray(seats.userId, ids), eq(games.status, "finished"), eq(games.sandbox, false)))
    .groupBy(seats.userId);
  for (const r of rows) out.set(r.userId!, Number(r.n));
  return out;
}

/** The whole record of one player (profile, lobby header, join requirements). */
export async function reliabilityRecord(db: Db, userId: string): Promise<ReliabilityRecord> {
  // Games left count once per game, however many of its nations the player held.
  const rows = await db
    .select({ outcome: attendance.outcome, n: sql<number>`case when ${attendance.outcome} = 'left' then count(distinct ${attendance.gameId}) else count(*) end` })
    .from(attendance)
    .where(eq(attendance.userId, userId))
    .groupBy(attendance.outcome);
  const c: Partial<Record<AttendanceOutcome, number>> = Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
  const figure = (await reliabilityFigures(db, [userId])).get(userId) ?? null;
  const finishedGames = (await finishedGameCounts(db, [userId])).get(userId) ?? 0;
  return {
    phasesDue: (c.acted ?? 0) + (c.missed ?? 0),
    actedOn: c.acted ?? 0,
    missed: c.missed ?? 0,
    excused: c.excused ?? 0,
    vacations: c.vacation ?? 0,
    gamesLeft: c.left ?? 0,
    finishedGames,
    figure,
  };
}

/**
 * When an orders phase closes (last lock or deadline): one row per nation a player holds (robots'
 * seats are not a player's), "acted" if the nation is locked by its player, else "missed". A side the
 * phase did not wait for (nothing to order, acting.ts) is no part of the record.
 */
/** What a phase waited for (awaitedIn): the caller that knows the game's ruleset says, a read fewer. */
export type AwaitedSides = Awaited<ReturnType<typeof awaitedIn>>;

export async function recordPhaseClosed(tx: Db, phase: Pick<Phase, "id" | "gameId"> & { startState?: unknown }, known?: AwaitedSides): Promise<void> {
  const { sides: awaited, decision } = known ?? (await awaitedIn(tx, phase));
  // A phase of decisions is no deadline of the record, as a 1942 battle decision is none.
  if (decision || awaited?.size === 0) return;
  const only = awaited ? sql`and s.nation in (${sql.join([...awaited].map((side) => sql`${side}`), sql`, `)})` : sql``;
  // One statement (a read and an insert would be two round trips inside the closing lock's transaction).
  await tx.execute(sql`
    insert into ${attendance} (game_id, phase_id, nation, user_id, outcome)
    select ${phase.gameId}, ${phase.id}, s.nation, s.user_id, case when l.locked_by is null then 'missed' else 'acted' end
    from ${seats} s left join ${locks} l on l.phase_id = ${phase.id} and l.nation = s.nation
      -- A sandbox's phases are its owner's rehearsal, no part of anyone's record (issue 24).
      join ${games} g on g.id = s.game_id and not g.sandbox
    where s.game_id = ${phase.gameId} and not s.robot and s.user_id is not null ${only}`);
}

/** One event of a player in a phase: an excused miss, a vacation's extension, leaving the game. */
export async function recordAttendance(tx: Db, phase: Pick<Phase, "id" | "gameId">, nation: SeatSide, userId: string, outcome: AttendanceOutcome): Promise<void> {
  await tx.insert(attendance).values({ gameId: phase.gameId, phaseId: phase.id, nation, userId, outcome });
}
