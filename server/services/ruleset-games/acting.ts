// Who a phase waits for. A 1942 game waits for every nation (R3: all order at once); a game of any
// other ruleset waits only for the sides its ruleset names as acting (`phases(state)[0].sides`): a
// side with nothing to order (its ships all gone, its units all routed) is never asked for orders,
// reminded, counted as missing a deadline or waited for. The platform asks; the ruleset knows why.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, phases } from "../../../db/schema";
import { getRuleset, type AnyRuleset } from "../../rulesets";
import { CLASSIC } from "./rulesets";

/** The sides that must order in this state: the ruleset's first phase of the turn (every ruleset so far has one). */
export function actingSides(ruleset: AnyRuleset, state: unknown): string[] {
  return ruleset.phases(state)[0]?.sides ?? [];
}

/** The sides of a game of this ruleset that must order in a phase starting from `startState`; null: every seat (1942). */
export function sidesToAct(rulesetId: string, startState: unknown): ReadonlySet<string> | null {
  const ruleset = rulesetId === CLASSIC ? undefined : getRuleset(rulesetId);
  return ruleset ? new Set(actingSides(ruleset, startState)) : null;
}

/** The sides an orders phase waits for, read from the database when the caller has not the start state; null: every seat. */
export async function awaitedSides(db: Db, phase: { id: number; gameId: number; startState?: unknown }): Promise<ReadonlySet<string> | null> {
  const [game] = await db.select({ ruleset: games.ruleset }).from(games).where(eq(games.id, phase.gameId));
  if (!game || game.ruleset === CLASSIC) return null;
  const state = phase.startState !== undefined ? phase.startState : (await db.select({ s: phases.startState }).from(phases).where(eq(phases.id, phase.id)))[0]?.s;
  return sidesToAct(game.ruleset, state);
}

/** Whether a phase waits for this seat (`awaited` from awaitedSides or sidesToAct). */
export const waitsFor = (awaited: ReadonlySet<string> | null, side: string) => awaited === null || awaited.has(side);
