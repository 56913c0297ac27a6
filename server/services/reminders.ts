// "Deadline in one hour and you have not locked" (R3.1): found by the worker's sweep, told once per
// phase, nation, deadline and player (the event key), and only to players whose nation has no lock
// yet. A deadline moved by a pause and resume gets its own reminder.
import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, phases, seats } from "../../db/schema";
import { notify, type Note } from "./notify";
import { awaitedSides, decidesIn, waitsFor } from "./ruleset-games/acting";

export const REMINDER_MINUTES = 60;

export function reminderKey(phaseId: number, nation: string, deadline: Date): string {
  return `deadline-soon:${phaseId}:${nation}:${deadline.toISOString()}`;
}

export async function sweepReminders(db: Db): Promise<number> {
  // A paused game's clock stands still (pause.ts): no reminder until it runs again.
  const soon = await db
    .select({ id: phases.id })
    .from(phases)
    .innerJoin(games, eq(games.id, phases.gameId))
    .where(
      and(
        eq(phases.status, "open"),
        isNull(games.pausedAt),
        eq(games.sandbox, false),
        gt(phases.deadline, sql`now()`),
        lte(phases.deadline, sql`now() + make_interval(mins => ${REMINDER_MINUTES})`),
      ),
    )
    .limit(50);
  let told = 0;
  for (const { id } of soon) {
    told += await db.transaction(async (tx) => {
      // Share-lock the phase: a lock or the deadline sweep cannot change it while we read.
      const [phase] = await tx.select().from(phases).where(and(eq(phases.id, id), eq(phases.status, "open"))).for("share");
      if (!phase) return 0;
      const [game] = await tx.select({ name: games.name, ruleset: games.ruleset, scenario: games.scenario }).from(games).where(eq(games.id, phase.gameId));
      // A ruleset's phase of decisions closes its decisions, not orders.
      const closing = game && decidesIn(game, phase.startState) ? "decisions" : "orders";
      const locked = new Set((await tx.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.nation));
      const players = await tx
        .select({ nation: seats.nation, userId: seats.userId })
        .from(seats)
        .where(and(eq(seats.gameId, phase.gameId), eq(seats.robot, false), isNotNull(seats.userId)));
      // A side with nothing to order this turn is not reminded (docs/platform.md).
      const awaited = await awaitedSides(tx, phase);
      const notes: Note[] = players
        .filter((s) => !locked.has(s.nation) && waitsFor(awaited, s.nation))
        .map((s) => ({
          userId: s.userId!,
          gameId: phase.gameId,
          kind: "deadline-soon",
          text: `${game?.name ?? "Your game"}: turn ${phase.turn} ${closing} close within the hour and ${s.nation} has not locked`,
          url: `/game/${phase.gameId}`,
          eventKey: reminderKey(phase.id, s.nation, phase.deadline),
          fact: { kind: "deadline-soon", phaseId: phase.id, nation: s.nation, deadline: phase.deadline.toISOString() },
        }));
      return notify(tx, notes);
    });
  }
  return told;
}
