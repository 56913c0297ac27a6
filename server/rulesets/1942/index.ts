// The 1942 game as a ruleset (server/rulesets/ruleset.ts): a thin adapter over server/rulesets/1942/engine, which
// stays where it is. It resolves a whole turn at once — combat with the given battle decisions (the
// rest take their defaults, R6.6/R6.7), post-combat with the given landings and AA moves (R7), then
// place-new, income and victory (R8) — exactly as the engine's resolveTurn does. The web game still
// plays 1942 through its own services (battles and post-combat wait for players there); this adapter
// lets the platform's generic tools (scenario files, robots, replays) treat 1942 like any ruleset.
import {
  DEFAULT_BOARD,
  DEFAULT_SETUP,
  ENGINE_VERSION,
  NATIONS,
  createState,
  indexBoard,
  resolveTurn,
  validateOrders,
  victoryOf,
  type DecisionRecord,
  type GameState,
  type HouseRules,
  type Order,
  type PostCombatOrders,
  type TurnReport,
} from "./engine";
import { robotOrders } from "./robots/robot";
import { publicReport, registerRuleset, type GameResult, type PhaseInfo, type Ruleset, type Validation, type Viewer } from "../ruleset";

/** What a 1942 turn takes besides the nations' orders: low luck (R6.9), battle decisions, post-combat choices. */
export interface Decisions1942 extends PostCombatOrders {
  lowLuck?: boolean;
  decisions?: readonly DecisionRecord[];
}

export interface Options1942 {
  houseRules?: HouseRules;
}

/** 1942's board and units are open to all (R1): only orders are secret, and the platform keeps those. */
export type View1942 = GameState | { turn: number; owners: GameState["owners"] };

function firstRefusal(state: GameState, side: string, orders: Order[]): Validation {
  if (!Array.isArray(orders)) return { ok: false, rule: "R4.2", message: "Orders are a list" };
  const refused = validateOrders(state, side as (typeof NATIONS)[number], orders).results.find((r) => !r.ok);
  return refused && !refused.ok ? { ok: false, rule: refused.rule, message: refused.message } : { ok: true };
}

export const ruleset1942: Ruleset<GameState, Order[], TurnReport, string, Options1942, Decisions1942 | null, View1942> = {
  id: "1942",
  name: "1942",
  version: ENGINE_VERSION,
  scenarios: [{ id: "standard", name: "The 1942 board", sides: NATIONS, minSides: NATIONS.length }],
  setup(scenario, options) {
    if (scenario !== "standard") return { ok: false, rule: "R1", message: `unknown scenario ${String(scenario)}: the 1942 game has one, "standard"` };
    return { ok: true, state: createState(DEFAULT_BOARD, DEFAULT_SETUP, options?.houseRules) };
  },
  // R3: one orders phase a turn in which every nation orders at once.
  phases(state): PhaseInfo[] {
    return this.result(state).over ? [] : [{ id: "orders", sides: [...NATIONS] }];
  },
  validate: firstRefusal,
  resolve(state, ordersBySide, decisions, seed) {
    return resolveTurn(
      { state, orders: ordersBySide, seed, lowLuck: decisions?.lowLuck ?? false, decisions: decisions?.decisions },
      { landings: decisions?.landings, aaMoves: decisions?.aaMoves },
    );
  },
  view(state, viewer: Viewer): View1942 {
    return viewer.kind === "outsider" ? { turn: state.turn ?? 1, owners: { ...state.owners } } : structuredClone(state);
  },
  // A 1942 turn report is public to every player once the turn resolves (its battles are fought in the open, R6).
  reportView: publicReport,
  result(state): GameResult {
    const victory = victoryOf(indexBoard(state.board), state);
    return victory.winner ? { over: true, winners: [victory.winner], draw: false, reason: victory.reason } : { over: false };
  },
  robot: (state, side, seed) => robotOrders(state, side as (typeof NATIONS)[number], seed),
};

registerRuleset(ruleset1942);
