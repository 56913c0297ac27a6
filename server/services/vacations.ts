// Vacations (issue 22, docs/players.md): a player declares one of up to 10 days, at most 28 days in
// any 365; games that honour vacations (a challenge option) move an orders deadline that finds the
// player's nation unlocked to the vacation's end; any action in a game ends the vacation early.
import { and, eq, gt, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attendance, games, phases, vacations } from "../../db/schema";
import { conflict, ServiceError } from "./errors";
import { unlockedPlayers } from "./excuses";
import { publish } from "./events";
import type { Phase } from "./phases";
import { lockUser } from "./user-lock";

export const MAX_VACATION_DAYS = 10;
export const VACATION_DAYS_PER_YEAR = 28;
const DAY = 86_400_000;

export interface VacationState {
  /** The vacation running now, if any. */
  current: { startsAt: string; endsAt: string } | null;
  /** Days of vacation taken in the last 365 days (a vacation ended early counts up to its end). */
  daysUsed: number;
  daysLeft: number;
}

const running = (userId: string) => and(eq(vacations.userId, userId), isNull(vacations.endedAt), lte(vacations.startsAt, sql`now()`), gt(vacations.endsAt, sql`now()`));

export async function vacationState(db: Db, userId: string): Promise<VacationState> {
  const rows = await db
    .select()
    .from(vacations)
    .where(and(eq(vacations.userId, userId), gte(vacations.startsAt, sql`now() - interval '365 days'`)));
  const now = Date.now();
  const taken = rows.reduce((sum, v) => sum + (Math.min((v.endedAt ?? v.endsAt).getTime(), v.endsAt.getTime()) - v.startsAt.getTime()) / DAY, 0);
  const current = rows.find((v) => v.endedAt === null && v.startsAt.getTime() <= now && v.endsAt.getTime() > now);
  const daysUsed = Math.round(taken * 100) / 100;
  return {
    current: current ? { startsAt: current.startsAt.toISOString(), endsAt: current.endsAt.toISOString() } : null,
    daysUsed,
    daysLeft: Math.max(0, Math.round((VACATION_DAYS_PER_YEAR - taken) * 100) / 100),
  };
}

/** Start a vacation now, for `days` (up to 10, and what is left of 28 in the last 365 days). */
export async function startVacation(db: Db, userId: string, days: number): Promise<VacationState> {
  if (!(days > 0) || days > MAX_VACATION_DAYS) throw new ServiceError("BAD_REQUEST", `A vacation lasts up to ${MAX_VACATION_DAYS} days`);
  return db.transaction(async (tx) => {
    // Parallel declarations of one user queue here, so the yearly cap holds.
    await lockUser(tx, userId);
    const state = await vacationState(tx, userId);
    if (state.current) throw conflict(`You are on vacation until ${state.current.endsAt}; end it before declaring another`);
    if (days > state.daysLeft + 1e-9)
      throw conflict(`At most ${VACATION_DAYS_PER_YEAR} days of vacation in a year: you have ${state.daysLeft} left`);
    const now = new Date();
    await tx.insert(vacations).values({ userId, startsAt: now, endsAt: new Date(now.getTime() + days * DAY) });
    return vacationState(tx, userId);
  });
}

/** End the running vacation now (by hand, or because the player acted in a game). Returns whether one ended. */
export async function endVacation(db: Db, userId: string): Promise<boolean> {
  const ended = await db.update(vacations).set({ endedAt: sql`now()` }).where(running(userId)).returning({ id: vacations.id });
  return ended.length > 0;
}

/** Players of these users on vacation now, with its end (for the seats: "on vacation until …"). */
export async function vacationsNow(db: Db, userIds: string[]): Promise<Map<string, Date>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: vacations.userId, endsAt: vacations.endsAt })
    .from(vacations)
    .where(and(inArray(vacations.userId, ids), isNull(vacations.endedAt), lte(vacations.startsAt, sql`now()`), gt(vacations.endsAt, sql`now()`)));
  return new Map(rows.map((r) => [r.userId, r.endsAt]));
}

/**
 * At an orders deadline of a game that honours vacations: when a player whose nation is unlocked is on
 * vacation, the deadline moves to the latest such vacation's end. Returns whether it moved.
 */
export async function waitForVacation(tx: Db, phase: Phase, game: typeof games.$inferSelect): Promise<boolean> {
  if (!game.options.honourVacations) return false;
  const missing = await unlockedPlayers(tx, phase);
  const away = await vacationsNow(tx, [...missing.keys()]);
  if (away.size === 0) return false;
  // To the next full hour after the latest end: the deadline does not give away a vacation's exact end.
  const HOUR = 3_600_000;
  const until = new Date(Math.ceil(Math.max(...[...away.values()].map((d) => d.getTime())) / HOUR) * HOUR);
  await tx.update(phases).set({ deadline: until }).where(eq(phases.id, phase.id));
  await tx.insert(attendance).values([...away.keys()].sort().map((userId) => ({ gameId: phase.gameId, phaseId: phase.id, nation: missing.get(userId)![0]!, userId, outcome: "vacation" as const })));
  await publish(tx, { gameId: phase.gameId, kind: "deadline-moved", turn: phase.turn });
  return true;
}
