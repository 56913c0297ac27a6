// R3.1 — at the orders deadline, unlocked nations count as locked with what they saved, and the
// phase resolves (a ruleset's phase of decisions too, without excuses); at the decision deadline,
// missing battle decisions take their defaults and the post-combat stage closes with what was saved.
// The sweep runs in every worker; the phase row lock and the job key make it once.
import { and, eq, isNotNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases } from "../../db/schema";
import { takeDefaults } from "./battles";
import { beginResolving } from "./resolving";
import { closePostCombat } from "./post-combat";
import { excuseMissedDeadline } from "./excuses";
import { countMissedDeadlines } from "./takeover";
import { waitForVacation } from "./vacations";
import { decidesIn } from "./ruleset-games/acting";

/** Paused since the due phases were listed? (The pause holds the game row; this reads it in the sweep's transaction.) */
async function paused(tx: Db, gameId: number): Promise<boolean> {
  const [game] = await tx.select({ pausedAt: games.pausedAt }).from(games).where(eq(games.id, gameId)).for("share");
  return Boolean(game?.pausedAt);
}

type Phase = typeof phases.$inferSelect;

/**
 * Every phase of `status` whose deadline `column` has passed, each in its own transaction with the
 * phase row locked (skipped if another worker holds it, or if its game was paused meanwhile).
 * `act` returns whether it did something.
 */
async function sweep(db: Db, status: Phase["status"], column: typeof phases.deadline | typeof phases.decisionDeadline, act: (tx: Db, phase: Phase) => Promise<boolean>): Promise<number> {
  // A paused game's clock stands still: none of its deadlines pass (see pause.ts); a sandbox's never
  // pass on their own (issue 24: its owner resolves it).
  const running = notInArray(phases.gameId, db.select({ id: games.id }).from(games).where(or(isNotNull(games.pausedAt), eq(games.sandbox, true))));
  const due = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.status, status), lte(column, sql`now()`), running))
    .limit(50);
  let swept = 0;
  for (const { id } of due)
    await db.transaction(async (tx) => {
      const [phase] = await tx.select().from(phases).where(and(eq(phases.id, id), eq(phases.status, status))).for("update", { skipLocked: true });
      if (phase && !(await paused(tx, phase.gameId)) && (await act(tx, phase))) swept += 1;
    });
  return swept;
}

export async function sweepDeadlines(db: Db): Promise<number> {
  const orders = await sweep(db, "open", phases.deadline, async (tx, phase) => {
    const [game] = await tx.select().from(games).where(eq(games.id, phase.gameId));
    // A ruleset's phase of decisions closes with what was saved (a side that saved nothing takes the
    // ruleset's default), as a 1942 battle decision does: no vacation, excuse or missed-deadline count.
    if (decidesIn(game!, phase.startState)) {
      await beginResolving(tx, phase);
      return true;
    }
    // A player on vacation (in a game that honours it), else an excuse left, moves the deadline instead.
    if ((await waitForVacation(tx, phase, game!)) || (await excuseMissedDeadline(tx, phase, game!))) return true;
    // The record of who missed is written as the phase closes, before a takeover makes a seat a robot's.
    await beginResolving(tx, phase);
    await countMissedDeadlines(tx, phase);
    return true;
  });
  const decisions = await sweep(db, "battles", phases.decisionDeadline, async (tx, phase) => (await takeDefaults(tx, phase)) > 0);
  const postCombat = await sweep(db, "post-combat", phases.decisionDeadline, async (tx, phase) => {
    // R3.1 — what a nation saved counts; a nation that saved nothing takes the default landing (R7.4).
    await closePostCombat(tx, phase);
    return true;
  });
  return orders + decisions + postCombat;
}
