// R6.3 one battle round of the chain: from a pair of states, the submarine strike, general fire
// (a destroyer's side fires with its marked units) and R6.7's decisions, as mass moved to the pairs the
// round leads to; and the chance a round changes nothing (summed as a loop by the caller).
import { span, type Span } from "./hits";
import type { Prepared } from "./prepared";
import type { Retreats } from "./retreat";

export interface Rounds {
  /** The chance a round from (a, d) changes nothing: no loss, no retreat. */
  stayOf(a: number, d: number, r: number): number;
  /** R6.3/R6.7: one round from (a, d) with mass m, added to `into` but for the pair at `skip`. */
  round(a: number, d: number, m: number, r: number, into: Float64Array, skip: number): void;
}

/** The rounds of the chain over `pa` × `pd`, outcomes below `cut` dropped. */
export function roundsOf(pa: Prepared, pd: Prepared, cut: number, retreats: Retreats): Rounds {
  const nD = pd.n;
  const outer: Span = { from: 0, to: 0 };
  const { attacker: retreatA, defender: retreatD } = retreats;
  const anyRetreat = retreats.any;

  /** The chance a round from (a, d) changes nothing: no loss, no retreat. */
  const stayOf = (a: number, d: number, r: number): number => {
    let stay = 0;
    const sA = pa.subHits[a]!;
    const sD = pd.subHits[d]!;
    for (let x = 0; x < sA.p.length; x++) {
      for (let y = 0; y < sD.p.length; y++) {
        const subA = pa.subNext[a]!;
        const subD = pd.subNext[d]!;
        if (subA[Math.min(sD.lo + y, subA.length - 1)] !== a || subD[Math.min(sA.lo + x, subD.length - 1)] !== d) continue;
        const gA = pa.generalHits[a]!;
        const gD = pd.generalHits[d]!;
        const nextA = pa.generalNext[a]!;
        const nextD = pd.generalNext[d]!;
        for (let i = 0; i < gA.p.length && nextD[Math.min(gA.lo + i, nextD.length - 1)] === d; i++) {
          for (let j = 0; j < gD.p.length && nextA[Math.min(gD.lo + j, nextA.length - 1)] === a; j++) {
            if (anyRetreat && (retreatA(a, d, r) !== a || retreatD(a, d, r) !== d)) continue;
            stay += sA.p[x]! * sD.p[y]! * gA.p[i]! * gD.p[j]!;
          }
        }
      }
    }
    return stay;
  };

  /** R6.3/R6.7: one round from (a, d) with mass m, added to `into` but for the pair at `skip`. */
  const round = (a: number, d: number, m: number, r: number, into: Float64Array, skip: number): void => {
    const sA = pa.subHits[a]!;
    const sD = pd.subHits[d]!;
    for (let x = 0; x < sA.p.length; x++) {
      for (let y = 0; y < sD.p.length; y++) {
        const q0 = m * sA.p[x]! * sD.p[y]!;
        if (q0 < cut) continue;
        // 1–2: submarine strike; hits on ships only, removed at once without a destroyer.
        const subA = pa.subNext[a]!;
        const subD = pd.subNext[d]!;
        const a1 = subA[Math.min(sD.lo + y, subA.length - 1)]!;
        const d1 = subD[Math.min(sA.lo + x, subD.length - 1)]!;
        // 3: general fire: a side with a destroyer at the start of the round fires with its marked units.
        const gA = pa.generalHits[pa.destroyer[a] ? a : a1]!;
        const gD = pd.generalHits[pd.destroyer[d] ? d : d1]!;
        const nextA = pa.generalNext[a1]!;
        const nextD = pd.generalNext[d1]!;
        const lastA = nextA.length - 1;
        const lastD = nextD.length - 1;
        const pA = gA.p;
        const pD = gD.p;
        // Outer: the attacker's losses (a row); inner: the defender's (along the row, in memory order).
        span(gD, cut / q0, outer);
        // The defender's losses kept for each j walk on from the last j's (follow(), inlined: locals
        // rather than an object's fields in the hottest loop).
        const mode = gA.mode;
        const n = pA.length;
        let from = mode;
        let to = mode;
        const consecutive = !anyRetreat && pd.consecutive[d1] === 1;
        const cap = lastD - gA.lo + 1;
        const start = nextD[0]! + gA.lo;
        for (let j = outer.from; j < outer.to; j++) {
          const q1 = q0 * pD[j]!;
          const a2 = nextA[Math.min(gD.lo + j, lastA)]!;
          const t = cut / q1;
          if (pA[mode]! < t) {
            from = to = mode;
            continue;
          }
          if (from > mode) from = mode;
          if (to <= mode) to = mode + 1;
          while (from > 0 && pA[from - 1]! >= t) from--;
          while (pA[from]! < t) from++;
          while (to < n && pA[to]! >= t) to++;
          while (pA[to - 1]! < t) to--;
          if (!anyRetreat) {
            const row = a2 * nD;
            // Hits beyond what the defender can take all lead to its last state: summed at once.
            const top = Math.max(from, Math.min(to, cap));
            if (consecutive && a2 !== a) {
              // k hits lead k states on (a side losing in one fixed order): a plain strided add.
              const base = row + start;
              let i = from;
              // Four at a time: the hottest loop of the chain, and fewer loop tests and jumps pay.
              for (; i + 3 < top; i += 4) {
                const at = base + i;
                into[at]! += q1 * pA[i]!;
                into[at + 1]! += q1 * pA[i + 1]!;
                into[at + 2]! += q1 * pA[i + 2]!;
                into[at + 3]! += q1 * pA[i + 3]!;
              }
              for (; i < top; i++) into[base + i]! += q1 * pA[i]!;
            } else {
              for (let i = from; i < top; i++) {
                const at = row + nextD[gA.lo + i]!;
                if (at !== skip) into[at]! += q1 * pA[i]!;
              }
            }
            if (top < to) {
              const at = row + nextD[lastD]!;
              if (at !== skip) into[at]! += q1 * (gA.below[to]! - gA.below[top]!);
            }
            continue;
          }
          for (let i = from; i < to; i++) {
            const d2 = nextD[Math.min(gA.lo + i, lastD)]!;
            const at = retreatA(a2, d2, r) * nD + retreatD(a2, d2, r);
            if (at !== skip) into[at]! += q1 * pA[i]!;
          }
        }
      }
    }
  };

  return { stayOf, round };
}
