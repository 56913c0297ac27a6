// A stored phase replayed from its stored inputs alone: the adjudication, the post-combat checks and
// the dice verification all compute the same result this way (R3.3).
import type { PostCombatStage } from "../../db/schema";
import { finishTurn, resolveCombatPhase, type CombatResult, type DecisionRecord, type GameState, type Nation, type Order, type TurnReport } from "../rulesets/1942/engine";
import type { Phase } from "./phases";

/** The combat phase of a stored phase, from its start state, orders, seed and recorded decisions. */
export function combatOf(
  phase: Pick<Phase, "startState" | "seed"> & { decisions?: DecisionRecord[] | null },
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  awaitDecisions = false,
): CombatResult {
  return resolveCombatPhase({ state: phase.startState, orders: orderLists, seed: phase.seed, lowLuck, decisions: phase.decisions ?? [], awaitDecisions });
}

/**
 * Resolve a stored phase from its stored inputs alone (also used to verify a phase): its start state,
 * orders, seed, the battle decisions recorded so far and the post-combat choices used. With
 * `awaitDecisions`, a battle whose decision is missing waits; without, missing decisions take the
 * default (R6.9).
 */
export function resolveStored(
  phase: Pick<Phase, "startState" | "seed"> & { decisions?: DecisionRecord[] | null; postCombat?: PostCombatStage | null },
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  awaitDecisions = false,
): { waiting?: CombatResult["waiting"]; state: GameState; report: TurnReport | CombatResult["report"] } {
  const combat = combatOf(phase, orderLists, lowLuck, awaitDecisions);
  if (combat.waiting) return combat;
  return finishTurn(phase.startState, combat, phase.postCombat?.used ?? {}, phase.seed);
}

