// R3.1 — at the orders deadline, unlocked nations count as locked with what they saved, and the
// phase resolves; at the decision deadline, missing battle decisions take their defaults and the
// post-combat stage closes with what was saved. The sweep runs in every worker; the phase row lock and the job key make it once.
import { and, eq, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases } from "../../db/schema";
import { takeDefaults } from "./battles";
import { beginResolving } from "./orders";
import { closePostCombat } from "./post-combat";
import { countMissedDeadlines } from "./takeover";

/** Paused since the due phases were listed? (The pause holds the game row; this reads it in the sweep's transaction.) */
async function paused(tx: Db, gameId: number): Promise<boolean> {
  const [game] = await tx.select({ pausedAt: games.pausedAt }).from(games).where(eq(games.id, gameId)).for("share");
  return Boolean(game?.pausedAt);
}

export async function sweepDeadlines(db: Db): Promise<number> {
  // A paused game's clock stands still: none of its deadlines pass (see pause.ts).
  const running = notInArray(phases.gameId, db.select({ id: games.id }).from(games).where(isNotNull(games.pausedAt)));
  const due = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.status, "open"), lte(phases.deadline, sql`now()`), running))
    .limit(50);
  let swept = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [phase] = await tx.select().from(phases).where(and(eq(phases.id, id), eq(phases.status, "open"))).for("update", { skipLocked: true });
      if (!phase || (await paused(tx, phase.gameId))) return;
      await countMissedDeadlines(tx, phase);
      await beginResolving(tx, phase);
      swept += 1;
    });
  }
  const decisionsDue = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.status, "battles"), lte(phases.decisionDeadline, sql`now()`), running))
    .limit(50);
  for (const { id } of decisionsDue) {
    await db.transaction(async (tx) => {
      const [phase] = await tx.select().from(phases).where(and(eq(phases.id, id), eq(phases.status, "battles"))).for("update", { skipLocked: true });
      if (!phase || !phase.pending || phase.pending.requests.length === 0 || (await paused(tx, phase.gameId))) return;
      if ((await takeDefaults(tx, phase)) > 0) swept += 1;
    });
  }
  const postCombatDue = await db
    .select({ id: phases.id })
    .from(phases)
    .where(and(eq(phases.status, "post-combat"), lte(phases.decisionDeadline, sql`now()`), running))
    .limit(50);
  for (const { id } of postCombatDue) {
    await db.transaction(async (tx) => {
      const [phase] = await tx.select().from(phases).where(and(eq(phases.id, id), eq(phases.status, "post-combat"))).for("update", { skipLocked: true });
      if (!phase || (await paused(tx, phase.gameId))) return;
      // R3.1 — what a nation saved counts; a nation that saved nothing takes the default landing (R7.4).
      await closePostCombat(tx, phase);
      swept += 1;
    });
  }
  return swept;
}
