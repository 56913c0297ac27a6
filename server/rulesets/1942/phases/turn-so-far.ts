// A 1942 turn played as the platform's phases (server/rulesets/ruleset.ts): orders → battles (as many
// as the combat waits for decisions) → post-combat → the turn's end. Between two phases the turn is a
// state of its own: the turn's start, its orders and the decisions so far. The combat is replayed from
// the start with every decision each time, exactly as the web game's services do (stored/replay.ts),
// so each phase's result is the one the services compute from the same inputs.
//
// Dice: the platform gives each phase its own secret seed and reveals it once the phase resolves. The
// combat draws its dice from named streams (engine/rng.ts); each stream is rolled with the seed of the
// phase that first rolled it (recorded in `streams`), so a phase's seed, once revealed, tells nothing
// about the dice of a later phase. Given one seed for every phase (the web game's seed of the turn),
// every roll is the services' own.
import {
  finishTurn,
  postCombatChoices,
  resolveCombatPhase,
  type CombatResult,
  type DecisionRecord,
  type DecisionRequest,
  type GameState,
  type Nation,
  type Order,
  type PostCombatChoices,
  type TurnReport,
} from "../engine";
import { shownBattle, type ShownBattle } from "../engine/combat/shown-battle";
import type { CasualtyPreference } from "../engine/combat/preference";
import { preferredDecision } from "../engine/combat/preference";
import { recordOf } from "../engine/combat/decisions";
import { defaultDecision, type Decision } from "../engine/combat/battle";
import { diceStream, type Dice } from "../engine/rng";
import type { BattleReport, CombatReport } from "../engine/report";

/** "Resolve with my preferences" (services/battle-preferences.ts): these battles' decisions, now and in later rounds. */
export interface LeftToPreference {
  casualties: CasualtyPreference;
  battles: string[];
}

/** What every phase after the orders carries of its turn. */
export interface TurnSoFar {
  /** The turn's start: the orders phase's state. */
  start: GameState;
  /** Every nation's orders as resolved (nations without orders absent). */
  orders: Partial<Record<Nation, Order[]>>;
  /** R6.8 — low luck, fixed for the turn when its orders resolved. */
  lowLuck: boolean;
  /** Battle decisions so far (R6.6, R6.7): players', robots' and the defaults taken (R6.9, R3.1). */
  decisions: DecisionRecord[];
  /** Battles a nation left to its casualty preference. */
  preferences: Partial<Record<Nation, LeftToPreference>>;
  /** The seeds of this turn's phases resolved so far, by step (each revealed once its phase resolved). */
  seeds: string[];
  /** Each dice stream rolled so far and the step whose seed rolled it. */
  streams: Record<string, number>;
}

/** A waiting battle as everybody may see it (as stored/sealed.ts shows it): its rounds, the round under way, its units. */

/** The combat waits for decisions (R6.3): the sides whose choice waits act. */
export interface BattleStage extends TurnSoFar {
  stage: "battles";
  /** Which phase of the turn (ruleset.phaseOf): 1 for the first wait, one more for each later one. */
  step: number;
  pass: "sea" | "land";
  /** Every decision waited for, all answered when the phase resolves. */
  requests: DecisionRequest[];
  battles: ShownBattle[];
  /** Battles of this turn already over. */
  finished: BattleReport[];
}

/** Combat is over and air units must land (R7): the nations with air to land or AA guns to move act. */
export interface PostCombatStage extends TurnSoFar {
  stage: "post-combat";
  step: number;
  /** The combat's report: its outcome is public now, its orders and purchases wait for the turn's end. */
  combat: CombatReport;
  choices: PostCombatChoices;
}

export type Stage1942 = BattleStage | PostCombatStage;
export type State1942 = GameState | Stage1942;

/** A phase's report before the turn's end: the combat so far, and which phase comes next. */
export interface StageReport {
  next: Stage1942["stage"];
  combat: CombatReport;
}
export type Report1942 = TurnReport | StageReport;

export const isStage = (state: State1942): state is Stage1942 => "stage" in state && (state.stage === "battles" || state.stage === "post-combat");
export const isStageReport = (report: Report1942): report is StageReport => "next" in report && "combat" in report;

/** The battle a nation left to its preference decides this request, as the player's own choice. */
export function preferred(preferences: TurnSoFar["preferences"], request: DecisionRequest): Decision | undefined {
  const left = preferences[request.chooser];
  return left && left.battles.includes(request.battle) ? preferredDecision(request, left.casualties) : undefined;
}

/**
 * The turn's dice at `step`: a stream already rolled keeps the seed of the step that rolled it; a new
 * one takes this step's seed and is written into `streams`.
 */
function turnDice(seeds: readonly string[], streams: Record<string, number>, step: number, seed: string): Dice {
  return (name) => {
    if (!Object.hasOwn(streams, name)) streams[name] = step;
    const at = streams[name]!;
    return diceStream(at === step ? seed : seeds[at]!, name);
  };
}

/** The combat replayed with the decisions so far; new streams are rolled with `seed` and recorded in `streams`. */
export function replayCombat(turn: TurnSoFar, decisions: readonly DecisionRecord[], streams: Record<string, number>, step: number, seed: string, awaitDecisions: boolean): CombatResult {
  return resolveCombatPhase({ state: turn.start, orders: turn.orders, seed, lowLuck: turn.lowLuck, decisions, awaitDecisions, dice: turnDice(turn.seeds, streams, step, seed) });
}

/**
 * Go on with the turn after the phase at `step` (its seed `seed`) gave its decisions: fight until the
 * combat waits for a decision nobody left to a preference (the next battles phase), or ends — then
 * post-combat when air units must land, else the turn's end (R8). Requests all left to preferences are
 * decided at once, as the services' adjudication does; a sub-phase never opens with a choice made in it.
 */
export function advance(turn: TurnSoFar, step: number, seed: string): { state: State1942; report: Report1942 } {
  const streams = { ...turn.streams };
  const seeds = [...turn.seeds, seed];
  let decisions = turn.decisions;
  for (;;) {
    const combat = replayCombat(turn, decisions, streams, step, seed, true);
    const waiting = combat.waiting;
    const so: TurnSoFar = { ...turn, decisions, seeds, streams };
    if (waiting) {
      const auto = waiting.requests.map((r) => preferred(turn.preferences, r));
      if (auto.every((d) => d !== undefined)) {
        decisions = [...decisions, ...waiting.requests.map((r, i) => recordOf(r, waiting.pass, "player", auto[i]))];
        continue;
      }
      const state: BattleStage = {
        stage: "battles",
        step: step + 1,
        ...so,
        pass: waiting.pass,
        requests: waiting.requests,
        battles: waiting.battles.map(shownBattle),
        finished: combat.report.battles,
      };
      return { state, report: { next: "battles", combat: combat.report } };
    }
    const choices = postCombatChoices(turn.start, combat.state, combat.aftermath);
    // R7 — post-combat waits only when air units must land (AA guns alone move in a turn that has some).
    if (choices.air.length > 0) {
      const state: PostCombatStage = { stage: "post-combat", step: step + 1, ...so, combat: combat.report, choices };
      return { state, report: { next: "post-combat", combat: combat.report } };
    }
    return finishTurn(turn.start, combat, {}, seed);
  }
}
