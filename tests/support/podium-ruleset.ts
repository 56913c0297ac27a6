// A small ruleset for rating tests (registered by the tests that use it, never by the app): three
// sides, one turn; the sides whose orders say `win` win together, none is a draw. Two scenarios of the
// same sides: "free", every side for itself (no teams declared), and "pairs", a and b one team
// against c. Pure, as every ruleset.
import { registerRuleset, type Ruleset } from "../../server/rulesets";

export interface PodiumState {
  sides: string[];
  winners: string[] | null;
}
export type PodiumOrders = { win: boolean };

export const podium: Ruleset<PodiumState, PodiumOrders, { winners: string[] }, string, { sides: string[] }, null, PodiumState> = {
  id: "podium",
  name: "Podium",
  version: "1.0.0",
  scenarios: [
    { id: "free", name: "Every side for itself", sides: ["a", "b", "c"], minSides: 3 },
    { id: "pairs", name: "Two against one", sides: ["a", "b", "c"], minSides: 3, teams: [{ name: "AB", sides: ["a", "b"] }, { name: "C", sides: ["c"] }] },
  ],
  setup: (scenario, options) => (scenario === "free" || scenario === "pairs" ? { ok: true, state: { sides: options.sides, winners: null } } : { ok: false, rule: "P1", message: "unknown scenario" }),
  phases: (state) => (state.winners ? [] : [{ id: "race", sides: state.sides }]),
  validate: (_state, _side, orders) => (orders && typeof orders.win === "boolean" ? { ok: true } : { ok: false, rule: "P2", message: "say whether you win (P2)" }),
  resolve(state, ordersBySide) {
    const winners = state.sides.filter((side) => ordersBySide[side]?.win === true);
    return { state: { ...state, winners }, report: { winners } };
  },
  view: (state) => state,
  reportView: (report) => report,
  result: (state) => (state.winners ? { over: true, winners: state.winners, draw: state.winners.length === 0, reason: "the race was run" } : { over: false }),
  robot: () => ({ win: false }),
};

export function registerPodium(): void {
  registerRuleset(podium);
}
