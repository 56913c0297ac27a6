// R9.2, R9.3 — "connected" (seed 004): joined by a continuous line of land territories friendly to a
// nation. Sea zones are not territories here, so an island is connected to nothing beyond itself.
import type { Board } from "../board/board";
import { teamOf } from "../teams";
import type { Nation } from "../types";

/** Every land territory joined to `from` through land friendly to `nation` (empty if `from` is not friendly). */
export function connectedLand(board: Board, owners: Readonly<Record<string, Nation>>, nation: Nation, from: string): Set<string> {
  const team = teamOf(nation);
  const friendly = (t: string) => board.isLand(t) && owners[t] !== undefined && teamOf(owners[t]!) === team;
  const seen = new Set<string>();
  if (!friendly(from)) return seen;
  seen.add(from);
  const queue = [from];
  while (queue.length > 0) {
    const t = queue.shift()!;
    for (const n of board.neighbours(t)) {
      if (seen.has(n) || !friendly(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}
