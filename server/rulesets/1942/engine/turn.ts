// A whole turn with default decisions (RULES.md R3): the combat phase, post-combat landing (R7), then
// place-new, income and victory (R8). Used by the scenario command's `until: "turn"` and by robots.
import { resolveCombatPhase, unitReports, type CombatInput, type CombatResult } from "./combat-phase";
import { indexBoard } from "./board/board";
import { endTurn, type TurnEndReport } from "./economy/turn-end";
import { moveAaGuns, type AaMove, type AaMoveReport } from "./postcombat/aa-moves";
import { landAircraft, type LandingOrder, type LandingReport } from "./postcombat/landing";
import type { CombatReport, UnitReport } from "./report";
import type { GameState } from "./state";
import type { Nation } from "./types";

export interface TurnReport extends CombatReport, TurnEndReport {
  landings: LandingReport[];
  /** Player landings refused (R7.1); their units took the default landing instead. */
  landingsRefused: { nation: Nation; order: LandingOrder; reason: string }[];
  /** AA guns moved in post-combat (R7.2), and refused moves. */
  aaMoves: AaMoveReport[];
  aaMovesRefused: { nation: Nation; order: AaMove; reason: string }[];
}

/** Players' post-combat choices (R7): landings, and AA gun moves. */
export interface PostCombatOrders {
  landings?: Partial<Record<Nation, readonly LandingOrder[]>>;
  aaMoves?: Partial<Record<Nation, readonly AaMove[]>>;
}

/**
 * After a finished combat phase: land the aircraft (R7), then place-new, income and victory (R8).
 * `seed` is the turn's dice seed: only R9.3 commerce raiding rolls here.
 */
export function finishTurn(start: GameState, combat: CombatResult, post: PostCombatOrders = {}, seed = ""): { state: GameState; report: TurnReport } {
  const landed = landAircraft(start, combat.state, combat.aftermath, post.landings);
  const aa = moveAaGuns(start, landed.state, post.aaMoves);
  const end = endTurn(aa.state, combat.aftermath.purchases, seed);
  const units: UnitReport[] = unitReports(end.state.units, indexBoard(end.state.board));
  const owners = Object.fromEntries(Object.entries(end.state.owners).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    state: end.state,
    report: { ...combat.report, landings: landed.landings, landingsRefused: landed.refused, aaMoves: aa.moved, aaMovesRefused: aa.refused, ...end.report, units, owners, treasury: { ...end.state.treasury } },
  };
}

export function resolveTurn(input: Omit<CombatInput, "until" | "awaitDecisions">, post: PostCombatOrders = {}): { state: GameState; report: TurnReport } {
  return finishTurn(input.state, resolveCombatPhase(input), post, input.seed);
}
