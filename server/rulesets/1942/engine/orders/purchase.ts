// R4.10 — purchases: paid from the treasury, placed at a factory the buyer owns, limited by its value.
// R9.2 (a house rule) changes the limits: infantry at victory cities, the rest by cost at factories.
import { indexBoard, type Board } from "../board/board";
import { factoryCost, infantryLimits, productionCap } from "../economy/vc-placement";
import type { GameState } from "../state";
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
  /** R9.2 — infantry bought per victory-city territory by earlier purchases. */
  infantry?: Map<string, number>;
  /** R9.2 — cost of non-infantry units bought per factory territory by earlier purchases. */
  production?: Map<string, number>;
}

/** R8.2 — the capital is held by the other team. */
export function capitalLost(view: StartView, nation: Nation): boolean {
  const capital = view.board.capitalOf(nation);
  return capital !== undefined && view.ownerTeam(capital) !== teamOf(nation);
}

function ownedAtStart(view: StartView, nation: Nation, territory: string): boolean {
  return view.board.isLand(territory) && view.state.owners[territory] === nation;
}

function unitCost(board: Board, state: GameState, order: PurchaseOrder): number {
  if (order.type === "factory" && state.houseRules?.vcInfantry === true && board.isLand(order.destination))
    return factoryCost(board, order.destination) * order.count; // R9.2
  return UNIT_STATS[order.type].cost * order.count;
}

/** What a purchase costs: the R2 table, except a factory under R9.2. */
export function purchaseCost(state: GameState, order: PurchaseOrder): number {
  return unitCost(indexBoard(state.board), state, order);
}

/** R9.2 — where a purchase counts against a factory's output: ships at `from`, other non-infantry at the destination. */
function productionSite(order: PurchaseOrder): string | undefined {
  if (order.type === "factory" || order.type === "infantry") return undefined;
  return isShip(order.type) ? order.from : order.destination;
}

/** R9.2 — infantry only at victory cities owned at the start of the turn, within each city's limit. */
function checkVcInfantry(ctx: PurchaseContext, order: PurchaseOrder): Refusal | undefined {
  const { view, nation } = ctx;
  const { count, destination } = order;
  if (!ownedAtStart(view, nation, destination))
    return refuse("R9.2", `Infantry are raised at a victory city ${nation} owns at the start of the turn; ${destination} is not one`);
  const limits = infantryLimits(view.state, nation, destination);
  if (limits.length === 0) return refuse("R9.2", `Infantry are raised only at victory cities; ${destination} has none`);
  const total = limits.reduce((sum, l) => sum + l.limit, 0);
  const used = ctx.infantry?.get(destination) ?? 0;
  if (used + count > total) {
    const asked = used > 0 ? `${used} already bought, ${count} more` : `${count}`;
    return refuse("R9.2", `${destination} raises at most ${total} infantry a turn (${limits.map((l) => l.why).join("; ")}); ${asked} is too many`);
  }
  return undefined;
}

/** R9.2 — non-infantry placed at one factory cost at most 4 × its territory's value per turn. */
function checkProduction(ctx: PurchaseContext, order: PurchaseOrder, site: string): Refusal | undefined {
  const { board } = ctx.view;
  const cap = productionCap(board, site);
  const used = ctx.production?.get(site) ?? 0;
  const cost = UNIT_STATS[order.type].cost * order.count;
  if (used + cost <= cap) return undefined;
  const already = used > 0 ? ` on top of ${used} already bought there` : "";
  return refuse("R9.2", `The factory in ${site} (value ${board.value(site)}) places at most ${cap} credits of units other than infantry a turn; ${order.count} ${unitName(order.type, order.count)} cost ${cost}${already}`);
}

export function checkPurchase(ctx: PurchaseContext, order: PurchaseOrder): Refusal | undefined {
  const { view, nation } = ctx;
  const { type, count, destination } = order;
  const vc = view.state.houseRules?.vcInfantry === true;
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
    if (vc) {
      const refusal = checkProduction(ctx, order, from);
      if (refusal) return refusal;
    }
  } else if (vc && type === "infantry") {
    const refusal = checkVcInfantry(ctx, order);
    if (refusal) return refusal;
  } else {
    if (!ownedAtStart(view, nation, destination) || !view.hasFactory(destination))
      return refuse("R4.10", `${capitalised(unitName(type, 2))} are placed at a factory ${nation} owns; ${destination} is not one`);
    if (vc) {
      const refusal = checkProduction(ctx, order, destination);
      if (refusal) return refusal;
    } else if (type !== "aaGun") {
      const limit = 2 * view.board.value(destination);
      const used = ctx.slots.get(destination) ?? 0;
      const need = count * (type === "infantry" ? 1 : 2);
      if (used + need > limit)
        return refuse("R4.10", `The factory in ${destination} (value ${view.board.value(destination)}) cannot take ${what} more: land and air units count 1 each, infantry half`);
    }
  }
  const cost = unitCost(view.board, view.state, order);
  const treasury = view.state.treasury[nation];
  const left = treasury - ctx.spent;
  // Not a refusal of the place: the money is spent (by earlier purchases, or there was none).
  if (cost > left)
    return refuse("R4.10", left <= 0 ? `No money left: ${nation} has spent all ${treasury} credits (${what} cost ${cost})` : `Not enough money left: ${what} cost ${cost}; ${nation} has ${left} of ${treasury} credits left`);
  return undefined;
}

/** Record an accepted purchase in the running totals. */
export function commitPurchase(ctx: PurchaseContext, order: PurchaseOrder): void {
  const { view } = ctx;
  ctx.spent += unitCost(view.board, view.state, order);
  if (order.type === "factory") ctx.factories.add(order.destination);
  else if (view.state.houseRules?.vcInfantry === true) {
    // R9.2: infantry count at their victory city, the rest by cost at their factory.
    if (order.type === "infantry") (ctx.infantry ??= new Map()).set(order.destination, (ctx.infantry.get(order.destination) ?? 0) + order.count);
    const site = productionSite(order);
    if (site !== undefined) (ctx.production ??= new Map()).set(site, (ctx.production.get(site) ?? 0) + UNIT_STATS[order.type].cost * order.count);
  } else if (!isShip(order.type) && order.type !== "aaGun")
    ctx.slots.set(order.destination, (ctx.slots.get(order.destination) ?? 0) + order.count * (order.type === "infantry" ? 1 : 2));
}
