// Before an email or push goes out (perhaps hours later, after quiet hours) the fact it states is
// checked again: a message that is no longer true is skipped with the reason, never sent.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, phases, postCombatOrders, seats, type NotificationFact, type SeatSide } from "../../db/schema";
import { pressStaleReason } from "./press/notify";

/**
 * A message addressed to a nation's player is stale once that user no longer plays it: they left,
 * or a robot took over. Also reads whether the game is paused (its clock stands still).
 */
async function seatOf(db: Db, phaseId: number, nation: SeatSide, userId: string): Promise<{ stale: string | null; paused: boolean }> {
  const [row] = await db
    .select({ userId: seats.userId, robot: seats.robot, pausedAt: games.pausedAt })
    .from(phases)
    .innerJoin(games, eq(games.id, phases.gameId))
    .innerJoin(seats, and(eq(seats.gameId, phases.gameId), eq(seats.nation, nation)))
    .where(eq(phases.id, phaseId));
  if (!row || row.userId !== userId) return { stale: `you no longer play ${nation}`, paused: false };
  if (row.robot) return { stale: `a robot plays ${nation} now`, paused: Boolean(row.pausedAt) };
  return { stale: null, paused: Boolean(row.pausedAt) };
}

async function lockedIn(db: Db, phaseId: number, nation: SeatSide): Promise<boolean> {
  const locked = await db.select({ n: locks.nation }).from(locks).where(and(eq(locks.phaseId, phaseId), eq(locks.nation, nation)));
  return locked.length > 0;
}

/** null when the fact still holds for this user; otherwise why the message would be stale. */
export async function staleReason(db: Db, fact: NotificationFact | null, userId: string): Promise<string | null> {
  if (!fact) return null;
  if (fact.kind === "press-message" || fact.kind === "press-digest") return pressStaleReason(db, fact, userId);
  if ("nation" in fact && "phaseId" in fact) {
    const seat = await seatOf(db, fact.phaseId, fact.nation, userId);
    if (seat.stale) return seat.stale;
    if (fact.kind === "deadline-soon" && seat.paused) return "the game is paused";
  }
  switch (fact.kind) {
    case "game-started":
    case "game-over": {
      const [game] = await db.select({ status: games.status }).from(games).where(eq(games.id, fact.gameId));
      if (!game) return "the game is gone";
      if (fact.kind === "game-over" && game.status !== "finished") return "the game is not over";
      return null;
    }
    case "turn-resolved": {
      const [phase] = await db.select({ status: phases.status }).from(phases).where(eq(phases.id, fact.phaseId));
      return phase?.status === "resolved" ? null : "the turn is not resolved";
    }
    case "decision-waiting": {
      const [phase] = await db.select({ status: phases.status, pending: phases.pending }).from(phases).where(eq(phases.id, fact.phaseId));
      // A ruleset's phase of decisions (ruleset-games/resolve.ts) waits while it is open and the side has not locked.
      if (phase?.status === "open") return (await lockedIn(db, fact.phaseId, fact.nation)) ? `${fact.nation} has decided` : null;
      if (phase?.status !== "battles") return "the battles are over";
      return phase.pending?.requests.some((r) => r.chooser === fact.nation) ? null : `${fact.nation} has decided`;
    }
    case "deadline-soon": {
      // R3.1 — the reminder says "you have not locked": true only while the phase is open, the
      // deadline is the one announced and not past, and the nation has no lock.
      const [phase] = await db.select({ status: phases.status, deadline: phases.deadline }).from(phases).where(eq(phases.id, fact.phaseId));
      if (phase?.status !== "open") return "the phase is closed";
      if (phase.deadline.toISOString() !== fact.deadline) return "the deadline changed";
      if (phase.deadline.getTime() <= Date.now()) return "the deadline has passed";
      return (await lockedIn(db, fact.phaseId, fact.nation)) ? `${fact.nation} has locked` : null;
    }
    case "post-combat": {
      const [phase] = await db.select({ status: phases.status }).from(phases).where(eq(phases.id, fact.phaseId));
      if (phase?.status !== "post-combat") return "post-combat is over";
      const [row] = await db
        .select({ lockedAt: postCombatOrders.lockedAt })
        .from(postCombatOrders)
        .where(and(eq(postCombatOrders.phaseId, fact.phaseId), eq(postCombatOrders.nation, fact.nation)));
      return row && row.lockedAt === null ? null : `${fact.nation} has locked its post-combat moves`;
    }
    case "robot-takeover": {
      const [seat] = await db.select({ robot: seats.robot }).from(seats).where(and(eq(seats.gameId, fact.gameId), eq(seats.nation, fact.nation)));
      return seat?.robot ? null : `${fact.nation} was taken back`;
    }
  }
}
