// R6.7 by the chance of winning: a side that withdraws its aircraft when its chance of winning by
// fighting on is below a bar needs that chance for every pair of states, found here.
import type { Prepared } from "./prepared";

/**
 * Each side's chance of winning from each pair at the start of a round if nobody withdraws or
 * submerges (the attacker: of taking the territory on land), pairs visited last to first.
 */
export function fightOnChances(pa: Prepared, pd: Prepared, sea: boolean): { attacker: Float64Array; defender: Float64Array } {
  const nA = pa.n;
  const nD = pd.n;
  const attacker = new Float64Array(nA * nD);
  const defender = new Float64Array(nA * nD);
  for (let at = nA * nD - 1; at >= 0; at--) {
    const a = (at / nD) | 0;
    const d = at - a * nD;
    const inA = pa.inBattle[a]!;
    const inD = pd.inBattle[d]!;
    const hurtsA = inA > 0 && inD > 0 && (pa.fires[a]! === 1 || (pa.subFires[a]! === 1 && pd.ship[d]! === 1));
    const hurtsD = inA > 0 && inD > 0 && (pd.fires[d]! === 1 || (pd.subFires[d]! === 1 && pa.ship[a]! === 1));
    if (!hurtsA || !hurtsD) {
      const aWins = inA > 0 && (inD === 0 || hurtsA);
      const dWins = inD > 0 && (inA === 0 || hurtsD);
      attacker[at] = aWins && (sea || pa.land[a]! > 0) ? 1 : 0;
      defender[at] = dWins ? 1 : 0;
      continue;
    }
    let stay = 0;
    let wa = 0;
    let wd = 0;
    const sA = pa.subHits[a]!;
    const sD = pd.subHits[d]!;
    for (let x = 0; x < sA.p.length; x++) {
      for (let y = 0; y < sD.p.length; y++) {
        const subA = pa.subNext[a]!;
        const subD = pd.subNext[d]!;
        const a1 = subA[Math.min(sD.lo + y, subA.length - 1)]!;
        const d1 = subD[Math.min(sA.lo + x, subD.length - 1)]!;
        const gA = pa.generalHits[pa.destroyer[a] ? a : a1]!;
        const gD = pd.generalHits[pd.destroyer[d] ? d : d1]!;
        const nextA = pa.generalNext[a1]!;
        const nextD = pd.generalNext[d1]!;
        for (let j = 0; j < gD.p.length; j++) {
          const a2 = nextA[Math.min(gD.lo + j, nextA.length - 1)]!;
          for (let i = 0; i < gA.p.length; i++) {
            const q = sA.p[x]! * sD.p[y]! * gD.p[j]! * gA.p[i]!;
            const to = a2 * nD + nextD[Math.min(gA.lo + i, nextD.length - 1)]!;
            if (to === at) stay += q;
            else {
              wa += q * attacker[to]!;
              wd += q * defender[to]!;
            }
          }
        }
      }
    }
    attacker[at] = wa / (1 - stay);
    defender[at] = wd / (1 - stay);
  }
  return { attacker, defender };
}
