// A robot (R3.2) plays a nation through the same engine functions a player's browser uses:
// legalDestinations to see where a group may go, validateOrder before keeping an order, and the
// engine's battle resolution to estimate the odds of an attack. Deterministic for a given state,
// nation and seed: no clock, no unseeded randomness, every search in a sorted order.
//
// One turn, in this order (each step only takes units the earlier ones left free):
//   defence.ts   hold the capital and threatened factories, call in reinforcements
//   navy.ts      keep fighters' carriers, attack hostile fleets at good odds
//   strike.ts    strike enemy capitals with the whole team at once (allies replay each other)
//   attack.ts    attack hostile land at good odds (land, amphibious and air), take empty land
//   review.ts    price those attacks together with the whole-turn odds (joint.ts); drop or reinforce
//                the ones that fall short, keeping the sound plan of highest expected value
//   sea-front.ts idle warships sail towards the enemy capitals' coasts, where transports will follow
//   transports.ts ferry troops towards the front; navy.ts escorts them or pulls back
//   advance.ts   move idle units up; raid with idle bombers
//   purchase.ts  buy within treasury and placement limits (R4.10)
import { validateOrders, type GameState, type Nation, type Order } from "../engine";
import { planAdvance } from "./advance";
import type { PlanOdds } from "./joint";
import { planWarships } from "./navy";
import { planPurchases } from "./purchase";
import { reviewedAttacks, type Reviewed } from "./review";
import { planSeaFront } from "./sea-front";
import { planFerries } from "./transports";
import { robotTurn } from "./turn";

export { attackOdds, estimateBattle } from "./odds";

export interface PlannedTurn {
  orders: Order[];
  /** The attacks' whole-turn odds as the review priced them (later steps move only into friendly or clear places); undefined: too big to price. */
  odds: PlanOdds | undefined;
  choice: Reviewed["choice"];
  weighed: Reviewed["weighed"];
}

/** The robot's turn as planned, each order accepted by the engine after the earlier ones bearing on it. */
export function plannedTurn(state: GameState, nation: Nation, seed: string): PlannedTurn {
  const { turn, odds, choice, weighed } = reviewedAttacks(robotTurn(state, nation, seed));
  planSeaFront(turn);
  planFerries(turn);
  planWarships(turn);
  planAdvance(turn);
  planPurchases(turn);
  return { orders: turn.plan.orders, odds, choice, weighed };
}

/** The robot's orders as planned (plannedTurn's orders). */
export function plannedOrders(state: GameState, nation: Nation, seed: string): Order[] {
  return plannedTurn(state, nation, seed).orders;
}

/** A robot's orders for `nation` this turn (R3.2): the entry point the web app and `npm run simulate` call. */
export function robotOrders(state: GameState, nation: Nation, seed: string): Order[] {
  const orders = plannedOrders(state, nation, seed);
  // The whole list must pass as well (R4.2). It does (tests check plannedOrders); should a refusal ever
  // slip through, R4.11 still holds: that one order is dropped, never stored.
  const results = validateOrders(state, nation, orders).results;
  return orders.filter((_, i) => results[i]!.ok);
}
