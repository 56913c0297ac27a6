// Dice players can trust, for any ruleset: each resolved phase's revealed seed matches the SHA-256
// published when it opened; replaying what it stored with that seed (replayRow: its orders, or a whole
// turn's row with the decisions it recorded) gives its stored report and the next phase's start (of the
// same turn or the next); turn 1's start is the scenario's setup with the seed drawn from turn 1's.
// Pure over what was read: ../verify.ts loads the rows, caches each check and keeps one at a time.
import { createHash } from "node:crypto";
import type { Phase } from "../phases";
import { seedHash } from "../phases";
import type { AnyRuleset } from "../../rulesets";
import { stepOf } from "./acting";
import { nextPhaseTurn, replayRow } from "./resolve";
import { engineVersionOf, wholeTurnRows, type Game } from "./rulesets";
import { setupOptions, setupSeed } from "./setup";

export interface PhaseCheck {
  turn: number;
  /** A game played phase by phase: which phase of its turn (from 0). Absent for a row of a whole turn. */
  step?: number;
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

/**
 * The version a game's rows are stamped with, and a stored check with: a ruleset's own services (rows
 * of whole turns) stamp its version as it is ("1.1.0"), the generic phases its id and version.
 */
export const rowVersionOf = (ruleset: AnyRuleset, game: Pick<Game, "ruleset" | "scenario">): string => (wholeTurnRows(game) ? ruleset.version : engineVersionOf(ruleset));

/** The turn a phase leads to, or null when the ruleset broke its order of phases. */
function nextTurnAfter(ruleset: AnyRuleset, phase: Phase, state: unknown): number | null {
  try {
    return nextPhaseTurn(ruleset, phase, state);
  } catch {
    return null;
  }
}

/** Turn 1's first phase of a game played phase by phase: its start is checked against the scenario's setup. */
const checksSetup = (game: Pick<Game, "ruleset" | "scenario">, phase: Pick<Phase, "turn" | "step">) => !wholeTurnRows(game) && phase.turn === 1 && phase.step === 0;

/**
 * Replays one resolved phase and compares it with what was stored and with the next phase's start.
 * `sides`: the game's seated sides in the scenario's order (read for turn 1's setup only).
 */
export function checkPhase(ruleset: AnyRuleset, game: Game, sides: string[], phase: Phase, next: Phase | undefined): PhaseCheck {
  const whole = wholeTurnRows(game);
  const version = rowVersionOf(ruleset, game);
  const problems: string[] = [];
  if (seedHash(phase.seed) !== phase.seedHash) problems.push("the revealed seed does not match the published SHA-256");
  if (phase.engineVersion !== version) problems.push(`resolved by ${whole ? "engine " : ""}${phase.engineVersion}; this is ${version}`);
  if (stepOf(ruleset, phase.startState) !== phase.step) problems.push(`stored as phase ${phase.step} of its turn, but its start is at phase ${stepOf(ruleset, phase.startState)}`);
  if (checksSetup(game, phase)) {
    const setup = ruleset.setup(game.scenario, setupOptions(game, sides), setupSeed(phase.seed));
    if (!setup.ok || canonical(setup.state) !== canonical(phase.startState)) problems.push("turn 1 does not start from the scenario's setup with its seed");
  }
  const rerun = replayRow(ruleset, game, phase);
  if (canonical(rerun.report) !== canonical(phase.report)) problems.push("replaying the stored orders with the stored seed gives a different report");
  if (next && canonical(next.startState) !== canonical(rerun.state)) problems.push(`turn ${next.turn}${next.step > 0 ? `, phase ${next.step},` : ""} does not start from the state this phase produced`);
  if (next && next.turn !== nextTurnAfter(ruleset, phase, rerun.state)) problems.push(`turn ${next.turn} follows, but this phase leads to turn ${nextTurnAfter(ruleset, phase, rerun.state)}`);
  return { turn: phase.turn, ...(whole ? {} : { step: phase.step }), phaseId: phase.id, ok: problems.length === 0, problems };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A digest of a row's start state, which two checks read (its own and the one before): the caller keeps it per request. */
export const startDigest = (phase: Pick<Phase, "startState">): string => sha256(JSON.stringify(phase.startState));

/**
 * A digest of everything a phase's check reads: a stored check counts only while it still matches, so
 * a row changed since (a forged report, a moved turn) is replayed again, never read as checked. Of the
 * next phase only what the check reads (its turn, step and start), so its own resolving changes nothing.
 */
export function checkedInputs(game: Game, sides: string[], phase: Phase, next: Phase | undefined, startOf: (phase: Phase) => string = startDigest): string {
  const read = [
    [phase.turn, phase.step, phase.seed, phase.seedHash, phase.engineVersion, startOf(phase), phase.orders, phase.decisions, phase.postCombat, phase.report],
    next ? [next.turn, next.step, startOf(next)] : null,
    checksSetup(game, phase) ? [game.scenario, game.options.rules ?? null, sides] : null,
  ];
  return sha256(JSON.stringify(read));
}
