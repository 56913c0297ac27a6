// A game of any ruleset starts: the ruleset sets the scenario up for the seated sides and the game's
// options, with a seed drawn from turn 1's secret seed (so verify can replay the setup once turn 1 is
// resolved), and turn 1 opens. Called by games.ts when the last seat is filled.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { seats } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { conflict } from "../errors";
import { newSeed, openRulesetPhase } from "./open-phase";
import { rulesetOf, scenarioOf, type Game } from "./rulesets";

/** The setup's seed, from turn 1's seed (secret until turn 1 resolves, like every seed). */
export const setupSeed = (turnOneSeed: string) => `${turnOneSeed}|setup`;

/** What `ruleset.setup` gets: the game's own options (Ruleset.options, stored as `rules`) and the seated sides. */
export const setupOptions = (game: Pick<Game, "options">, sides: string[]) => ({ ...game.options.rules, sides });

/** The seated sides in the scenario's order: the options every setup gets. */
export function seatedSidesOf(ruleset: AnyRuleset, game: Pick<Game, "scenario">, seated: string[]): string[] {
  return scenarioOf(ruleset, game.scenario ?? "").sides.filter((s) => seated.includes(s));
}

export async function seatedSides(db: Db, game: Pick<Game, "id" | "ruleset" | "scenario">): Promise<string[]> {
  const rows = await db.select({ side: seats.nation }).from(seats).where(eq(seats.gameId, game.id));
  return seatedSidesOf(rulesetOf(game.ruleset), game, rows.map((r) => r.side as string));
}

export async function startRulesetGame(tx: Db, game: Game): Promise<void> {
  const ruleset = rulesetOf(game.ruleset);
  const seed = newSeed();
  const setup = ruleset.setup(game.scenario, setupOptions(game, await seatedSides(tx, game)), setupSeed(seed));
  // Checked when the challenge was made; a ruleset that changed its mind since is a conflict, not a crash.
  if (!setup.ok) throw conflict(`${ruleset.name} cannot set this game up: ${setup.message}`);
  await openRulesetPhase(tx, game, ruleset, 1, setup.state, seed);
}
