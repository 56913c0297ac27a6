// Exact battle odds under R6 (with R5.1 AA fire and R5.5 bombardment before it). Each side's
// casualties follow a fixed policy, so a side's state is one of a few count vectors (side.ts) and the
// battle is a Markov chain over pairs of them. A round that changes nothing (every die missed) is a
// loop on the same pair, summed as a geometric series; every other round loses something, so the
// pairs can be visited once each in an order where losses only go forward (a side's states sorted by
// the hits they can still take). Probabilities are exact but for the mass of outcomes dropped below
// a cut (1e-16 each, finer if they add up past 5e-10), reported as `pruned`: every probability is
// within `pruned` of the true one. No mass is lost otherwise, so `pruned` is what the outcomes lack
// of 1, found once at the end rather than added up in the hottest loop.
// The chain is solved in solve.ts; this file is the public face: the cut, and finer cuts while the
// pruned mass is too large.
import type { BattleEnd, OddsInput, OddsResult } from "./odds-types";
import { solve } from "./solve";

export type { BattleEnd, EndKind, OddsInput, OddsResult, SideResult } from "./odds-types";
export type { Forces, SideChoices } from "./side";
export type { Flight } from "./flights";

/** Outcome masses below this are dropped (and counted in `pruned`); a finer cut if they add up past `MAX_PRUNED`. */
const CUT = 1e-16;
const MAX_PRUNED = 5e-10;

/** The exact odds of a battle: every probability within `pruned` (at most 5e-10) of the truth. */
export function exactOdds(input: OddsInput): OddsResult {
  let result = solve(input, CUT);
  for (let cut = CUT / 1000; result.pruned > MAX_PRUNED && cut > 1e-40; cut /= 1000) result = solve(input, cut);
  return result;
}

/** Every end of a battle with its probability (the joint law of who is left), for whole-turn odds. */
export function exactEnds(input: OddsInput): { ends: BattleEnd[]; pruned: number } {
  const run = (cut: number) => {
    const ends = new Map<string, BattleEnd>();
    const result = solve(input, cut, (kind, taken, attacker, defender, p) => {
      const key = JSON.stringify([kind, taken, attacker, defender]);
      const e = ends.get(key);
      if (e) e.p += p;
      else ends.set(key, { kind, taken, attacker, defender, p });
    });
    return { ends: [...ends.values()], pruned: result.pruned };
  };
  let out = run(CUT);
  for (let cut = CUT / 1000; out.pruned > MAX_PRUNED && cut > 1e-40; cut /= 1000) out = run(cut);
  return out;
}
