// R6.10: a battle ends when a side has no unit left in it or neither side can hurt the other. Each
// pair of states is checked before its round; an ended pair's mass is added to its outcome, to each
// side's end state (wiped out or not) and to the TUV swing, and shown to `onEnd`.
import type { EndKind, EndRecorder, OddsResult } from "./odds-types";
import type { Prepared } from "./prepared";
import { inBattleOf } from "./side-result";

/** The outcomes' masses so far (the result's outcomes, before they are divided by the whole). */
export interface Tally extends Pick<OddsResult, "attackerWins" | "defenderWins" | "bothDestroyed" | "draw" | "attackerWithdrew" | "taken"> {
  /** Per state of each side: the mass ending there with its units still on the board, or wiped out. */
  endA: Float64Array;
  endAWiped: Float64Array;
  endD: Float64Array;
  endDWiped: Float64Array;
  /** Defender's loss − attacker's loss in cost → mass. */
  swing: Map<number, number>;
}

/** `ended(a, d, m)` records the end of the pair (a, d) with mass m and returns true, or false when the battle goes on. */
export function battleEnds(pa: Prepared, pd: Prepared, sea: boolean, totalA: number, totalD: number, onEnd?: EndRecorder): { ended: (a: number, d: number, m: number) => boolean; tally: () => Tally } {
  const endA = new Float64Array(pa.n);
  const endAWiped = new Float64Array(pa.n);
  const endD = new Float64Array(pd.n);
  const endDWiped = new Float64Array(pd.n);
  const swing = new Map<number, number>();
  let attackerWins = 0;
  let defenderWins = 0;
  let bothDestroyed = 0;
  let draw = 0;
  let attackerWithdrew = 0;
  let taken = 0;

  /** R6.10 before a round: record the end and return true, or false when the battle goes on. */
  const ended = (a: number, d: number, m: number): boolean => {
    const inA = pa.inBattle[a]!;
    const inD = pd.inBattle[d]!;
    let costA = pa.cost[a]!;
    let costD = pd.cost[d]!;
    if (inA > 0 && inD > 0) {
      const hurtsA = pa.fires[a]! === 1 || (pa.subFires[a]! === 1 && pd.ship[d]! === 1);
      const hurtsD = pd.fires[d]! === 1 || (pd.subFires[d]! === 1 && pa.ship[a]! === 1);
      if (hurtsA && hurtsD) return false;
      if (!hurtsA && !hurtsD) {
        draw += m;
        endA[a]! += m;
        endD[d]! += m;
        onEnd?.("draw", false, inBattleOf(pa, a), inBattleOf(pd, d), m);
      } else if (hurtsA) {
        attackerWins += m;
        const took = !sea && pa.land[a]! > 0;
        if (took) taken += m;
        endA[a]! += m;
        endDWiped[d]! += m;
        costD = pd.wipedCost[d]!;
        onEnd?.("attackerWins", took, inBattleOf(pa, a), {}, m);
      } else {
        defenderWins += m;
        endAWiped[a]! += m;
        endD[d]! += m;
        costA = pa.wipedCost[a]!;
        onEnd?.("defenderWins", false, {}, inBattleOf(pd, d), m);
      }
    } else {
      let kind: EndKind;
      let took = false;
      if (inA > 0) {
        attackerWins += m;
        kind = "attackerWins";
        took = !sea && pa.land[a]! > 0;
        if (took) taken += m;
      } else if (inD > 0) {
        if (pa.cost[a]! > 0) (attackerWithdrew += m), (kind = "attackerWithdrew");
        else (defenderWins += m), (kind = "defenderWins");
      } else (bothDestroyed += m), (kind = "bothDestroyed");
      endA[a]! += m;
      endD[d]! += m;
      onEnd?.(kind, took, inBattleOf(pa, a), inBattleOf(pd, d), m);
    }
    const key = totalD - costD - (totalA - costA);
    swing.set(key, (swing.get(key) ?? 0) + m);
    return true;
  };

  const tally = (): Tally => ({ attackerWins, defenderWins, bothDestroyed, draw, attackerWithdrew, taken, endA, endAWiped, endD, endDWiped, swing });
  return { ended, tally };
}
