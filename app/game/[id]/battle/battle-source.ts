"use client";
// Where the battle panel's parts (the pickers, the odds, the markers) get their battles and send a
// decision. The classic screen provides none: they read its game.get query and call battle.decide,
// each decision sent at once. A 1942 game played a phase at a time (app/games/1942/stage/) provides
// its StageView's battles and keeps each decision in the side's batch of the battles phase (R6.3:
// both sides' choices arrive together when the phase resolves), saved through the platform's save.
import { createContext, useContext } from "react";
import type { Decision } from "../../../../server/rulesets/1942/engine";
import type { LiveBattle } from "../game-types";

/** One decision as the panel gives it: which request it answers and the choice. */
export interface DecisionInput {
  nation: string;
  battle: string;
  round: number;
  step: "bombardment" | "submarine" | "general" | "retreat";
  decision: Decision;
}

export interface BattleSource {
  battles: readonly LiveBattle[];
  /** Low luck (R6.8): the odds are priced with it. */
  lowLuck: boolean;
  /** Keeps one decision in the viewer's batch; a refusal comes back in words. */
  decide(input: DecisionInput): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Whether the batch already answers this request. */
  chosen(request: Pick<DecisionInput, "battle" | "round" | "step">): boolean;
  /** What a picker says once its decision is kept. */
  keptText: string;
}

export const BattleSourceContext = createContext<BattleSource | null>(null);

/** The battles and the decision road of a phased game's stage screen; null on the classic screen. */
export function useBattleSource(): BattleSource | null {
  return useContext(BattleSourceContext);
}
