// The one place that decides whether a player's name is shown: anonymous games (issue 14) show other
// players as their nations only until the game ends; everyone always sees their own name.
import type { GameOptions } from "../../db/schema";
import { displayName } from "./display-name";

export const ANONYMOUS_PLAYER = "a player";

export function shownPlayerName(
  user: { id: string; name: string | null },
  game: { options: GameOptions; status: "open" | "active" | "finished" },
  self: boolean,
): string | null {
  if (!namedPlayer(game, self)) return ANONYMOUS_PLAYER;
  return displayName(user);
}

/** Whether the viewer may know who plays a seat (and so see their name, figures and profile). */
export function namedPlayer(game: { options: GameOptions; status: "open" | "active" | "finished" }, self: boolean): boolean {
  return !(game.options.anonymous && game.status !== "finished" && !self);
}
