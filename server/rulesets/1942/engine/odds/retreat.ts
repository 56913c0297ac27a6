// R6.7: withdrawal and submerging at the end of a round, both sides deciding on the same state, by
// the round (withdrawAirAfter, submergeAfter) or by the chance of winning (withdrawAirBelow).
import { fightOnChances } from "./fight-on";
import type { Prepared } from "./prepared";
import type { SideChoices } from "./side";

/** A side's state after it decides at the end of round r, the pair being (a2, d2). */
export type Retreat = (a2: number, d2: number, r: number) => number;

export interface Retreats {
  /** Does either side ever withdraw or submerge? Without, a round's ends need no decision. */
  any: boolean;
  attacker: Retreat;
  defender: Retreat;
}

/**
 * The state `own` of a side after it decides, facing `enemy`; `at` the pair, for the chance of winning
 * (`fightOn`, present when the side withdraws by it).
 */
function retreat(side: Prepared, c: SideChoices, fightOn: Float64Array | undefined, own: number, foe: Prepared, enemy: number, at: number, r: number): number {
  if (foe.inBattle[enemy]! === 0) return own;
  let next = own;
  const below = c.withdrawAirBelow !== undefined && fightOn![at]! < c.withdrawAirBelow;
  if (((c.withdrawAirAfter !== undefined && r >= c.withdrawAirAfter) || below) && side.withdraw[next]! >= 0) next = side.withdraw[next]!;
  if (c.submergeAfter !== undefined && r >= c.submergeAfter && !foe.destroyer[enemy] && side.submerge[next]! >= 0) next = side.submerge[next]!;
  return next;
}

export function retreatsOf(pa: Prepared, pd: Prepared, ac: SideChoices, dc: SideChoices, sea: boolean): Retreats {
  const nD = pd.n;
  const any = [ac, dc].some((c) => c.withdrawAirAfter !== undefined || c.withdrawAirBelow !== undefined || c.submergeAfter !== undefined);
  // R6.7 by the chance of winning: each side's chance of winning by fighting on with no withdrawal.
  const chance = ac.withdrawAirBelow !== undefined || dc.withdrawAirBelow !== undefined ? fightOnChances(pa, pd, sea) : undefined;
  return {
    any,
    attacker: (a2, d2, r) => retreat(pa, ac, chance?.attacker, a2, pd, d2, a2 * nD + d2, r),
    defender: (a2, d2, r) => retreat(pd, dc, chance?.defender, d2, pa, a2, a2 * nD + d2, r),
  };
}
