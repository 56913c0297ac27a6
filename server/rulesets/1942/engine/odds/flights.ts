// R5.1 on the way: each air order that joins a battle is fired at by every hostile AA territory on its
// path (the battle's own included) before the battle, one territory after another, a die per aircraft
// of the order still alive (low luck: per order and territory), the order's cheapest aircraft lost
// first. An order loses its aircraft in one fixed order, so its state is the number lost; the orders
// are independent, so the battle starts from their losses combined.
import type { Nation, UnitCounts, UnitType } from "../types";
import { UNIT_STATS, isAir, tableIndex } from "../units";
import { hitsOf } from "./hits";

/** One order's aircraft on their way to the battle (they are also in the attacker's forces). */
export interface Flight {
  nation: Nation;
  aircraft: UnitCounts;
  /** The hostile territories with an AA gun on its path that fire at it, in turn (R5.1: each once). */
  aaFire: number;
}

/** The order's aircraft in the order AA hits take them (R6.9 within one nation: cheapest, lower attack, R2 order). */
export function lossOrder(aircraft: UnitCounts): UnitType[] {
  const types = (Object.keys(aircraft) as UnitType[]).filter((t) => isAir(t) && (aircraft[t] ?? 0) > 0);
  types.sort((a, b) => UNIT_STATS[a].cost - UNIT_STATS[b].cost || UNIT_STATS[a].attack - UNIT_STATS[b].attack || tableIndex(a) - tableIndex(b));
  return types.flatMap((t) => Array.from({ length: aircraft[t]! }, () => t));
}

/** lost[k] = P(exactly k of `n` aircraft are shot down) after `fire` territories fire in turn. */
export function lossesOf(n: number, fire: number, lowLuck: boolean): Float64Array {
  let lost = new Float64Array(n + 1);
  lost[0] = 1;
  for (let t = 0; t < fire; t++) {
    const next = new Float64Array(n + 1);
    for (let k = 0; k <= n; k++) {
      if (lost[k] === 0) continue;
      const hits = hitsOf([0, n - k], lowLuck, 0);
      hits.p.forEach((q, h) => (next[Math.min(n, k + hits.lo + h)]! += lost[k]! * q));
    }
    lost = next;
  }
  return lost;
}
