// A side's batch of a battles phase (BattleOrders, R6.3) as the stage screen builds it, one decision
// at a time (pure): a new decision for a request replaces the one kept for it.
import type { BattleChoice, BattleOrders } from "../../../../server/rulesets/1942/phases/battle-choices";
import type { DecisionInput } from "../../../game/[id]/battle/battle-source";

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
