// The platform's options of a game that everyone may read, as the lobby lists them (server/api/
// platform-options.ts: none is a rule of any game): a phased game's view carries them for its Sides
// tab's options line, which writes them as the lobby's does (app/games/platform-options-text.ts).
import type { GameOptions } from "../../db/schema";

export type PlatformOptionsShown = Pick<GameOptions, "press" | "anonymous" | "ordersAt" | "decisionsAt" | "robotsHold" | "robotTakeover" | "excusedMisses" | "honourVacations" | "rated" | "requirements">;

/** The options as stored, those only: nothing else of a game's options (its rules, its bots) rides along. */
export function platformOptionsShown(o: GameOptions): Omit<PlatformOptionsShown, "ordersAt" | "decisionsAt"> {
  const { press, anonymous, robotsHold, robotTakeover, excusedMisses, honourVacations, rated, requirements } = o;
  return Object.fromEntries(Object.entries({ press, anonymous, robotsHold, robotTakeover, excusedMisses, honourVacations, rated, requirements }).filter(([, v]) => v !== undefined));
}
