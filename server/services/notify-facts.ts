// Before an email or push goes out (perhaps hours later, after quiet hours) the fact it states is
// checked again: a message that is no longer true is skipped with the reason, never sent.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, phases, postCombatOrders, seats, type NotificationFact, type SeatSide } from "../../db/schema";
import { pressStaleReason } from "./press/notify";

type PhaseFacts = Pick<typeof phases.$inferSelect, "status" | "deadline" | "pending"> & { pausedAt: Date | null };
type SeatFacts = { userId: string | null; robot: boolean };

/**
 * The phase and seat rows the checks read. One at a time by default; a batch of deliveries reads the
 * phases of all its facts, their games and seats in one statement first (`factReads`).
 */
export interface FactReads {
  phase(phaseId: number): Promise<PhaseFacts | undefined>;
  seat(phaseId: number, nation: SeatSide): Promise<SeatFacts | undefined>;
}

const phaseColumns = { status: phases.status, deadline: phases.deadline, pending: phases.pending, pausedAt: games.pausedAt };

/** Reads as each check asks (a phase once). */
function readsOneByOne(db: Db): FactReads {
  const read = new Map<number, Promise<PhaseFacts | undefined>>();
  return {
    phase(phaseId) {
      if (!read.has(phaseId))
        read.set(
          phaseId,
          db
            .select(phaseColumns)
            .from(phases)
            .innerJoin(games, eq(games.id, phases.gameId))
            .where(eq(phases.id, phaseId))
            .then(([row]) => row),
        );
      return read.get(phaseId)!;
    },
    async seat(phaseId, nation) {
      const [row] = await db
        .select({ userId: seats.userId, robot: seats.robot })
        .from(phases)
        .innerJoin(seats, and(eq(seats.gameId, phases.gameId), eq(seats.nation, nation)))
        .where(eq(phases.id, phaseId));
      return row;
    },
  };
}

/**
 * The phases these facts name, with their games' pause and every seat, in one statement; a phase not
 * among them is read when asked. (A turn's five notes name one phase: one statement for the five.)
 */
export async function factReads(db: Db, facts: (NotificationFact | null)[]): Promise<FactReads> {
  const one = readsOneByOne(db);
  const ids = [...new Set(facts.flatMap((f) => (f && "phaseId" in f ? [f.phaseId] : [])))];
  if (ids.length === 0) return one;
  const rows = await db
    .select({ id: phases.id, ...phaseColumns, nation: seats.nation, userId: seats.userId, robot: seats.robot })
    .from(phases)
    .innerJoin(games, eq(games.id, phases.gameId))
    .leftJoin(seats, eq(seats.gameId, phases.gameId))
    .where(inArray(phases.id, ids));
  const byPhase = new Map<number, PhaseFacts>();
  const bySeat = new Map<string, SeatFacts>();
  for (const r of rows) {
    byPhase.set(r.id, { status: r.status, deadline: r.deadline, pending: r.pending, pausedAt: r.pausedAt });
    if (r.nation !== null) bySeat.set(`${r.id}:${r.nation}`, { userId: r.userId, robot: r.robot ?? false });
  }
  return {
    phase: async (phaseId) => (ids.includes(phaseId) ? byPhase.get(phaseId) : one.phase(phaseId)),
    seat: async (phaseId, nation) => (ids.includes(phaseId) ? bySeat.get(`${phaseId}:${nation}`) : one.seat(phaseId, nation)),
  };
}

/**
 * A message addressed to a nation's player is stale once that user no longer plays it: they left,
 * or a robot took over. Also reads whether the game is paused (its clock stands still).
 */
async function seatOf(reads: FactReads, phaseId: number, nation: SeatSide, userId: string): Promise<{ stale: string | null; paused: boolean }> {
  const [phase, seat] = [await reads.phase(phaseId), await reads.seat(phaseId, nation)];
  if (!phase || !seat || seat.userId !== userId) return { stale: `you no longer play ${nation}`, paused: false };
  if (seat.robot) return { stale: `a robot plays ${nation} now`, paused: Boolean(phase.pausedAt) };
  return { stale: null, paused: Boolean(phase.pausedAt) };
}

async function lockedIn(db: Db, phaseId: number, nation: SeatSide): Promise<boolean> {
  const locked = await db.select({ n: locks.nation }).from(locks).where(and(eq(locks.phaseId, phaseId), eq(locks.nation, nation)));
  return locked.length > 0;
}

/** null when the fact still holds for this user; otherwise why the message would be stale. */
export async function staleReason(db: Db, fact: NotificationFact | null, userId: string, reads: FactReads = readsOneByOne(db)): Promise<string | null> {
  if (!fact) return null;
  if (fact.kind === "press-message" || fact.kind === "press-digest") return pressStaleReason(db, fact, userId);
  if ("nation" in fact && "phaseId" in fact) {
    const seat = await seatOf(reads, fact.phaseId, fact.nation, userId);
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
      const phase = await reads.phase(fact.phaseId);
      return phase?.status === "resolved" ? null : "the turn is not resolved";
    }
    case "decision-waiting": {
      const phase = await reads.phase(fact.phaseId);
      // A ruleset's phase of decisions (ruleset-games/resolve.ts) waits while it is open and the side has not locked.
      if (phase?.status === "open") return (await lockedIn(db, fact.phaseId, fact.nation)) ? `${fact.nation} has decided` : null;
      if (phase?.status !== "battles") return "the battles are over";
      return phase.pending?.requests.some((r) => r.chooser === fact.nation) ? null : `${fact.nation} has decided`;
    }
    case "deadline-soon": {
      // R3.1 — the reminder says "you have not locked": true only while the phase is open, the
      // deadline is the one announced and not past, and the nation has no lock.
      const phase = await reads.phase(fact.phaseId);
      if (phase?.status !== "open") return "the phase is closed";
      if (phase.deadline.toISOString() !== fact.deadline) return "the deadline changed";
      if (phase.deadline.getTime() <= Date.now()) return "the deadline has passed";
      return (await lockedIn(db, fact.phaseId, fact.nation)) ? `${fact.nation} has locked` : null;
    }
    case "post-combat": {
      const phase = await reads.phase(fact.phaseId);
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
