// The 1942 game as a ruleset (server/rulesets/ruleset.ts): a thin adapter over server/rulesets/1942/engine.
// A turn is the rulebook's phases (R3), each resolved as the web game's services resolve it:
//   orders (every nation) → battles (the nations whose casualty or retreat choice waits; once per wait
//   of the combat, R6.3) → post-combat (the nations with air to land or AA guns to move, R7) → the
//   turn's end (place-new, income, victory: R8, in the resolve of the last phase that plays).
// The states between phases are in ./phases (turn-so-far.ts); docs/platform.md maps each phase onto
// the services. Called without a phase id (scenario tools, the engine's own tests), resolve plays a
// whole turn at once with the given battle decisions (the rest take their defaults, R6.6/R6.7) and
// post-combat choices, exactly as the engine's resolveTurn does.
import {
  DEFAULT_BOARD,
  DEFAULT_SETUP,
  ENGINE_VERSION,
  NATIONS,
  TEAMS,
  createState,
  indexBoard,
  resolveTurn,
  teamOf,
  validateOrders,
  victoryOf,
  type DecisionRecord,
  type GameState,
  type Nation,
  type Order,
  type PostCombatOrders,
  type TurnReport,
} from "./engine";
import { robotOrders } from "./robots/robot";
import { turnLuck } from "./engine/odds/turn-luck";
import { registerRuleset, type GameResult, type PhaseInfo, type Ruleset, type TurnPart, type Validation, type Viewer } from "../ruleset";
import { advance, isStage, isStageReport, type Report1942, type Stage1942, type State1942 } from "./phases/turn-so-far";
import { battleSides, resolveBattles, validateBattleOrders, type BattleOrders } from "./phases/battle-choices";
import { postCombatSides, resolvePostCombat, validateLandingOrders, type LandingOrders } from "./phases/landing-choices";
import { standing1942 } from "./phases/standing";
import { stageReportView, stageView, type StageView } from "./phases/stage-view";
import { checkOptions1942, OPTIONS_1942, type Options1942 } from "./options";
import { groupOptions, type GroupQuery } from "./queries/destinations";
import { purchaseOptions } from "./queries/placements";
import { checkGroupQuestion, checkPlacementQuestion } from "./queries/question-shapes";
import { resolveStored, type StoredTurn as StoredTurn1942 } from "./stored/replay";
import { turnReportOf } from "./phases/turn-report";
import { importClassic } from "./classic-import";

export type { BattleOrders } from "./phases/battle-choices";
export type { LandingOrders } from "./phases/landing-choices";
export type { Report1942, State1942 } from "./phases/turn-so-far";
export type { Options1942 } from "./options";

/** What a 1942 turn takes besides the nations' orders: low luck (R6.8), battle decisions, post-combat choices (whole-turn resolve). */
export interface Decisions1942 extends PostCombatOrders {
  lowLuck?: boolean;
  decisions?: readonly DecisionRecord[];
}

/** A batch for the phase in play: the orders (R4), battle choices (R6) or post-combat choices (R7). */
export type Orders1942 = Order[] | BattleOrders | LandingOrders;

/** 1942's board and units are open to all (R1): only orders are secret, and the platform keeps those. */
export type View1942 = GameState | StageView | { turn: number; owners: GameState["owners"] };

function firstRefusal(state: GameState, side: string, orders: unknown): Validation {
  if (!Array.isArray(orders)) return { ok: false, rule: "R4.2", message: "Orders are a list" };
  const refused = validateOrders(state, side as Nation, orders as Order[]).results.find((r) => !r.ok);
  return refused && !refused.ok ? { ok: false, rule: refused.rule, message: refused.message } : { ok: true };
}

/**
 * R3: every turn's parts, in order. The phases of battles open one per wait of the combat (R6.3), as
 * many as the dice make, but each is of the sea pass or the land pass (R5), so the count of parts holds.
 */
export const TURN_PLAN_1942 = [
  { id: "orders", name: "Orders" },
  { id: "sea-battles", name: "Sea battles" },
  { id: "land-battles", name: "Land battles" },
  { id: "post-combat", name: "Post-combat" },
] as const satisfies readonly TurnPart[];

/** Battles and post-combat are phases of choices inside the turn: they take the decision deadline (R3.1). */
const decision = (id: string, name: string, sides: string[] = [], part?: string): PhaseInfo => ({ id, name, sides, deadline: "decision", ...(part ? { part } : {}) });
const ORDERS: PhaseInfo = { id: "orders", name: "Orders", sides: [], part: "orders" };
const POST_COMBAT = "post-combat";

/** The phases of a turn as far as its state knows them; only the current one's sides act, and only its part is told. */
function phasesOf(state: State1942): PhaseInfo[] {
  if (!isStage(state)) return [{ ...ORDERS, sides: [...NATIONS] }, decision("battles-1", "Battles"), decision(POST_COMBAT, "Post-combat", [], POST_COMBAT)];
  const battles = Array.from({ length: state.stage === "battles" ? state.step : state.step - 1 }, (_, i) => decision(`battles-${i + 1}`, "Battles"));
  if (state.stage === "battles") {
    const sea = state.pass === "sea";
    battles[state.step - 1] = decision(`battles-${state.step}`, sea ? "Sea battles" : "Land battles", battleSides(state, NATIONS), sea ? "sea-battles" : "land-battles");
    return [ORDERS, ...battles, decision(POST_COMBAT, "Post-combat", [], POST_COMBAT)];
  }
  return [ORDERS, ...battles, decision(POST_COMBAT, "Post-combat", postCombatSides(state, NATIONS), POST_COMBAT)];
}

const phaseIdOf = (state: State1942) => phasesOf(state)[isStage(state) ? state.step : 0]?.id;

/** Only the orders (R4) of robots the engine accepts are kept (R3.2), as a player's are checked. */
function robotOrderList(state: GameState, nation: Nation, seed: string): Order[] {
  const list = robotOrders(state, nation, seed);
  const checked = validateOrders(state, nation, list);
  return list.filter((_, i) => checked.results[i]!.ok);
}

/** The orders phase's batches as the services store them: by nation in R1.1 order, empty lists left out. */
function orderLists(batches: Record<string, unknown>): Partial<Record<Nation, Order[]>> {
  const out: Partial<Record<Nation, Order[]>> = {};
  for (const nation of NATIONS) {
    const list = batches[nation];
    if (Array.isArray(list) && list.length > 0) out[nation] = list as Order[];
  }
  return out;
}

export const ruleset1942: Ruleset<State1942, Orders1942, Report1942, string, Options1942, Decisions1942 | null, View1942> = {
  id: "1942",
  name: "1942",
  version: ENGINE_VERSION,
  // R1.1: the Axis (Germany, Japan) against the Allies (Russia, the United Kingdom, the United States).
  scenarios: [{ id: "standard", name: "The 1942 board", sides: NATIONS, minSides: NATIONS.length, teams: TEAMS.map((name) => ({ name, sides: NATIONS.filter((n) => teamOf(n) === name) })) }],
  options: OPTIONS_1942,
  setup(scenario, options) {
    if (scenario !== "standard") return { ok: false, rule: "R1", message: `unknown scenario ${String(scenario)}: the 1942 game has one, "standard"` };
    const checked = checkOptions1942(options);
    if (!checked.ok) return checked;
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP, options?.houseRules);
    return { ok: true, state: options?.lowLuck ? { ...state, lowLuck: true } : state };
  },
  // R3: orders (all nations at once), battles while the combat waits for choices, post-combat.
  phases(state) {
    return this.result(state).over ? [] : phasesOf(state);
  },
  phaseOf: (state) => (isStage(state) ? state.step : 0),
  turnPlan: TURN_PLAN_1942,
  validate(state, side, orders) {
    if (!isStage(state)) return firstRefusal(state, side, orders);
    return state.stage === "battles" ? validateBattleOrders(state, side, orders) : validateLandingOrders(state, side, orders);
  },
  resolve(state, ordersBySide, decisions, seed, phase) {
    if (!isStage(state) && phase === undefined) {
      // The whole turn at once (no phase id: a caller that plays turns, not phases).
      return resolveTurn(
        { state, orders: ordersBySide as Partial<Record<Nation, Order[]>>, seed, lowLuck: decisions?.lowLuck ?? state.lowLuck === true, decisions: decisions?.decisions },
        { landings: decisions?.landings, aaMoves: decisions?.aaMoves },
      );
    }
    const at = phaseIdOf(state);
    if (phase !== at) throw new Error(`1942: resolve was told the phase ${String(phase)}, but the state is at ${String(at)}`);
    if (!isStage(state)) {
      const turn = { start: state, orders: orderLists(ordersBySide), lowLuck: decisions?.lowLuck ?? state.lowLuck === true, decisions: [], preferences: {}, seeds: [], streams: {} };
      return advance(turn, 0, seed);
    }
    if (state.stage === "battles") return resolveBattles(state, ordersBySide as Record<string, BattleOrders>, seed);
    return resolvePostCombat(state, ordersBySide as Record<string, LandingOrders>, seed);
  },
  view(state, viewer: Viewer): View1942 {
    if (isStage(state)) return stageView(state, viewer);
    return viewer.kind === "outsider" ? { turn: state.turn ?? 1, owners: { ...state.owners } } : structuredClone(state);
  },
  // R3: a nation's orders are secret until the turn resolves; R8: its purchases are placed only at the
  // turn's end. A game played a phase at a time shows the orders phase's batches once the turn is over,
  // not while its battles and post-combat are still being decided.
  ordersShown: "turn",
  // A 1942 turn report is public to every player once the turn resolves (its battles are fought in the
  // open, R6); before the turn's end a phase's report shows only the combat's public outcome.
  reportView: (report) => (isStageReport(report) ? stageReportView(report) : report),
  // A turn played phase by phase is told as the whole turn (R3): the phase that ends it reports all of it.
  turnReport: turnReportOf,
  // Issue 24: each nation's luck over the whole turn, in R1.1 order, priced with the game's low luck (R6.8).
  turnLuck: (start, ordersBySide, report, options) =>
    turnLuck({ state: start as GameState, orders: ordersBySide as Partial<Record<Nation, Order[]>>, report: report as TurnReport, lowLuck: options?.lowLuck === true }, NATIONS),
  // The map's questions while a nation gives orders (R4): where a group may go, where a unit may be placed.
  queries: {
    destinations: { check: checkGroupQuestion, answer: (state, side, question: GroupQuery) => groupOptions(state, side as Nation, question) },
    placements: { check: checkPlacementQuestion, answer: (state, side, question: { earlier: Order[] }) => purchaseOptions(state, side as Nation, question.earlier) },
  },
  // A turn the 1942 services stored in one row (R3.3): its battle decisions (R6) and the post-combat
  // choices it used (R7) as recorded, any decision missing taking its default (R6.9).
  replayTurn({ start, ordersBySide, recorded, seed, options }) {
    const turn: StoredTurn1942 = { startState: start as GameState, seed, decisions: recorded.decisions as DecisionRecord[] | null, postCombat: recorded.stage as StoredTurn1942["postCombat"] };
    const { state, report } = resolveStored(turn, ordersBySide as Partial<Record<Nation, Order[]>>, options?.lowLuck === true);
    return { state, report: report as Report1942 };
  },
  // A classic game's whole-turn rows as the rows of a game played a phase at a time (classic-import.ts).
  importWholeTurns(game) {
    return importClassic(ruleset1942, game);
  },
  result(state): GameResult {
    if (isStage(state)) return { over: false };
    // A state starts its turn: victory is judged as at the end of the turn before it (R8.6, R9.1: the
    // turn endTurn judged, one less than the turn it counts on), so the R9.1 minor victory of turn N
    // comes after turn N is played, and a game's first state (no turn played) is never over by it.
    const victory = victoryOf(indexBoard(state.board), { ...state, turn: (state.turn ?? 1) - 1 });
    return victory.winner ? { over: true, winners: [victory.winner], draw: false, reason: victory.reason } : { over: false };
  },
  // Issue 21: a nation's casualty order kept from turn to turn, given to the battles it leaves to it (R6.9).
  standing: standing1942<Orders1942>(),
  robot(state, side, seed): Orders1942 {
    if (!isStage(state)) return robotOrderList(state, side as Nation, seed);
    // A robot takes the default at once (R3.2, R6.9, R7.4), recorded as the robot's.
    return (state as Stage1942).stage === "battles" ? { choices: [], robot: true } : { landings: [], aaMoves: [] };
  },
};

registerRuleset(ruleset1942);
