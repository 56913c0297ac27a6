// Opening a phase of a turn of any ruleset: the ruleset's state, a secret seed with its published
// SHA-256, the deadline (decision hours for a phase of decisions), and the robots' orders and locks (a robot orders through the ruleset's own
// robot and validate, and locks at once). A phase nobody but robots must act in closes at once. A
// turn of several phases has one row per phase (`step`, from ruleset.phaseOf), each opened here.
import { randomBytes } from "node:crypto";
import { and, eq, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { locks, orders, phases, seats } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { deadlineFrom } from "../deadline-time";
import { seedHash, startStateValue, type Phase } from "../phases";
import { writeBoth } from "../one-trip";
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

/**
 * What the caller of openRulesetPhase already has: `robots`, the game's robot sides, when it has just
 * read the seats (a read fewer); `after`, its write that ends the phase before, sent in the insert's
 * statement (a round trip fewer); `boardFrom`, the phase resolved into this one, whose stored board
 * this state's is when it is the same object (copied in the database, not sent: phases.ts).
 */
export interface OpenKnown {
  robots?: string[];
  after?: SQLWrapper;
  boardFrom?: { id: number; startState: unknown };
}

export async function openRulesetPhase(
  tx: Db,
  game: Pick<Game, "id" | "options">,
  ruleset: AnyRuleset,
  turn: number,
  state: unknown,
  seed = newSeed(),
  known: OpenKnown = {},
): Promise<Pick<Phase, "id" | "gameId" | "startState" | "seed">> {
  const deadline = deadlineOf(ruleset, state, game.options);
  const boardFrom = known.boardFrom ? { phaseId: known.boardFrom.id, state: known.boardFrom.startState as Phase["startState"] } : undefined;
  // Only the id back: the start state is the largest column, and it is here already.
  const insert = tx
    .insert(phases)
    .values({ gameId: game.id, turn, kind: "orders", step: stepOf(ruleset, state), startState: startStateValue(state as Phase["startState"], boardFrom), seed, seedHash: seedHash(seed), engineVersion: engineVersionOf(ruleset), deadline })
    .returning({ id: phases.id });
  const id = known.after ? Number((await writeBoth<{ id: number }>(tx, known.after, insert))[0]!.id) : (await insert)[0]!.id;
  const phase = { id, gameId: game.id, startState: state as Phase["startState"], seed };
  const robots = known.robots ?? (await tx.select({ side: seats.nation }).from(seats).where(and(eq(seats.gameId, game.id), eq(seats.robot, true)))).map((r) => r.side as string);
  // A phase just opened has no lock but the robots' (no read needed to know who locked).
  await robotsOrderAndLock(tx, phase, ruleset, robots, game.options, []);
  return phase;
}

/**
 * Robots order (those the ruleset names as acting) and lock, in an open phase; the phase closes once
 * every acting side has locked — at once when no human side must act.
 */
export async function robotsOrderAndLock(
  tx: Db,
  phase: Pick<Phase, "id" | "gameId" | "startState" | "seed">,
  ruleset: AnyRuleset,
  robots: string[],
  options: Game["options"],
  /** The sides that had locked before, when the caller knows them (a phase it has just opened: none). */
  lockedBefore?: string[],
): Promise<void> {
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
  const locked = lockedBefore ? [...lockedBefore, ...robots] : (await tx.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.side as string);
  if (acting.every((side) => locked.includes(side))) await beginResolving(tx, phase, { sides: new Set(acting), decision: isDecisionPhase(ruleset, state) });
}
