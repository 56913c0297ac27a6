// Air units only go where they can come back from (R4.6, R7.1): a robot sends an aircraft to a battle
// only if, with the movement its path leaves unused, it can reach a territory that was friendly at the
// start of the turn and will very likely still be friendly after it (no hostile land unit can take it,
// or our defenders there should hold). The engine's default landing (R7.4) then lands it there or nearer.
import { UNIT_STATS, type UnitType } from "../engine";
import { quickEdge } from "./odds";
import { isLandType, type Situation } from "./situation";
import type { Threats } from "./threat";

export interface Landings {
  /** A secure landing within `range` steps of `final`, other than `final`, nearest first; undefined if none. */
  landingFor(final: string, range: number): string | undefined;
  /** Will `t` very likely still be ours after this turn's battles? */
  secure(t: string): boolean;
}

export function landingsOf(sit: Situation, threats: Threats): Landings {
  const cache = new Map<string, boolean>();
  const secure = (t: string): boolean => {
    let hit = cache.get(t);
    if (hit !== undefined) return hit;
    hit = false;
    if (sit.isFriendlyLand(t)) {
      const threat = threats.land(t);
      if (!threat.some((u) => isLandType(u.type))) hit = true; // R5.2d: only land units capture
      else hit = quickEdge(threat, sit.friends(t)).attackers < 0.5;
    }
    cache.set(t, hit);
    return hit;
  };
  return {
    secure,
    landingFor(final, range) {
      for (const { id, steps } of sit.dist.around("air", final)) {
        if (steps > range) break;
        // Carriers may move or sink this turn: the robot counts on land only.
        if (sit.board.isLand(id) && secure(id)) return id;
      }
      return undefined;
    },
  };
}

/** Steps an aircraft has left after flying `path`. */
export function unusedMove(type: UnitType, pathLength: number): number {
  return UNIT_STATS[type].move - pathLength;
}
