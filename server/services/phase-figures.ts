// The figures beside the seated players' names (reliability, finished games, rating), read once
// per phase of a game in each process. Every open page of a game refetches its view when the game
// changes (a lock, a decision, a new turn: at once, on every tab), and these reads were half of a
// refetch's statements. They move only when a phase closes (attendance, R-deadlines) or when a game
// ends (ratings), so a game's figures are kept for the phase the view
// shows: a new phase, or the phase's status moving on (a game that ended is "resolved"), reads them
// again. A seated player's other games close phases at their own times: those show here from this
// game's next phase on. The bot mark and vacations are not taken from here: they are read with every
// view (seatExtras).
import type { Db } from "../../db/client";
import { playerFigures, type PlayerFigures } from "./player-figures";
import { Recent } from "./recent";

/**
 * The last 512 (open phases of live games fit many times over), keyed by the phase (id, seed hash,
 * status) and the users asked for; reads under way are shared.
 */
const cache = new Recent<string, Promise<Map<string, PlayerFigures>>>(512);

export function phaseKey(phase: { id: number; seedHash: string; status: string }): string {
  return `${phase.id}:${phase.seedHash}:${phase.status}`;
}

/** playerFigures with the game's ruleset's ratings, read at most once per phase key and set of users in this process. */
export function figuresForPhase(key: string, ruleset: string): (db: Db, userIds: string[]) => Promise<Map<string, PlayerFigures>> {
  return (db, userIds) => {
    const full = `${ruleset}|${key}|${[...new Set(userIds)].sort().join(",")}`;
    let hit = cache.get(full);
    if (!hit) {
      hit = playerFigures(db, userIds, ruleset);
      // A failed read is not kept: the next view reads again.
      hit.catch(() => cache.delete(full));
    }
    return cache.keep(full, hit);
  };
}
