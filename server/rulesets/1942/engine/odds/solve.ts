// The battle chain solved once (R6): each side's start (battle-start.ts), its states (prepared.ts),
// the rounds that round-based rules tell apart played one by one, then every pair once in an order
// where losses only go forward (round.ts), ends by R6.10 (battle-ends.ts), each side's result
// (side-result.ts). Mass below `cut` is dropped; what the outcomes lack of 1 is `pruned`.
import type { EndRecorder, OddsInput, OddsResult } from "./odds-types";
import { startsOf } from "./battle-start";
import { battleEnds } from "./battle-ends";
import { prepare } from "./prepared";
import { retreatsOf } from "./retreat";
import { roundsOf } from "./round";
import { Side } from "./side";
import { costOf, sideResult } from "./side-result";

/** The odds with outcomes below `cut` dropped (and their total counted in `pruned`); `onEnd` sees every end. */
export function solve(input: OddsInput, cut: number, onEnd?: EndRecorder): OddsResult {
  const lowLuck = input.lowLuck ?? false;
  const sea = input.sea === true;
  const A = new Side(input.attacker, true, input.attackerChoices);
  const D = new Side(input.defender, false, input.defenderChoices);
  const { a0, d0, startA, startD } = startsOf(input, A, D, lowLuck);
  const binomials = new Map<number, Float64Array>();
  const pa = prepare(A, [...startA.keys()], lowLuck, cut, binomials);
  const pd = prepare(D, [...startD.keys()], lowLuck, cut, binomials);
  const posA = new Map(pa.order.map((s, i) => [s, i]));
  const posD = new Map(pd.order.map((s, i) => [s, i]));
  const nA = pa.n;
  const nD = pd.n;
  let mass = new Float64Array(nA * nD);
  for (const [a, qa] of startA) for (const [d, qd] of startD) mass[posA.get(a)! * nD + posD.get(d)!]! += qa * qd;

  const ac = A.choices;
  const dc = D.choices;
  const lastRoundRule = Math.max(ac.withdrawAirAfter ?? 0, ac.submergeAfter ?? 0, dc.withdrawAirAfter ?? 0, dc.submergeAfter ?? 0);

  // Outcomes.
  const totalA = costOf(A, A.states[a0]!);
  const totalD = costOf(D, D.states[d0]!);
  const { ended, tally } = battleEnds(pa, pd, sea, totalA, totalD, onEnd);
  const { stayOf, round } = roundsOf(pa, pd, cut, retreatsOf(pa, pd, ac, dc, sea));
  let rounds = 0;

  /** Each pair of `from` still fighting (mass kept, not negligible, not ended by R6.10), in index order. */
  const fighting = (from: Float64Array, visit: (a: number, d: number, m: number, at: number) => void) => {
    for (let at = 0; at < from.length; at++) {
      const m = from[at]!;
      if (m < cut) continue; // dropped: counted in `pruned`
      const a = (at / nD) | 0;
      const d = at - a * nD;
      if (!ended(a, d, m)) visit(a, d, m, at);
    }
  };
  // Rounds that round-based rules tell apart are played one by one.
  for (let r = 1; r <= lastRoundRule; r++) {
    const next = new Float64Array(nA * nD);
    fighting(mass, (a, d, m) => {
      rounds += m;
      round(a, d, m, r, next, -1);
    });
    mass = next;
  }
  // Then every pair once, in an order where losses only go forward; a round that changes nothing
  // loops, so the mass that leaves the pair is m / (1 − stay) over m / (1 − stay) rounds.
  fighting(mass, (a, d, m, at) => {
    const stay = stayOf(a, d, Infinity);
    // Cannot reach 1 while both sides can hurt each other (R6.10): every round may hit.
    if (stay >= 1) throw new Error("a battle round that can never change anything");
    const through = m / (1 - stay);
    rounds += through;
    round(a, d, through, Infinity, mass, at);
  });

  const { attackerWins, defenderWins, bothDestroyed, draw, attackerWithdrew, taken, endA, endAWiped, endD, endDWiped, swing } = tally();
  return {
    attackerWins,
    defenderWins,
    bothDestroyed,
    draw,
    attackerWithdrew,
    taken,
    expectedRounds: rounds,
    attacker: sideResult(pa, endA, endAWiped, totalA),
    defender: sideResult(pd, endD, endDWiped, totalD),
    swing: [...swing.entries()].sort((x, y) => x[0] - y[0]),
    pruned: Math.max(0, 1 - (attackerWins + defenderWins + bothDestroyed + draw + attackerWithdrew)),
  };
}
