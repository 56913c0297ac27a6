// Dice players can trust, for any ruleset: each resolved phase's revealed seed matches the SHA-256
// published when it opened; replaying its stored orders with that seed gives its stored report and
// the next phase's start (of the same turn or the next); turn 1's start is the scenario's setup with
// the seed drawn from turn 1's.
import type { Phase } from "../phases";
import { seedHash } from "../phases";
import type { AnyRuleset } from "../../rulesets";
import { stepOf } from "./acting";
import { nextPhaseTurn, replayPhase } from "./resolve";
import { engineVersionOf, type Game } from "./rulesets";
import { seatedSidesOf, setupOptions, setupSeed } from "./setup";

export interface RulesetPhaseCheck {
  turn: number;
  step: number;
  phaseId: number;
  ok: boolean;
  problems: string[];
}

/** JSON with object keys sorted: a value that went through jsonb compares equal to the one written. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The turn a phase leads to, or null when the ruleset broke its order of phases. */
function nextTurnAfter(ruleset: AnyRuleset, phase: Phase, state: unknown): number | null {
  try {
    return nextPhaseTurn(ruleset, phase, state);
  } catch {
    return null;
  }
}

function checkPhase(ruleset: AnyRuleset, game: Game, sides: string[], phase: Phase, next: Phase | undefined): RulesetPhaseCheck {
  const problems: string[] = [];
  if (seedHash(phase.seed) !== phase.seedHash) problems.push("the revealed seed does not match the published SHA-256");
  if (phase.engineVersion !== engineVersionOf(ruleset)) problems.push(`resolved by ${phase.engineVersion}; this is ${engineVersionOf(ruleset)}`);
  if (stepOf(ruleset, phase.startState) !== phase.step) problems.push(`stored as phase ${phase.step} of its turn, but its start is at phase ${stepOf(ruleset, phase.startState)}`);
  if (phase.turn === 1 && phase.step === 0) {
    const setup = ruleset.setup(game.scenario, setupOptions(game, sides), setupSeed(phase.seed));
    if (!setup.ok || canonical(setup.state) !== canonical(phase.startState)) problems.push("turn 1 does not start from the scenario's setup with its seed");
  }
  const rerun = replayPhase(ruleset, phase);
  if (canonical(rerun.report) !== canonical(phase.report)) problems.push("replaying the stored orders with the stored seed gives a different report");
  if (next && canonical(next.startState) !== canonical(rerun.state)) problems.push(`turn ${next.turn}${next.step > 0 ? `, phase ${next.step},` : ""} does not start from the state this phase produced`);
  if (next && next.turn !== nextTurnAfter(ruleset, phase, rerun.state)) problems.push(`turn ${next.turn} follows, but this phase leads to turn ${nextTurnAfter(ruleset, phase, rerun.state)}`);
  return { turn: phase.turn, step: phase.step, phaseId: phase.id, ok: problems.length === 0, problems };
}

/** Replays every resolved phase of a game (rows: its phases in turn and step order). Pure over what was read. */
export function verifyRulesetPhases(ruleset: AnyRuleset, game: Game, seatRows: string[], rows: Phase[]): { gameId: number; ok: boolean; phases: RulesetPhaseCheck[] } {
  const sides = seatedSidesOf(ruleset, game, seatRows);
  const checks = rows.flatMap((phase, i) => (phase.status === "resolved" ? [checkPhase(ruleset, game, sides, phase, rows[i + 1])] : []));
  return { gameId: game.id, ok: checks.every((c) => c.ok), phases: checks };
}
