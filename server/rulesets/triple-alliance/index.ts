// Triple Alliance as a ruleset (server/rulesets/ruleset.ts). Rulebook: docs/rules/triple-alliance.md.
import { publicReport, registerRuleset, type GameResult, type PhaseInfo, type Ruleset } from "../ruleset";
import { resolveTurn } from "./resolve";
import { robotOrders } from "./robot";
import { SCENARIO_DATA, scenarioTeams, setupScenario, type SetupOptions } from "./scenarios";
import { RULESET_ID, RULESET_VERSION, type Orders, type Report, type State } from "./types";
import { validateOrders } from "./validate";
import { viewState, type View } from "./view";

export const tripleAlliance: Ruleset<State, Orders, Report, string, SetupOptions | undefined, null, View> = {
  id: RULESET_ID,
  name: "War of the Triple Alliance",
  version: RULESET_VERSION,
  // TA10: every side of a scenario is seated (a robot may hold any of them).
  // TA1.7: each side belongs to its army's team (Paraguay; the Allies), as the scenario's data says.
  scenarios: Object.values(SCENARIO_DATA).map((d) => ({ id: d.id, name: d.name, sides: Object.keys(d.sides), minSides: Object.keys(d.sides).length, teams: scenarioTeams(d.sides) })),
  // TA9.3: a challenge may play fewer or more turns than the scenario's (a positive whole number).
  options: [{ id: "turnLimit", name: "Turns (TA9.3)", kind: "count" }],
  setup: (scenario, options) => setupScenario(scenario, options),
  // TA2.1: one phase a turn, "orders", for every side with a unit or general on the table.
  phases(state): PhaseInfo[] {
    if (state.ended) return [];
    return [{ id: "orders", sides: state.sides.filter((side) => state.units.some((u) => u.side === side) || state.generals.some((g) => g.side === side)) }];
  },
  validate: validateOrders,
  resolve: (state, ordersBySide, _decisions, seed) => resolveTurn(state, ordersBySide, seed),
  view: viewState,
  // TA11.2: every roll and result is public once the turn resolves.
  reportView: publicReport,
  result(state): GameResult {
    return state.ended ? { over: true, winners: state.ended.winners, draw: state.ended.draw, reason: state.ended.reason } : { over: false };
  },
  robot: (state, side) => robotOrders(state, side),
};

registerRuleset(tripleAlliance);

export type { Orders, Report, State } from "./types";
