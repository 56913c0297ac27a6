// A battles phase of a 1942 turn (R6.2, R6.6, R6.7): each nation that leads a side with a decision
// waiting gives one batch — its choices, the battles it leaves to its casualty preference, or nothing.
// Checked as the services check a decision (services/battles.ts) before anything is stored; when the
// phase resolves, every waiting decision is answered at once: the nation's choice, else its preference,
// else the default (R6.9; a robot's, R3.2, or the deadline's, R3.1).
import { checkChoice } from "../engine/combat/casualties";
import { CASUALTY_PREFERENCES, type CasualtyPreference } from "../engine/combat/preference";
import { stepOf } from "../engine/combat/decisions";
import type { Decision, DecisionRecord, DecisionRequest, Nation } from "../engine";
import type { Validation } from "../../ruleset";
import { recordOf } from "../engine/combat/decisions";
import { advance, preferred, type BattleStage, type Report1942, type State1942, type TurnSoFar } from "./turn-so-far";

export interface BattleChoice {
  battle: string;
  round: number;
  step: DecisionRecord["step"];
  decision: Decision;
}

export interface BattleOrders {
  choices: BattleChoice[];
  /**
   * "Decide this and every later round for me": these battles, now and in every later round of this
   * turn, with this casualty order — or, left out, the nation's standing one (standing.ts) when the
   * phase closes, else the R6.9 default.
   */
  prefer?: { casualties?: CasualtyPreference; battles: string[] };
  /** A robot's batch (R3.2): the decisions it leaves out are the robot's defaults, recorded as the robot's. */
  robot?: true;
}

const refuse = (rule: string, message: string): Validation => ({ ok: false, rule, message });
const isIds = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));

const matches = (choice: BattleChoice, request: DecisionRequest) => choice.battle === request.battle && choice.round === request.round && choice.step === stepOf(request);

function checkDecision(request: DecisionRequest, decision: unknown): Validation {
  const d = decision as Partial<Record<string, unknown>> | null;
  if (request.kind === "casualties") {
    if (!d || d.kind !== "casualties" || !isIds(d.units)) return refuse("R6.6", "A casualty choice is expected here (R6.6)");
    const problem = checkChoice(request.candidates, request.hits, d.units);
    return problem ? refuse("R6.6", `This side ${problem} (R6.6)`) : { ok: true };
  }
  if (!d || d.kind !== "retreat" || !isIds(d.submerge) || !isIds(d.withdraw)) return refuse("R6.7", "A submerge and withdraw choice is expected here (R6.7)");
  if (d.submerge.some((id) => !request.submergeable.includes(id))) return refuse("R6.7", "Only submarines of this side may submerge, and only when the other side has no destroyer (R6.7)");
  if (d.withdraw.some((id) => !request.withdrawable.includes(id))) return refuse("R6.7", "Only air units of this side in the battle may withdraw (R6.7)");
  return { ok: true };
}

/** Whether a nation's batch answers only its own waiting decisions, each legally, at most once. */
export function validateBattleOrders(stage: BattleStage, side: string, orders: unknown): Validation {
  const batch = orders as Partial<BattleOrders> | null;
  if (!batch || typeof batch !== "object" || !Array.isArray(batch.choices)) return refuse("R6.3", "Battle orders are { choices: [...] }, with an optional prefer");
  if (batch.robot !== undefined && batch.robot !== true) return refuse("R3.2", "robot is true or absent");
  const answered = new Set<DecisionRequest>();
  for (const choice of batch.choices) {
    const request = stage.requests.find((r) => choice && matches(choice, r) && r.chooser === side);
    if (!request) {
      const other = stage.requests.find((r) => choice && matches(choice, r));
      if (other) return refuse("R6.2", `${other.chooser} leads the ${other.team} in ${other.battle} and chooses for them (R6.2)`);
      return refuse("R6.3", `No decision of ${side} is waiting in ${String(choice?.battle)} for round ${String(choice?.round)} (R6.3): it may be over already`);
    }
    if (answered.has(request)) return refuse("R6.3", `${side} answers the ${request.battle} round ${request.round} decision twice`);
    answered.add(request);
    const verdict = checkDecision(request, choice.decision);
    if (!verdict.ok) return verdict;
  }
  if (batch.prefer !== undefined) {
    const { casualties, battles } = batch.prefer as Partial<BattleOrders["prefer"] & object>;
    if (casualties !== undefined && !CASUALTY_PREFERENCES.includes(casualties)) return refuse("R6.9", `A casualty preference is one of ${CASUALTY_PREFERENCES.join(", ")}`);
    if (!Array.isArray(battles)) return refuse("R6.3", "prefer.battles lists the battles left to the preference");
    const missing = battles.find((b) => !stage.battles.some((w) => w.territory === b));
    if (missing !== undefined) return refuse("R6.3", `No battle in ${String(missing)} waits now (R6.3)`);
  }
  return { ok: true };
}

/** The nation's preferences after this phase: a new `prefer` sets its preference and adds its battles. */
function preferencesAfter(stage: BattleStage, batches: Record<string, BattleOrders>): TurnSoFar["preferences"] {
  const out = { ...stage.preferences };
  for (const [side, batch] of Object.entries(batches).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!batch.prefer) continue;
    const nation = side as Nation;
    const before = out[nation]?.battles ?? [];
    out[nation] = { casualties: batch.prefer.casualties ?? "default", battles: [...new Set([...before, ...batch.prefer.battles])] };
  }
  return out;
}

/** Every waiting decision answered, then the turn goes on (turn-so-far.ts advance). */
export function resolveBattles(stage: BattleStage, batches: Record<string, BattleOrders>, seed: string): { state: State1942; report: Report1942 } {
  const preferences = preferencesAfter(stage, batches);
  const records = stage.requests.map((request) => {
    const batch = batches[request.chooser];
    const by = batch?.robot ? "robot" : "player";
    const choice = batch?.choices.find((c) => matches(c, request));
    if (choice) return recordOf(request, stage.pass, by, choice.decision);
    const byPreference = preferred(preferences, request);
    if (byPreference) return recordOf(request, stage.pass, "player", byPreference);
    return recordOf(request, stage.pass, batch?.robot ? "robot" : "default");
  });
  const { stage: _s, step, pass: _p, requests: _r, battles: _b, finished: _f, ...turn } = stage;
  return advance({ ...turn, preferences, decisions: [...stage.decisions, ...records] }, step, seed);
}

/** The nations with a decision waiting that they did not leave to their preference. */
export function battleSides(stage: BattleStage, nations: readonly Nation[]): Nation[] {
  return nations.filter((n) => stage.requests.some((r) => r.chooser === n && preferred(stage.preferences, r) === undefined));
}
