// A side's batch of a battles phase (BattleOrders, R6.3) as the stage screen builds it, one decision
// at a time (pure): a new decision for a request replaces the one kept for it; its `prefer` leaves
// battles (one, or the rest of the side's) to its standing casualty preference.
import type { BattleChoice, BattleOrders } from "../../../../server/rulesets/1942/phases/battle-choices";
import type { DecisionInput } from "../../../game/[id]/battle/battle-source";
import type { PendingRequest } from "../../../game/[id]/game-types";

type Key = Pick<DecisionInput, "battle" | "round" | "step">;

export const answers = (c: BattleChoice, k: Key) => c.battle === k.battle && c.round === k.round && c.step === k.step;

export function withChoice(batch: BattleOrders, input: DecisionInput): BattleOrders {
  const { battle, round, step, decision } = input;
  return { ...batch, choices: [...batch.choices.filter((c) => !answers(c, input)), { battle, round, step, decision }] };
}

export function withoutChoice(batch: BattleOrders, k: Key): BattleOrders {
  return { ...batch, choices: batch.choices.filter((c) => !answers(c, k)) };
}

/** The saved batch, or an empty one. */
export function batchOf(saved: unknown): BattleOrders {
  const b = saved as Partial<BattleOrders> | null;
  return b && Array.isArray(b.choices) ? (b as BattleOrders) : { choices: [] };
}

/**
 * "Decide this and every later round for me" (R6.9), for one battle or all the side decides in now:
 * the batch's `prefer` names the battles; their decisions the side does not make itself take the
 * side's standing casualty order (kept from turn to turn, play.setStanding) when the phase closes, in
 * this round and every later round of the turn. An empty list takes it back.
 */
export function withPreference(batch: BattleOrders, battles: readonly string[]): BattleOrders {
  const { prefer: _dropped, ...rest } = batch;
  return battles.length > 0 ? { ...rest, prefer: { battles: [...new Set(battles)].sort() } } : rest;
}

/** One battle left to the preference (on) or taken back (off); the others as they were. */
export function withBattlePreferred(batch: BattleOrders, battle: string, on: boolean): BattleOrders {
  const before = batch.prefer?.battles ?? [];
  return withPreference(batch, on ? [...before, battle] : before.filter((b) => b !== battle));
}

/** Whether a battle's open decisions go to the side's preference: left to it now (the batch) or in an earlier phase of the turn. */
export function leftToPreference(batch: BattleOrders, earlier: { battles: readonly string[] } | undefined, battle: string): boolean {
  return (batch.prefer?.battles.includes(battle) ?? false) || (earlier?.battles.includes(battle) ?? false);
}

/** The batch's key of a request: a retreat question is its round's "retreat" step. */
export const keyOf = (r: PendingRequest): Key => ({ battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat" });

/**
 * The side's requests it has neither answered in its batch nor left to its preference: the decisions
 * that wait for it (the frame's "Decide! 2"; each takes the default, R6.9, if it locks without them).
 */
export function waitingIn(requests: readonly PendingRequest[], batch: BattleOrders, preferred: (battle: string) => boolean): PendingRequest[] {
  return requests.filter((r) => !batch.choices.some((c) => answers(c, keyOf(r))) && !preferred(r.battle));
}
