// Build engine states from scenario-format data, for tests.
import { parseScenario, type Scenario } from "../../server/scenario/parse";
import { createState, type GameState } from "../../server/rulesets/1942/engine/state";

export function scenario(input: unknown): Scenario {
  const parsed = parseScenario(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.scenario;
}

export function stateOf(input: unknown): GameState {
  const s = scenario(input);
  return createState(s.board, { units: s.units, treasury: s.treasury });
}

/** A line of land A–B–C–D (Germany owns A, Russia the rest) with sea zones S1–S2 along it. */
export const LINE_BOARD = {
  territories: [
    { id: "A", kind: "land", value: 3, owner: "Germany", capitalOf: "Germany" },
    { id: "B", kind: "land", value: 1, owner: "Russia" },
    { id: "C", kind: "land", value: 2, owner: "Russia" },
    { id: "D", kind: "land", value: 4, owner: "Russia", capitalOf: "Russia" },
    { id: "S1", kind: "sea" },
    { id: "S2", kind: "sea" },
  ],
  edges: [
    ["A", "B"],
    ["B", "C"],
    ["C", "D"],
    ["A", "S1"],
    ["B", "S1"],
    ["S1", "S2"],
    ["C", "S2"],
    ["D", "S2"],
  ],
};
