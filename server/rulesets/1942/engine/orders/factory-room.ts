// R4.10 (R9.2 under its house rule) — how much more each factory of a nation may place this turn, after
// the purchases of a draft the validation accepts: the purchase panel shows it beside the steppers.
import { productionCap } from "../economy/vc-placement";
import type { GameState } from "../state";
import type { Nation } from "../types";
import { commitPurchase, type PurchaseContext } from "./purchase";
import { startView } from "./start-view";
import type { Order } from "./types";
import { validateOrders } from "./validate";

export interface FactoryRoom {
  territory: string;
  /** The territory's economic value (IPC), which sets the limit. */
  value: number;
  /** R4.10: land and air units, infantry counting half; R9.2: the cost of units other than infantry. */
  rule: "R4.10" | "R9.2";
  measure: "units" | "credits";
  limit: number;
  /** What is still free (R4.10: in units, so 1.5 is one armour and one infantry, or three infantry). */
  left: number;
}

/** Each factory the nation owns at the start of the turn, with its room left after `earlier`'s accepted purchases. */
export function factoryRoom(state: GameState, nation: Nation, earlier: readonly Order[]): FactoryRoom[] {
  const view = startView(state);
  // The same running totals the validation keeps, over the purchases it accepted.
  const ctx: PurchaseContext = { view, nation, spent: 0, slots: new Map(), factories: new Set() };
  for (const order of validateOrders(state, nation, earlier).purchases) commitPurchase(ctx, order);
  const vc = state.houseRules?.vcInfantry === true;
  return state.board.territories
    .filter((t) => t.kind === "land" && state.owners[t.id] === nation && view.hasFactory(t.id))
    .map((t) => {
      const value = view.board.value(t.id);
      if (vc) {
        const limit = productionCap(view.board, t.id);
        return { territory: t.id, value, rule: "R9.2", measure: "credits", limit, left: limit - (ctx.production?.get(t.id) ?? 0) };
      }
      return { territory: t.id, value, rule: "R4.10", measure: "units", limit: value, left: value - (ctx.slots.get(t.id) ?? 0) / 2 };
    });
}
