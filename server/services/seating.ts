// What a challenge's seating may be, for a game of any ruleset (game.create's classic 1942 games and
// play.create's alike): no side is given twice, and a rated game is played fairly (docs/players.md).
import type { GameOptions } from "../../db/schema";
import { teamOfGameSide, type Game } from "./ruleset-games/rulesets";

export interface Seating {
  /** Sides the challenger plays, sides given to robots, sides reserved for invited bot accounts. */
  mine: string[];
  robots: string[];
  bots: string[];
}

/** Why no side may be seated so (the challenger's, a robot's and a bot's at once), or undefined. */
export function seatingProblem({ mine, robots, bots }: Seating): string | undefined {
  const own = new Set(mine);
  const robot = new Set(robots);
  if (own.size === 0) return "Pick at least one side to play";
  for (const side of robot) if (own.has(side)) return `${side} cannot be both yours and a robot's`;
  for (const side of bots) if (own.has(side) || robot.has(side)) return `${side} cannot be both a bot's and ${own.has(side) ? "yours" : "a robot's"}`;
  return undefined;
}

/** A rated game is played by people only, not as practice, and each account holds seats of one team (issue 22). */
export function ratedProblem(game: Pick<Game, "ruleset" | "scenario">, { mine, robots }: Seating, options: GameOptions): string | undefined {
  if (!options.rated) return undefined;
  if (robots.length > 0 || options.robots) return "A rated game has no robots";
  if (options.robotsHold) return "A practice game cannot be rated";
  if (new Set(mine.map((side) => teamOfGameSide(game, side))).size > 1) return "In a rated game you hold seats of one team only";
  return undefined;
}
