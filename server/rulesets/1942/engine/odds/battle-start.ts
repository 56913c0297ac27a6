// Where each side of a battle starts (R5.1, R5.5): hits before the battle, removed at once, give a
// distribution over each side's states instead of one state.
import { UNIT_STATS, isAir } from "../units";
import { hitsOf, type Hits } from "./hits";
import { lossOrder, lossesOf, type Flight } from "./flights";
import type { OddsInput } from "./odds-types";
import type { Side } from "./side";

/** A start distribution of one side: state id → probability. */
export type Start = Map<number, number>;

/** R5.1 / R5.5: hits before the battle, removed at once; `which` units eligible. */
export function before(side: Side, start: number, hits: Hits, which: "all" | "air"): Start {
  const out: Start = new Map();
  hits.p.forEach((q, k) => {
    let s = start;
    for (let h = 0; h < hits.lo + k; h++) s = side.hit(s, which);
    out.set(s, (out.get(s) ?? 0) + q);
  });
  return out;
}

/** R5.1 on the way: the start distribution after AA fire at one flight, its losses in its own order. */
export function shotAt(side: Side, start: Start, flight: Flight, lowLuck: boolean): Start {
  const order = lossOrder(flight.aircraft);
  const lost = lossesOf(order.length, flight.aaFire, lowLuck);
  const out: Start = new Map();
  for (const [s0, q] of start) {
    let s = s0;
    lost.forEach((p, k) => {
      if (k > 0) s = side.lose(s, flight.nation, order[k - 1]!);
      if (p > 0) out.set(s, (out.get(s) ?? 0) + q * p);
    });
  }
  return out;
}

/** Each side's start distribution: the attacker after AA fire on the way and in the battle (R5.1), the defender after bombardment (R5.5). */
export function startsOf(input: OddsInput, A: Side, D: Side, lowLuck: boolean): { a0: number; d0: number; startA: Start; startD: Start } {
  // R5.1: one die per attacking aircraft, hit on 1 (low luck: the aircraft as one group of value 1).
  const a0 = A.id(A.initial(input.attacker, input.damaged?.attacker));
  let startA: Start = new Map([[a0, 1]]);
  for (const flight of input.flights ?? []) startA = shotAt(A, startA, flight, lowLuck);
  const aaGuns = Object.values(input.defender).some((u) => (u?.aaGun ?? 0) > 0);
  if (input.aa && aaGuns && !input.sea) {
    const after: Start = new Map();
    for (const [a, q] of startA) {
      const aircraft = A.classes.reduce((n, c, i) => n + (isAir(c.type) ? A.states[a]![i]! : 0), 0);
      for (const [s, p] of before(A, a, hitsOf([0, aircraft], lowLuck, 0), "air")) after.set(s, (after.get(s) ?? 0) + q * p);
    }
    startA = after;
  }
  // R5.5: the bombarding battleships fire once at attack value; the defender chooses the casualties.
  const d0 = D.id(D.initial(input.defender, input.damaged?.defender));
  let startD: Start = new Map([[d0, 1]]);
  if (input.bombard && !input.sea) {
    const values = [0, 0, 0, 0, 0, 0, 0];
    values[UNIT_STATS.battleship.attack] = input.bombard;
    startD = before(D, d0, hitsOf(values, lowLuck, 0), "all");
  }
  return { a0, d0, startA, startD };
}
