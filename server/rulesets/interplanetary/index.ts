// Interplanetary as a ruleset (server/rulesets/ruleset.ts). Rulebook: docs/rules/interplanetary.md.
import { registerRuleset, type GameResult, type PhaseInfo, type Ruleset } from "../ruleset";
import { resolveTurn } from "./resolve";
import { robotOrders } from "./robot";
import { setupScenario, type SetupOptions } from "./scenarios";
import { inPlay } from "./ships";
import { RULESET_ID, RULESET_VERSION, type Orders, type Report, type ScenarioId, type State } from "./types";
import { validateOrders } from "./validate";
import { viewState, type View } from "./view";

export const interplanetary: Ruleset<State, Orders, Report, ScenarioId, SetupOptions, null, View> = {
  id: RULESET_ID,
  version: RULESET_VERSION,
  setup: (scenario, options) => setupScenario(scenario, options),
  // IP2.1: one phase a turn, "plot", for every side with a ship or ordnance in play.
  phases(state): PhaseInfo[] {
    if (state.ended) return [];
    return [{ id: "plot", sides: state.sides.filter((side) => state.ships.some((s) => s.side === side && inPlay(s)) || state.ordnance.some((o) => o.side === side)) }];
  },
  validate: validateOrders,
  resolve: (state, ordersBySide, _decisions, seed) => resolveTurn(state, ordersBySide, seed),
  view: viewState,
  result(state): GameResult {
    return state.ended ? { over: true, winners: state.ended.winners, draw: state.ended.draw, reason: state.ended.reason } : { over: false };
  },
  robot: (state, side) => robotOrders(state, side),
};

registerRuleset(interplanetary);

export type { Orders, Report, State } from "./types";
