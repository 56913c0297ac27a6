// The zone a phased game's deadline is also written in (the frame's bar): a game with daily deadlines
// at a time of day (R3.1) has its orders' and its decisions' own, as a classic game's bar writes them.
import type { RulesetGameView } from "../../server/services/ruleset-games/read";

export function deadlineZone(game: Pick<RulesetGameView["game"], "ordersAt" | "decisionsAt">, decision: boolean): string | undefined {
  return (decision ? game.decisionsAt : game.ordersAt)?.zone;
}
