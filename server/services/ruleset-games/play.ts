// Saving, locking and unlocking one side's orders in a game of any ruleset. A side's orders are one
// batch (one orders row at position 0) for the phase of the turn in play — a turn may have several
// (ruleset.phaseOf), and only the current one takes orders — checked by the ruleset's validate when
// saved: nothing illegal is stored. The last lock of the sides that must act closes the phase and
// queues its resolution in the same transaction (resolving.ts), so it resolves exactly once.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { locks, orders, phases, seats } from "../../../db/schema";
import { conflict, notYours, ServiceError } from "../errors";
import { publish } from "../events";
import { markActedOn } from "../notifications";
import type { Phase } from "../phases";
import { beginResolving } from "../resolving";
import { latestPhaseOf } from "../start-state";
import { checkBatchText } from "./batch-text";
import { actingSides, currentStep, isDecisionPhase } from "./acting";
import type { AnyRuleset } from "../../rulesets";
import { rulesetGame } from "./rulesets";

export type ActionResult = { ok: true } | { ok: false; rule?: string; message: string };

/** A batch of orders larger than this is refused before the ruleset reads it. */
export const MAX_BATCH_BYTES = 64 * 1024;

export async function playsSide(db: Db, userId: string, gameId: number, side: string): Promise<boolean> {
  const rows = await db
    .select({ side: seats.nation })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.nation, side as never), eq(seats.userId, userId)));
  return rows.length > 0;
}


/**
 * The game's latest phase, locked for this transaction (FOR UPDATE: locks and closes wait for each
 * other). Its start state, which never changes, is sent and parsed once per process (start-state.ts):
 * every save and lock of a phase read and parsed the whole state again.
 */
async function latestPhase(tx: Db, gameId: number, mode: "update" | "share"): Promise<Phase> {
  const phase = await latestPhaseOf(tx, gameId, mode);
  if (!phase) throw conflict("This game has not started: its first turn opens when every seat is filled");
  if (phase.status === "resolved") throw conflict("This game is over: there are no more orders to give");
  if (phase.status !== "open") throw conflict("Every side has locked or the deadline passed: the turn is being resolved");
  return phase;
}

async function isLocked(tx: Db, phaseId: number, side: string): Promise<boolean> {
  const rows = await tx.select({ side: locks.nation }).from(locks).where(and(eq(locks.phaseId, phaseId), eq(locks.nation, side as never)));
  return rows.length > 0;
}

/**
 * The ruleset's verdict; a ruleset that throws on a shape it never expected has refused the batch
 * (a 400 naming the game, not a 500: the input was wrong, whatever the ruleset's manners).
 */
function validated(ruleset: AnyRuleset, state: unknown, side: string, batch: unknown) {
  try {
    return ruleset.validate(state, side, batch);
  } catch {
    throw new ServiceError("BAD_REQUEST", `These orders are not in the form ${ruleset.name} reads`);
  }
}

/**
 * Refuses a batch meant for another phase than the one in play (`asked`: the phase id the client
 * ordered for, when it says), and a side that does not act in this phase: it waits for the others.
 */
function checkPhaseOf(ruleset: AnyRuleset, phase: { turn: number; startState: unknown }, side: string, asked: string | undefined): void {
  const at = currentStep(ruleset, phase.startState);
  const where = at && at.count > 1 ? `in the ${at.info.name ?? at.info.id} phase of turn ${phase.turn}` : "this turn";
  if (asked !== undefined && asked !== at?.info.id)
    throw conflict(`These orders are for the phase "${asked}", but turn ${phase.turn} is in the phase "${at?.info.id ?? "none"}": only its orders are taken`);
  if (!actingSides(ruleset, phase.startState).includes(side)) throw conflict(`${side} has nothing to order ${where}`);
}

/**
 * Replace a side's saved orders for the phase in play; the ruleset's validate decides, a refusal
 * stores nothing. `phase`: the phase id the orders are for, refused when another phase is in play.
 */
export async function saveBatch(db: Db, userId: string, gameId: number, side: string, batch: unknown, phase?: string): Promise<ActionResult> {
  const { ruleset } = await rulesetGame(db, gameId);
  if (batch === undefined) throw new ServiceError("BAD_REQUEST", "Orders are missing");
  if (JSON.stringify(batch).length > MAX_BATCH_BYTES) throw new ServiceError("BAD_REQUEST", `Orders are at most ${MAX_BATCH_BYTES / 1024} KB of JSON`);
  checkBatchText(batch);
  return db.transaction(async (tx) => {
    if (!(await playsSide(tx, userId, gameId, side))) throw notYours(side);
    // FOR SHARE: saves of different sides run side by side; a lock or the phase's close waits for them.
    const open = await latestPhase(tx, gameId, "share");
    if (await isLocked(tx, open.id, side)) throw conflict(`${side} has locked its orders; unlock to change them`);
    checkPhaseOf(ruleset, open, side, phase);
    const verdict = validated(ruleset, open.startState, side, batch);
    if (!verdict.ok) return { ok: false, rule: verdict.rule, message: verdict.message };
    await tx
      .insert(orders)
      .values({ phaseId: open.id, nation: side as never, position: 0, order: batch as never, savedBy: userId })
      .onConflictDoUpdate({ target: [orders.phaseId, orders.nation, orders.position], set: { order: batch as never, savedBy: userId, savedAt: new Date() } });
    return { ok: true };
  });
}

export async function lockSide(db: Db, userId: string, gameId: number, side: string): Promise<{ locked: string[]; resolving: boolean }> {
  const { ruleset } = await rulesetGame(db, gameId);
  return db.transaction(async (tx) => {
    if (!(await playsSide(tx, userId, gameId, side))) throw notYours(side);
    const phase = await latestPhase(tx, gameId, "update");
    await tx.insert(locks).values({ phaseId: phase.id, nation: side as never, lockedBy: userId }).onConflictDoNothing();
    // A lock shows the player is there: the count of missed deadlines starts again.
    await tx.update(seats).set({ missedDeadlines: 0 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, side as never), sql`${seats.missedDeadlines} > 0`));
    await markActedOn(tx, userId, gameId, ["deadline-soon"]);
    const rows = await tx.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id));
    const locked = rows.map((r) => r.side as string).sort();
    const acting = actingSides(ruleset, phase.startState);
    const resolving = acting.every((s) => locked.includes(s));
    if (resolving) await beginResolving(tx, phase, { sides: new Set(acting), decision: isDecisionPhase(ruleset, phase.startState) });
    await publish(tx, { gameId, kind: "locks-changed", turn: phase.turn });
    return { locked, resolving };
  });
}

export async function unlockSide(db: Db, userId: string, gameId: number, side: string): Promise<{ locked: string[] }> {
  await rulesetGame(db, gameId);
  return db.transaction(async (tx) => {
    if (!(await playsSide(tx, userId, gameId, side))) throw notYours(side);
    const phase = await latestPhase(tx, gameId, "update");
    await tx.delete(locks).where(and(eq(locks.phaseId, phase.id), eq(locks.nation, side as never)));
    const rows = await tx.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id));
    await publish(tx, { gameId, kind: "locks-changed", turn: phase.turn });
    return { locked: rows.map((r) => r.side as string).sort() };
  });
}

