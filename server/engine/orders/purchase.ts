// R4.10 — purchases: paid from the treasury, placed at a factory the buyer owns, limited by its value.
import { teamOf } from "../teams";
import type { Nation } from "../types";
import { UNIT_STATS, isShip } from "../units";
import type { StartView } from "./start-view";
import { refuse, type PurchaseOrder, type Refusal } from "./types";
import { capitalised, unitName } from "./words";

export interface PurchaseContext {
  view: StartView;
  nation: Nation;
  /** Credits committed by earlier purchases in the list. */
  spent: number;
  /** Half-unit slots used per factory territory by earlier purchases (infantry 1, other land/air 2). */
  slots: Map<string, number>;
  factories: Set<string>;
}

/** R8.2 — the capital is held by the other team. */
export function capitalLost(view: StartView, nation: Nation): boolean {
  const capital = view.board.capitalOf(nation);
  return capital !== undefined && view.ownerTeam(capital) !== teamOf(nation);
}

function ownedAtStart(view: StartView, nation: Nation, territory: string): boolean {
  return view.board.isLand(territory) && view.state.owners[territory] === nation;
}

export function checkPurchase(ctx: PurchaseContext, order: PurchaseOrder): Refusal | undefined {
  const { view, nation } = ctx;
  const { type, count, destination } = order;
  const what = `${count} ${unitName(type, count)}`;
  if (!Number.isInteger(count) || count < 1) return refuse("R4.10", "A purchase must buy at least one unit");
  if (capitalLost(view, nation)) return refuse("R4.10", `${nation} may not buy while its capital is held by the other team`);
  if (type === "factory") {
    if (!ownedAtStart(view, nation, destination)) return refuse("R4.10", `A factory can be bought only for land ${nation} owns; ${destination} is not one`);
    if (view.hasFactory(destination) || ctx.factories.has(destination) || count > 1)
      return refuse("R4.10", `${destination} can have only one factory`);
  } else if (isShip(type)) {
    const from = order.from;
    if (!view.board.isSea(destination)) return refuse("R4.10", `${capitalised(unitName(type, 2))} are placed in a sea zone; ${destination} is land`);
    if (from === undefined || !ownedAtStart(view, nation, from) || !view.hasFactory(from) || !view.board.adjacent(from, destination))
      return refuse("R4.10", `Ships need a factory territory ${nation} owns next to ${destination}, named as "from"${from ? `; ${from} is not one` : ""}`);
  } else {
    if (!ownedAtStart(view, nation, destination) || !view.hasFactory(destination))
      return refuse("R4.10", `${capitalised(unitName(type, 2))} are placed at a factory ${nation} owns; ${destination} is not one`);
    if (type !== "aaGun") {
      const limit = 2 * view.board.value(destination);
      const used = ctx.slots.get(destination) ?? 0;
      const need = count * (type === "infantry" ? 1 : 2);
      if (used + need > limit)
        return refuse("R4.10", `The factory in ${destination} (value ${view.board.value(destination)}) cannot take ${what} more: land and air units count 1 each, infantry half`);
    }
  }
  const cost = UNIT_STATS[type].cost * count;
  const treasury = view.state.treasury[nation];
  if (ctx.spent + cost > treasury)
    return refuse("R4.10", `${what} cost ${cost}; ${nation} has ${treasury - ctx.spent} credits left of ${treasury}`);
  return undefined;
}

/** Record an accepted purchase in the running totals. */
export function commitPurchase(ctx: PurchaseContext, order: PurchaseOrder): void {
  ctx.spent += UNIT_STATS[order.type].cost * order.count;
  if (order.type === "factory") ctx.factories.add(order.destination);
  else if (!isShip(order.type) && order.type !== "aaGun")
    ctx.slots.set(order.destination, (ctx.slots.get(order.destination) ?? 0) + order.count * (order.type === "infantry" ? 1 : 2));
}
