// Which teams won a finished game, read from what its last phase stored: the profile's "won" for
// every game, rated or not (a rated game's rating change records it too). No rule is read here: 1942
// writes its winner in its report; any other ruleset's last phase is replayed (pure, from its stored
// orders and seed) and its own result() names the winners, each read as its team.
import { getRuleset } from "../../rulesets";
import type { Phase } from "../phases";
import { replayPhase } from "./resolve";
import { CLASSIC, teamOfGameSide, type Game } from "./rulesets";

export type LastPhase = Pick<Phase, "startState" | "orders" | "seed" | "report" | "status">;

/** The winning teams' names; empty for a draw, a game not over, or a last phase not resolved. */
export function winningTeams(game: Pick<Game, "ruleset" | "scenario">, last: LastPhase | undefined): string[] {
  if (!last || last.status !== "resolved") return [];
  if (game.ruleset === CLASSIC) {
    const winner = (last.report as { victory?: { winner?: string | null } } | null)?.victory?.winner;
    return winner ? [winner] : [];
  }
  // A game of a ruleset no longer played here won by nobody anyone can tell: the profile still shows.
  const ruleset = getRuleset(game.ruleset);
  if (!ruleset) return [];
  const result = ruleset.result(replayPhase(ruleset, last).state);
  return result.over ? [...new Set(result.winners.map((side) => teamOfGameSide(game, side)))] : [];
}
