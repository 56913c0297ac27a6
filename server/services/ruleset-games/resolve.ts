// The resolution job of a game of any ruleset (called by adjudicate.ts for every game that is not
// 1942): every acting side's saved batch (a side that saved nothing gave no orders), resolved at once
// by the ruleset with the phase's seed; the report, the next phase of the turn, the next turn (or the
// end) and the notifications (a phase of decisions: only to the sides that must decide) are written in the caller's transaction, which holds the phase row: a
// phase resolves exactly once, and a rerun after a crash computes the same result from the same
// stored inputs.
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, phases, type SeatSide } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { notify, type Note } from "../notify";
import { rateFinishedGame } from "../ratings";
import type { Phase } from "../phases";
import { actingSides, currentStep, isDecisionPhase, phaseIdOf, stepOf } from "./acting";
import { openRulesetPhase } from "./open-phase";
import { resolveInputs } from "./resolve-inputs";
import { withStandings } from "./standing";
import { gameRules } from "./rules";
import { rulesetOf, teamOfGameSide, wholeTurnRows, type Game } from "./rulesets";

/** The batches a phase resolves with: each acting side's saved batch (`saved`: every side's), by side. */
export function actingBatches(ruleset: AnyRuleset, phase: Pick<Phase, "startState">, saved: Record<string, unknown>): Record<string, unknown> {
  const acting = actingSides(ruleset, phase.startState);
  const out: Record<string, unknown> = {};
  for (const side of Object.keys(saved).sort()) if (acting.includes(side)) out[side] = saved[side];
  return out;
}

/** A resolved phase replayed from what it stored: its next state and report (pure). */
export function replayPhase(ruleset: AnyRuleset, phase: Pick<Phase, "startState" | "orders" | "seed">) {
  return ruleset.resolve(phase.startState, (phase.orders ?? {}) as Record<string, unknown>, null, phase.seed, phaseIdOf(ruleset, phase.startState));
}

/** What a resolved row holds that its replay needs. */
export type StoredRow = Pick<Phase, "startState" | "orders" | "seed" | "decisions" | "postCombat">;

/**
 * A resolved row replayed from what it stored (pure): a game whose rows each hold a whole turn
 * (wholeTurnRows) through its ruleset's replayTurn, with the decisions the row recorded and the
 * game's options; any other, as the one phase it is (replayPhase).
 */
export function replayRow(ruleset: AnyRuleset, game: Pick<Game, "ruleset" | "scenario" | "options">, row: StoredRow) {
  if (!wholeTurnRows(game)) return replayPhase(ruleset, row);
  if (!ruleset.replayTurn) throw new Error(`${ruleset.id}: its games store whole turns, but it has no replayTurn`);
  return ruleset.replayTurn({
    start: row.startState,
    ordersBySide: (row.orders ?? {}) as Record<string, unknown>,
    recorded: { decisions: row.decisions ?? null, stage: row.postCombat ?? null },
    seed: row.seed,
    options: gameRules(game.options),
  });
}

/**
 * Where the game goes after a phase: a later phase of the same turn when the state is at one
 * (ruleset.phaseOf > 0), else the next turn's first. A state back at an earlier phase of the same
 * turn is a broken ruleset, not a game to go on with.
 */
export function nextPhaseTurn(ruleset: AnyRuleset, phase: Pick<Phase, "turn" | "step">, state: unknown): number {
  const step = stepOf(ruleset, state);
  if (step === 0) return phase.turn + 1;
  if (step <= phase.step) throw new Error(`${ruleset.id}: phase ${phase.step} of turn ${phase.turn} led back to phase ${step}`);
  return phase.turn;
}

/** The name of the phase `state` is at ("Orders"), for the event of a phase that leaves its turn going. */
function phaseName(ruleset: AnyRuleset, state: unknown): string {
  const at = currentStep(ruleset, state);
  return at ? (at.info.name ?? at.info.id) : "";
}

/** "Turn 2" for a turn of one phase, "turn 2, Battles" for one phase of several. */
export function phaseLabel(ruleset: AnyRuleset, turn: number, state: unknown): string {
  const at = currentStep(ruleset, state);
  return at && at.count > 1 ? `turn ${turn}, ${at.info.name ?? at.info.id}` : `turn ${turn}`;
}

/**
 * `completion`: the worker's job marked done in this transaction, sent with the inputs' read (a
 * commit completes it with the phase, a rollback leaves it to run again). `step`: told as the inputs'
 * read and the ruleset's resolve end (the worker's "job run" line times them).
 */
export async function resolveRulesetPhase(tx: Db, phase: Phase, game: Game, completion?: SQL, step?: (done: "readMs" | "engineMs") => void): Promise<"resolved"> {
  const ruleset = rulesetOf(game.ruleset);
  const inputs = await resolveInputs(tx, game.id, phase.id, completion);
  const acting = actingSides(ruleset, phase.startState);
  // Each side's standing settings shape its batch as the phase closes (Ruleset.standing), stored as used.
  const batches = withStandings(ruleset, phase.startState, acting, actingBatches(ruleset, phase, inputs.batches), inputs.standings);
  step?.("readMs");
  const { state, report } = ruleset.resolve(phase.startState, batches, null, phase.seed, phaseIdOf(ruleset, phase.startState));
  step?.("engineMs");
  const resolved = tx
    .update(phases)
    .set({ status: "resolved", orders: batches as never, report: report as never, resolvedAt: new Date() })
    .where(eq(phases.id, phase.id));
  const result = ruleset.result(state);
  if (result.over) {
    await resolved;
    // The result as the ruleset says it, stored with the end: a profile reads it, never replays it.
    await tx.update(games).set({ status: "finished", result }).where(eq(games.id, game.id));
    // A rated game is rated in the transaction that ends it: exactly once, as the result is written.
    await rateFinishedGame(tx, game, [...new Set(result.winners.map((side) => teamOfGameSide(game, side)))]);
  }
  const nextTurn = result.over ? phase.turn : nextPhaseTurn(ruleset, phase, state);
  const seated = inputs.seated;
  const robots = seated.filter((s) => s.robot).map((s) => s.side);
  // The resolved phase's update rides in the next phase's insert (one statement, one round trip).
  const opened = result.over ? null : await openRulesetPhase(tx, game, ruleset, nextTurn, state, undefined, { robots, after: resolved, boardFrom: phase });
  // Only a player with a side that must act in the next phase is told orders are open for them (acting.ts).
  const next = result.over ? [] : actingSides(ruleset, state);
  const asked = seated.flatMap((s) => (s.userId && !s.robot && next.includes(s.side) ? [{ userId: s.userId, side: s.side as string }] : []));
  // The game's event in the notes' last statement (a round trip fewer). A phase that leaves its turn
  // going names itself: the turn has not resolved yet, only that phase of it.
  const event = { gameId: game.id, kind: "turn-resolved" as const, turn: phase.turn, ...(!result.over && nextTurn === phase.turn ? { phase: phaseName(ruleset, phase.startState) } : {}) };
  // A phase of decisions inside the turn (1942's battles) is told only to the sides that must decide in it.
  if (opened && nextTurn === phase.turn && isDecisionPhase(ruleset, state)) {
    await notify(tx, asked.map((s) => decisionNote(game, opened, phaseLabel(ruleset, nextTurn, state), s)), event);
    return "resolved";
  }
  const humans = [...new Set(seated.flatMap((s) => (s.userId ? [s.userId] : [])))].sort();
  const ordering = new Set(asked.map((s) => s.userId));
  const ending = result.over ? (result.draw || result.winners.length === 0 ? "a draw" : `won by ${result.winners.join(" and ")}`) : "";
  await notify(
    tx,
    humans.map((userId) => ({
      userId,
      gameId: game.id,
      kind: result.over ? ("game-over" as const) : ("turn-resolved" as const),
      text: result.over
        ? `${game.name}: the game ended in turn ${phase.turn}, ${ending}`
        : turnResolvedText(game.name, phaseLabel(ruleset, phase.turn, phase.startState), phaseLabel(ruleset, nextTurn, state), ordering.has(userId)),
      url: `/game/${game.id}/turn/${phase.turn}`,
      eventKey: result.over ? `game-over:${game.id}` : `turn-resolved:${phase.id}`,
      fact: result.over ? { kind: "game-over" as const, gameId: game.id } : { kind: "turn-resolved" as const, phaseId: phase.id },
    })),
    event,
    // Read with the inputs (every note goes to a seated player of this game).
    inputs.audience,
  );
  return "resolved";
}

/**
 * "Red must decide in turn 1, Battles": to the player of a side that must act in a phase of decisions
 * that just opened. It names the side and the phase, nothing of anyone's orders; stale once the side
 * has locked or the phase closed (notify-facts.ts).
 */
function decisionNote(game: Game, opened: Pick<Phase, "id">, label: string, seat: { userId: string; side: string }): Note {
  return {
    userId: seat.userId,
    gameId: game.id,
    kind: "decision-waiting",
    text: `${game.name}: ${seat.side} must decide in ${label}`,
    url: `/game/${game.id}`,
    eventKey: `decision-waiting:${opened.id}:${seat.side}`,
    fact: { kind: "decision-waiting", phaseId: opened.id, nation: seat.side as SeatSide },
  };
}

/**
 * "Turn resolved" for one player: orders are open, or (no side of theirs must act) nothing to order.
 * `resolved` and `next` name a turn ("turn 2"), or a turn and its phase ("turn 2, Battles").
 */
export function turnResolvedText(gameName: string, resolved: string, next: string, mustOrder: boolean): string {
  return `${gameName}: ${resolved} resolved — ${mustOrder ? `${next} orders are open` : `nothing for you to order in ${next}`}`;
}
