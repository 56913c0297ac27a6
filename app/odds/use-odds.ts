"use client";
// useOdds(input): the exact odds of a battle, computed in a Web Worker as the input changes
// (debounced), never blocking the page. `undefined` input: nothing to price.
import type { OddsInput, OddsResult } from "@/server/rulesets/1942/engine/odds";
import { usePriced, type PricedState } from "./use-priced";

export type OddsState = PricedState<OddsResult>;

export function useOdds(input: OddsInput | undefined, delayMs = 80): OddsState {
  return usePriced(input, (client, i: OddsInput) => client.price(i), delayMs);
}
