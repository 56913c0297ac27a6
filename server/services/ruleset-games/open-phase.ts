// Opening a phase of a turn of any ruleset: the ruleset's state, a secret seed with its published
// SHA-256, the deadline (decision hours for a phase of decisions), and the robots' orders and locks (a robot orders through the ruleset's own
// robot and validate, and locks at once). A phase nobody but robots must act in closes at once. A
// turn of several phases has one row per phase (`step`, from ruleset.phaseOf), each opened here.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { locks, orders, phases, seats } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { deadlineFrom } from "../deadline-time";
import { seedHash, type Phase } from "../phases";
import { beginResolving } from "../resolving";
import { actingSides, isDecisionPhase, stepOf } from "./acting";
import { engineVersionOf, type Game } from "./rulesets";

export const newSeed = () => randomBytes(32).toString("hex");

/** The robot's seed for a side in a phase: from the phase's secret seed, so a replay gets the same orders. */
export const robotSeed = (phaseSeed: string, side: string) => `${phaseSeed}|robot|${side}`;

/** A phase's deadline: the game's decision hours for a phase of decisions (as 1942's battles take), else its orders hours. */
export function deadlineOf(ruleset: AnyRuleset, state: unknown, options: Game["options"], now = new Date()): Date {
  return isDecisionPhase(ruleset, state) ? deadlineFrom(now, options.decisionHours, options.decisionsAt) : deadlineFrom(now, options.ordersHours, options.ordersAt);
}

export async function openRulesetPhase(tx: Db, game: Pick<Game, "id" | "options">, ruleset: AnyRuleset, turn: number, state: unknown, seed = newSeed()): Promise<Phase> {
  const deadline = deadlineOf(ruleset, state, game.options);
  const [phase] = await tx
    .insert(phases)
    .values({ gameId: game.id, turn, kind: "orders", step: stepOf(ruleset, state), startState: state as never, seed, seedHash: seedHash(seed), engineVersion: engineVersionOf(ruleset), deadline })
    .returning();
  const robots = (await tx.select({ side: seats.nation }).from(seats).where(and(eq(seats.gameId, game.id), eq(seats.robot, true)))).map((r) => r.side as string);
  await robotsOrderAndLock(tx, phase!, ruleset, robots, game.options);
  return phase!;
}

/**
 * Robots order (those the ruleset names as acting) and lock, in an open phase; the phase closes once
 * every acting side has locked — at once when no human side must act.
 */
export async function robotsOrderAndLock(tx: Db, phase: Pick<Phase, "id" | "gameId" | "startState" | "seed">, ruleset: AnyRuleset, robots: string[], options: Game["options"]): Promise<void> {
  const state = phase.startState;
  const acting = actingSides(ruleset, state);
  const ordering = options.robotsHold ? [] : robots.filter((side) => acting.includes(side));
  const rows = ordering.flatMap((side) => {
    const batch = ruleset.robot(state, side, robotSeed(phase.seed, side));
    // Only a batch the ruleset accepts is stored; a refused one leaves the side without orders.
    return ruleset.validate(state, side, batch).ok ? [{ phaseId: phase.id, nation: side as never, position: 0, order: batch as never, savedBy: null }] : [];
  });
  if (rows.length > 0) await tx.insert(orders).values(rows);
  if (robots.length > 0) await tx.insert(locks).values(robots.map((side) => ({ phaseId: phase.id, nation: side as never, lockedBy: null }))).onConflictDoNothing();
  const locked = (await tx.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.side as string);
  if (acting.every((side) => locked.includes(side))) await beginResolving(tx, phase);
}
