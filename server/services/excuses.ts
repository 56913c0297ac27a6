// Excused delays (issue 22, docs/players.md): a game excuses each player a few missed orders
// deadlines (0–4, default 1). At a deadline that finds a player's nation unlocked, an excuse left is
// spent and the deadline moves once, by the phase's length capped at a day, instead of the phase
// closing with the nation's saved orders; once spent, the game's rule applies as before (the saved
// orders count, R3.1, and robot takeover, R3.2, if the game has it).
import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { attendance, games, locks, phases, seats, type SeatSide } from "../../db/schema";
import { publish } from "./events";
import { notify } from "./notify";
import type { Phase } from "./phases";
import { awaitedSides, waitsFor } from "./ruleset-games/acting";

export const DEFAULT_EXCUSED_MISSES = 1;
/** The most an excuse moves a deadline. */
export const EXCUSE_CAP_HOURS = 24;

type Game = typeof games.$inferSelect;

/** The length of a phase's orders window: the game's hours, or a day for a daily deadline. */
export function phaseLengthMs(options: Game["options"]): number {
  return (options.ordersAt ? 24 : options.ordersHours) * 3600_000;
}

/** Each player's unlocked nations in this phase that it waits for (robots' seats and sides with nothing to order excluded). */
export async function unlockedPlayers(tx: Db, phase: Phase): Promise<Map<string, SeatSide[]>> {
  const locked = new Set((await tx.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.nation));
  const held = await tx
    .select({ nation: seats.nation, userId: seats.userId })
    .from(seats)
    .where(and(eq(seats.gameId, phase.gameId), eq(seats.robot, false), isNotNull(seats.userId)));
  const awaited = await awaitedSides(tx, phase);
  const out = new Map<string, SeatSide[]>();
  for (const s of held) if (!locked.has(s.nation) && waitsFor(awaited, s.nation)) out.set(s.userId!, [...(out.get(s.userId!) ?? []), s.nation]);
  return out;
}

/** Excuses each player has spent in the game. */
export async function excusesSpent(tx: Db, gameId: number, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: attendance.userId, n: count() })
    .from(attendance)
    .where(and(eq(attendance.gameId, gameId), eq(attendance.outcome, "excused"), inArray(attendance.userId, userIds)))
    .groupBy(attendance.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/**
 * At an orders deadline: players with an excuse left spend one (one per player, however many of their
 * nations are unlocked) and the deadline moves. Returns whether it moved (the phase stays open).
 */
export async function excuseMissedDeadline(tx: Db, phase: Phase, game: Game): Promise<boolean> {
  const allowed = game.options.excusedMisses ?? DEFAULT_EXCUSED_MISSES;
  if (allowed <= 0) return false;
  const missing = await unlockedPlayers(tx, phase);
  if (missing.size === 0) return false;
  const spent = await excusesSpent(tx, phase.gameId, [...missing.keys()]);
  const excused = [...missing.entries()].filter(([userId]) => (spent.get(userId) ?? 0) < allowed).sort(([a], [b]) => (a < b ? -1 : 1));
  if (excused.length === 0) return false;
  const deadline = new Date(Date.now() + Math.min(phaseLengthMs(game.options), EXCUSE_CAP_HOURS * 3600_000));
  await tx.update(phases).set({ deadline }).where(eq(phases.id, phase.id));
  await tx.insert(attendance).values(excused.map(([userId, nations]) => ({ gameId: phase.gameId, phaseId: phase.id, nation: nations[0]!, userId, outcome: "excused" as const })));
  await notify(
    tx,
    excused.map(([userId, nations]) => {
      const left = allowed - (spent.get(userId) ?? 0) - 1;
      return {
        userId,
        gameId: phase.gameId,
        kind: "deadline-soon" as const,
        text: `${game.name}: ${nations.join(", ")} missed the turn ${phase.turn} deadline; it is excused (${left} excuse${left === 1 ? "" : "s"} left) and the deadline moved to ${deadline.toISOString().slice(0, 16).replace("T", " ")} UTC`,
        url: `/game/${phase.gameId}`,
        eventKey: `excused:${phase.id}:${userId}:${spent.get(userId) ?? 0}`,
        fact: { kind: "deadline-soon" as const, phaseId: phase.id, nation: nations[0]!, deadline: deadline.toISOString() },
      };
    }),
  );
  await publish(tx, { gameId: phase.gameId, kind: "deadline-moved", turn: phase.turn });
  return true;
}
