// play.save answers a batch's first refusal with its rule and message (Ruleset.validate), not which
// order it concerns. The orders phase's view is the whole state (R1: the board is open), so the screen
// finds that order with the engine's own check (R4.11) and marks it in the draft's list, as a classic
// game's save marks each refused order.
import { validateOrders } from "../../../../server/rulesets/1942/engine/orders/validate";
import type { GameState } from "../../../../server/rulesets/1942/engine/state";
import type { Order } from "../../../../server/rulesets/1942/engine/orders/types";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { ActionResult } from "../../contract";
import type { DraftOrderLike, SaveAnswer } from "../../../game/[id]/use-order-draft";

/** The save's answer as the draft reads it: each order's verdict when the refused one is found, else the refusal alone. */
export function saveAnswer(state: GameState, nation: Nation, orders: DraftOrderLike[], result: ActionResult): SaveAnswer {
  if (result.ok) return { ok: true, saved: orders.length };
  const local = validateOrders(state, nation, orders as unknown as Order[]).results;
  const at = local.findIndex((r) => !r.ok && r.rule === result.rule);
  const index = at >= 0 ? at : local.findIndex((r) => !r.ok);
  if (index < 0) return { ok: false, rule: result.rule, message: result.message };
  const rule = result.rule ?? (local[index] as { rule: string }).rule;
  return { ok: false, results: orders.map((_, i) => (i === index ? { ok: false as const, rule, message: result.message } : { ok: true as const })) };
}
