// A sandbox of a game of any ruleset but 1942 (issue 24), through the Ruleset interface only: the
// turn's start state is copied when no side's view of it hides anything from the caller; under fog of
// war (e.g. Interplanetary's IP10.2) the owner, who plays every side, would see what the real game
// hides, so the copy is the ruleset's knownState for the caller's side. Turns open through
// openRulesetPhase, and "resolve" locks every acting side.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { locks, phases } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { conflict } from "../errors";
import { actingSides } from "../ruleset-games/acting";
import { lockSide } from "../ruleset-games/play";
import { rulesetOf, type Game } from "../ruleset-games/rulesets";
import { seatedSides } from "../ruleset-games/setup";
import { canonical } from "../ruleset-games/verify";

/** The sides a sandbox of this game seats (all the owner's), and its ruleset. */
export async function sandboxSides(tx: Db, source: Game): Promise<{ ruleset: AnyRuleset; sides: string[] }> {
  return { ruleset: rulesetOf(source.ruleset), sides: await seatedSides(tx, source) };
}

/**
 * The start state a sandbox may copy for a caller who plays `mySides` of the game (in seating order):
 * the state itself when no side's view of it differs from another's, or when the caller plays every
 * side; under fog of war, what the caller's side knows (the ruleset's knownState; a caller with
 * several sides but not all gets what the first of them knows, never more). Refused (409) to a
 * caller who plays no side, and for a ruleset that cannot build what a side knows.
 */
export function shareableStart(ruleset: AnyRuleset, state: unknown, sides: string[], mySides: string[]): unknown {
  const views = new Set(sides.map((side) => canonical(ruleset.view(state, { kind: "side", side }))));
  if (views.size <= 1 || sides.every((side) => mySides.includes(side))) return state;
  const fog = `In this ${ruleset.name} position some sides see what others do not (fog of war)`;
  if (!ruleset.knownState) throw conflict(`${fog}: a sandbox, where you play every side, would show it, so none can be opened from it`);
  const side = sides.find((s) => mySides.includes(s));
  if (!side) throw conflict(`${fog}: a sandbox starts from what one side knows, so only a player of this game can open one from it`);
  return ruleset.knownState(state, side);
}

/** Lock every acting side not yet locked; the last lock queues the adjudication (play.ts). */
export async function resolveRulesetSandbox(db: Db, userId: string, game: Game, phaseId: number): Promise<{ resolving: boolean }> {
  const [phase] = await db.select({ startState: phases.startState }).from(phases).where(eq(phases.id, phaseId));
  const locked = (await db.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, phaseId))).map((l) => l.side as string);
  const waiting = actingSides(rulesetOf(game.ruleset), phase!.startState).filter((side) => !locked.includes(side));
  if (waiting.length === 0) throw conflict("Every side has locked: the turn is being resolved");
  let resolving = false;
  for (const side of waiting) resolving = (await lockSide(db, userId, game.id, side)).resolving;
  return { resolving };
}
