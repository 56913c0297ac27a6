// Who a phase waits for. A classic 1942 game (classicGame) waits for every nation (R3: all order at
// once); a game played a row per phase, of any ruleset, waits only for the sides its ruleset names as acting in the current phase of the turn
// (`phases(state)[phaseOf(state)].sides`): a
// side with nothing to order (its ships all gone, its units all routed) is never asked for orders,
// reminded, counted as missing a deadline or waited for. The platform asks; the ruleset knows why.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, phases } from "../../../db/schema";
import { getRuleset, type AnyRuleset, type PhaseInfo } from "../../rulesets";
import { classicGame, type Game } from "./rulesets";

/** Which phase of its turn a state is at (0 for a ruleset of one phase a turn). */
export const stepOf = (ruleset: AnyRuleset, state: unknown): number => ruleset.phaseOf?.(state) ?? 0;

/** The phase a state is at, and how many the turn has; null when nothing is left to play. */
export function currentStep(ruleset: AnyRuleset, state: unknown): { info: PhaseInfo; step: number; count: number } | null {
  const all = ruleset.phases(state);
  const step = stepOf(ruleset, state);
  const info = all[step];
  return info ? { info, step, count: all.length } : null;
}

/**
 * The phase in play as the frame tells it, when the turn has several: its name, its index among the
 * turn's phases (a new screen for each), and `part`, its place in the turn's plan (Ruleset.turnPlan)
 * out of a count that holds the whole turn; without a plan null, as the phases opened so far are no
 * total. Null for a ruleset of one phase a turn, or when nothing is left to play.
 */
export function turnStepOf(ruleset: AnyRuleset, state: unknown): { id: string; name: string; index: number; part: { at: number; count: number } | null } | null {
  const at = currentStep(ruleset, state);
  if (!at) return null;
  const plan = ruleset.turnPlan ?? [];
  const part = plan.findIndex((p) => p.id === at.info.part);
  if (part >= 0 && plan.length > 1) return { id: at.info.id, name: plan[part]!.name, index: at.step, part: { at: part, count: plan.length } };
  return at.count > 1 ? { id: at.info.id, name: at.info.name ?? at.info.id, index: at.step, part: null } : null;
}

/** The sides that must order in this state: those of the phase of the turn it is at. */
export function actingSides(ruleset: AnyRuleset, state: unknown): string[] {
  return currentStep(ruleset, state)?.info.sides ?? [];
}

/** The id of the phase a state is at, as `resolve` is told it ("" when nothing is left to play). */
export const phaseIdOf = (ruleset: AnyRuleset, state: unknown): string => currentStep(ruleset, state)?.info.id ?? "";

/**
 * Whether the phase a state is at is one of decisions (PhaseInfo.deadline "decision": 1942's battles
 * and post-combat): it takes the decision deadline, and a side that misses it takes the default with
 * no excuse, vacation or missed-deadline count, as 1942's services treat a battle decision.
 */
export const isDecisionPhase = (ruleset: AnyRuleset, state: unknown): boolean => currentStep(ruleset, state)?.info.deadline === "decision";

type GameKind = Pick<Game, "ruleset" | "scenario">;

/** The ruleset that says who acts in a game's phases; none for a classic 1942 game, whose services say. */
const phasedRuleset = (game: GameKind): AnyRuleset | undefined => (classicGame(game) ? undefined : getRuleset(game.ruleset));

/** isDecisionPhase for a game (a classic 1942 game's own phases decide their deadlines in its services: false). */
export function decidesIn(game: GameKind, startState: unknown): boolean {
  const ruleset = phasedRuleset(game);
  return ruleset ? isDecisionPhase(ruleset, startState) : false;
}

/** The sides of this game that must order in a phase starting from `startState`; null: every seat (classic 1942). */
export function sidesToAct(game: GameKind, startState: unknown): ReadonlySet<string> | null {
  const ruleset = phasedRuleset(game);
  return ruleset ? new Set(actingSides(ruleset, startState)) : null;
}

/**
 * What an orders phase waits for, read from the database when the caller has not the start state:
 * its sides (null: every seat) and whether it is a phase of decisions (isDecisionPhase).
 */
export async function awaitedIn(db: Db, phase: { id: number; gameId: number; startState?: unknown }): Promise<{ sides: ReadonlySet<string> | null; decision: boolean }> {
  const [game] = await db.select({ ruleset: games.ruleset, scenario: games.scenario }).from(games).where(eq(games.id, phase.gameId));
  if (!game || classicGame(game)) return { sides: null, decision: false };
  const state = phase.startState !== undefined ? phase.startState : (await db.select({ s: phases.startState }).from(phases).where(eq(phases.id, phase.id)))[0]?.s;
  return { sides: sidesToAct(game, state), decision: decidesIn(game, state) };
}

/** The sides an orders phase waits for (awaitedIn); null: every seat. */
export const awaitedSides = async (db: Db, phase: { id: number; gameId: number; startState?: unknown }): Promise<ReadonlySet<string> | null> => (await awaitedIn(db, phase)).sides;

/** Whether a phase waits for this seat (`awaited` from awaitedSides or sidesToAct). */
export const waitsFor = (awaited: ReadonlySet<string> | null, side: string) => awaited === null || awaited.has(side);

/** The name of the phase a state is at when its turn has several (for the frame, history, notices); null for a turn of one. */
export function phaseNameOf(ruleset: AnyRuleset, state: unknown): string | null {
  const at = currentStep(ruleset, state);
  return at && at.count > 1 ? (at.info.name ?? at.info.id) : null;
}
