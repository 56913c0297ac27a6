// A stored 1942 turn replayed from its stored inputs alone: the web game's adjudication, its post-combat
// checks and the dice verification all compute the same result this way (R3.3). Pure: the services
// pass what the turn's row holds.
import { finishTurn, resolveCombatPhase, type CombatResult, type DecisionRecord, type GameState, type Nation, type Order, type PostCombatOrders, type TurnReport } from "../engine";

/** What a stored turn's row holds that its replay needs. */
export interface StoredTurn {
  startState: GameState;
  seed: string;
  /** The battle decisions recorded so far (R6.3). */
  decisions?: DecisionRecord[] | null;
  /** The post-combat choices the turn used (R7), once they are known. */
  postCombat?: { used?: PostCombatOrders } | null;
}

/** The combat phase of a stored phase, from its start state, orders, seed and recorded decisions. */
export function combatOf(
  phase: Omit<StoredTurn, "postCombat">,
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
  phase: StoredTurn,
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  awaitDecisions = false,
): { waiting?: CombatResult["waiting"]; state: GameState; report: TurnReport | CombatResult["report"] } {
  const combat = combatOf(phase, orderLists, lowLuck, awaitDecisions);
  if (combat.waiting) return combat;
  return finishTurn(phase.startState, combat, phase.postCombat?.used ?? {}, phase.seed);
}

