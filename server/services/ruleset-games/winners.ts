// Which teams won a finished game: the profile's "won" for every game, rated or not (a rated game's
// rating change records it too). No rule is read here. A game stores its ruleset's result when it
// ends (games.result); a game finished before that was stored is read from its last phase: 1942
// wrote its winner in its report, any other ruleset's last phase is replayed (pure, from its stored
// orders and seed) and its own result() names the winners. Each winner is read as its team.
import { getRuleset } from "../../rulesets";
import type { Phase } from "../phases";
import { replayPhase } from "./resolve";
import { classicGame, teamOfGameSide, type Game } from "./rulesets";

export type LastPhase = Pick<Phase, "startState" | "orders" | "seed" | "report" | "status">;

/**
 * The winning teams' names; empty for a draw or a game not over. `last` is read only when the game
 * stored no result (finished before results were stored): then empty for a last phase not resolved.
 */
export function winningTeams(game: Pick<Game, "ruleset" | "scenario" | "result">, last: LastPhase | undefined): string[] {
  const winners = game.result ? game.result.winners : replayedWinners(game, last);
  return [...new Set(winners.map((side) => teamOfGameSide(game, side)))];
}

/** The winners (sides or team names) of a game that stored no result, from its last phase. */
function replayedWinners(game: Pick<Game, "ruleset" | "scenario">, last: LastPhase | undefined): string[] {
  if (!last || last.status !== "resolved") return [];
  if (classicGame(game)) {
    const winner = (last.report as { victory?: { winner?: string | null } } | null)?.victory?.winner;
    return winner ? [winner] : [];
  }
  // A game of a ruleset no longer played here won by nobody anyone can tell: the profile still shows.
  const ruleset = getRuleset(game.ruleset);
  if (!ruleset) return [];
  const result = ruleset.result(replayPhase(ruleset, last).state);
  return result.over ? result.winners : [];
}
