"use client";
// useTurnOdds(request): the whole-turn odds of a draft (issue 24), priced in its own Web Worker as the
// draft changes (debounced; the answer to an older draft is ignored), never blocking the map.
import type { TurnAnswer, TurnRequest } from "./turn-price";
import { usePriced, type PricedState } from "./use-priced";

export type TurnOddsState = PricedState<TurnAnswer>;

export function useTurnOdds(request: TurnRequest | undefined, delayMs = 120): TurnOddsState {
  return usePriced(request, (client, r: TurnRequest) => client.priceTurn(r), delayMs);
}
