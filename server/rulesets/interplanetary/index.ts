// Interplanetary as a ruleset (server/rulesets/ruleset.ts). Rulebook: docs/rules/interplanetary.md.
import { registerRuleset, type GameResult, type PhaseInfo, type Ruleset } from "../ruleset";
import { resolveTurn } from "./resolve";
import { robotOrders } from "./robot";
import { setupScenario, type SetupOptions } from "./scenarios";
import { knownState } from "./known-state";
import { inPlay } from "./ships";
import { RULESET_ID, RULESET_VERSION, type Orders, type Report, type ScenarioId, type State } from "./types";
import { validateOrders } from "./validate";
import { viewReport, viewState, type View } from "./view";

const SIDES = ["red", "blue", "green", "yellow", "violet", "orange"];

export const interplanetary: Ruleset<State, Orders, Report, ScenarioId, SetupOptions, null, View> = {
  id: RULESET_ID,
  name: "Interplanetary",
  version: RULESET_VERSION,
  // IP9: 2 to 6 sides (Hostile takeover: 2), named by colour in the lobby. No teams: every scenario
  // is every side for itself (IP9.5: the last side standing, the first to finish), so none declares any.
  scenarios: [
    { id: "training", name: "Training race", sides: SIDES, minSides: 2 },
    { id: "planet-race", name: "The great planet race", sides: SIDES, minSides: 2 },
    { id: "last-man-standing", name: "Last man standing", sides: SIDES, minSides: 2 },
    { id: "hostile-takeover", name: "Hostile takeover", sides: SIDES.slice(0, 2), minSides: 2 },
  ],
  setup: (scenario, options) => setupScenario(scenario, options),
  // IP2.1: one phase a turn, "plot", for every side with a ship or ordnance in play.
  phases(state): PhaseInfo[] {
    if (state.ended) return [];
    return [{ id: "plot", sides: state.sides.filter((side) => state.ships.some((s) => s.side === side && inPlay(s)) || state.ordnance.some((o) => o.side === side)) }];
  },
  validate: validateOrders,
  resolve: (state, ordersBySide, _decisions, seed) => resolveTurn(state, ordersBySide, seed),
  view: viewState,
  reportView: viewReport,
  // IP10.4: a sandbox under fog of war starts from what the opening side knows.
  knownState,
  result(state): GameResult {
    return state.ended ? { over: true, winners: state.ended.winners, draw: state.ended.draw, reason: state.ended.reason } : { over: false };
  },
  robot: (state, side) => robotOrders(state, side),
};

registerRuleset(interplanetary);

export type { Orders, Report, State } from "./types";
