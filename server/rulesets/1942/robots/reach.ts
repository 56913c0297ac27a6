// Where a unit type standing in a territory may go this turn, asked of the engine's legalDestinations
// (the same function a player's map uses), once per territory and type per turn.
import { UNIT_STATS, legalDestinations, type UnitType } from "../engine";
import type { Situation } from "./situation";

export interface Reach {
  /** Legal destinations of one `type` unit from `from`, with the engine's shortest legal path. */
  of(from: string, type: UnitType): ReadonlyMap<string, readonly string[]>;
  /** The engine's legal path for one `type` unit from `from` to `to`, if there is one. */
  path(from: string, type: UnitType, to: string): readonly string[] | undefined;
}

export function reachOf(sit: Situation): Reach {
  const cache = new Map<string, ReadonlyMap<string, readonly string[]>>();
  const of = (from: string, type: UnitType) => {
    const key = `${from}|${type}`;
    let hit = cache.get(key);
    if (!hit) {
      const found = legalDestinations(sit.state, sit.nation, { from, units: { [type]: 1 } });
      cache.set(key, (hit = new Map(found.map((d) => [d.territory, d.path]))));
    }
    return hit;
  };
  return {
    of,
    path(from, type, to) {
      // Out of range on the bare map means out of range for the engine too: no need to ask it.
      const stats = UNIT_STATS[type];
      const steps = sit.dist.steps(stats.medium, from, to);
      if (steps > (stats.medium === "air" ? stats.move - 1 : stats.move)) return undefined;
      return of(from, type).get(to);
    },
  };
}
