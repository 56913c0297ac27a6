// A nation's standing settings in a 1942 game played a phase at a time (R6.9, issue 21): its casualty
// order, kept from turn to turn as a classic game keeps it (services/battle-preferences.ts). It decides
// nothing alone: a battle the nation leaves to its preference ("decide this and every later round for
// me", BattleOrders.prefer without an order of its own) takes the standing order when the battles
// phase closes, by the nation's last lock or at the deadline. Pure.
import { CASUALTY_PREFERENCES, type CasualtyPreference } from "../engine/combat/preference";
import type { Standing, Validation } from "../../ruleset";
import type { BattleOrders } from "./battle-choices";
import { isStage, type State1942 } from "./turn-so-far";

export interface Standing1942 {
  casualties: CasualtyPreference;
}

export function checkStanding(value: unknown): Validation {
  const v = value as Partial<Record<string, unknown>> | null;
  if (!v || typeof v !== "object" || Array.isArray(v)) return { ok: false, rule: "R6.9", message: "A standing setting is { casualties }" };
  const extra = Object.keys(v).find((k) => k !== "casualties");
  if (extra !== undefined) return { ok: false, rule: "R6.9", message: `A standing setting has no ${JSON.stringify(extra)}: only casualties` };
  if (!CASUALTY_PREFERENCES.includes(v.casualties as CasualtyPreference))
    return { ok: false, rule: "R6.9", message: `A casualty preference is one of ${CASUALTY_PREFERENCES.join(", ")}, not ${JSON.stringify(v.casualties ?? null)}` };
  return { ok: true };
}

/** The batch of a battles phase with the battles left to the preference given the standing order (others as saved). */
export function applyStanding<Orders>(state: State1942, value: unknown, batch: Orders | undefined): Orders | undefined {
  if (!isStage(state) || state.stage !== "battles" || batch === undefined) return batch;
  const b = batch as BattleOrders;
  if (!b.prefer || b.prefer.casualties !== undefined) return batch;
  return { ...b, prefer: { casualties: (value as Standing1942).casualties, battles: b.prefer.battles } } as Orders;
}

export const standing1942 = <Orders>(): Standing<State1942, Orders> => ({
  check: (value) => checkStanding(value),
  apply: (state, _side, value, batch) => applyStanding(state, value, batch),
});
