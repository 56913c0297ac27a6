// R4.2 + R4.11 — a nation's orders are checked against the start of the turn, in the order listed.
import type { GameState } from "../state";
import type { Nation } from "../types";
import { checkBombardLink, checkBombardShape, transportUnloads } from "./bombard";
import { checkMove, ClaimedIds, type OrderContext, type ResolvedMove } from "./move";
import { checkPurchase, commitPurchase, type PurchaseContext } from "./purchase";
import { checkRaid } from "./raid";
import { startView } from "./start-view";
import { checkTransport } from "./transport";
import { isPurchase, type Order, type PurchaseOrder, type Validation } from "./types";

export interface NationOrders {
  nation: Nation;
  /** One result per order, in listing order. */
  results: Validation[];
  moves: ResolvedMove[];
  purchases: PurchaseOrder[];
}

/** Validate a nation's whole list. Claims and spending accumulate in listing order (R4.2, R4.10). */
export function validateOrders(state: GameState, nation: Nation, orders: readonly Order[]): NationOrders {
  const view = startView(state);
  const ctx: OrderContext = { view, nation, claimed: new ClaimedIds() };
  const buying: PurchaseContext = { view, nation, spent: 0, slots: new Map(), factories: new Set() };
  const results: Validation[] = [];
  const accepted: (ResolvedMove | PurchaseOrder | undefined)[] = [];
  for (const order of orders) {
    if (isPurchase(order)) {
      const refusal = checkPurchase(buying, order);
      if (!refusal) commitPurchase(buying, order);
      results.push(refusal ?? { ok: true });
      accepted.push(refusal ? undefined : order);
      continue;
    }
    const checked = checkMove(ctx, order);
    const refusal = !checked.ok
      ? checked
      : (checkTransport(ctx, checked.move) ?? checkBombardShape(ctx, checked.move) ?? checkRaid(ctx, checked.move));
    if (refusal || !checked.ok) {
      results.push(refusal ?? { ok: true });
      accepted.push(undefined);
      continue;
    }
    for (const u of checked.move.units) ctx.claimed.add(u.id);
    for (const u of checked.move.loaded) ctx.claimed.add(u.id);
    results.push({ ok: true });
    accepted.push(checked.move);
  }
  // R4.8 needs the nation's transport orders, wherever they stand in the list.
  // (Indexed once: a scan of every move for each bombardment grew with the square of the orders.)
  const unloads = transportUnloads(accepted.filter((a): a is ResolvedMove => a !== undefined && "order" in a));
  accepted.forEach((a, i) => {
    if (!a || !("order" in a)) return;
    const refusal = checkBombardLink(a, unloads);
    if (refusal) {
      results[i] = refusal;
      accepted[i] = undefined;
    }
  });
  return {
    nation,
    results,
    moves: accepted.filter((a): a is ResolvedMove => a !== undefined && "order" in a),
    purchases: accepted.filter((a): a is PurchaseOrder => a !== undefined && !("order" in a)),
  };
}

/** Validate one order as if listed after `earlier` (what a player saving one more order needs). */
export function validateOrder(state: GameState, nation: Nation, order: Order, earlier: readonly Order[] = []): Validation {
  const all = validateOrders(state, nation, [...earlier, order]);
  return all.results[all.results.length - 1]!;
}
