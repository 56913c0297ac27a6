// Exact battle odds under R6 (with R5.1 AA fire and R5.5 bombardment before it). Each side's
// casualties follow a fixed policy, so a side's state is one of a few count vectors (side.ts) and the
// battle is a Markov chain over pairs of them. A round that changes nothing (every die missed) is a
// loop on the same pair, summed as a geometric series; every other round loses something, so the
// pairs can be visited once each in an order where losses only go forward (a side's states sorted by
// the hits they can still take). Probabilities are exact but for the mass of outcomes dropped below
// a cut (1e-16 each, finer if they add up past 5e-10), reported as `pruned`: every probability is
// within `pruned` of the true one. No mass is lost otherwise, so `pruned` is what the outcomes lack
// of 1, found once at the end rather than added up in the hottest loop.
import type { Nation, UnitCounts, UnitType } from "../types";
import { UNIT_STATS, isAir, isLandUnit, isShip } from "../units";
import { hitsOf, span, type Hits, type Span } from "./hits";
import { lossOrder, lossesOf, type Flight } from "./flights";
import { Side, type Forces, type SideChoices } from "./side";

export type { Forces, SideChoices } from "./side";
export type { Flight } from "./flights";

export interface OddsInput {
  attacker: Forces;
  defender: Forces;
  /** A sea battle: no territory to take. */
  sea?: boolean;
  /** R6.8. */
  lowLuck?: boolean;
  /** R5.1: the defender's AA guns (any `aaGun` in its forces) fire once at each attacking aircraft on entering. */
  aa?: boolean;
  /**
   * R5.1 on the way: the attacker's air orders (their aircraft are in `attacker` too) and the hostile
   * AA territories on each one's path that fire at it before the battle, priced order by order
   * (`aa` then fires at what is left: leave it off when the flights count the battle's own AA).
   */
  flights?: Flight[];
  /** R6.4: battleships (counted in the forces) that start the battle damaged, per side and nation — a battle priced from the middle. */
  damaged?: { attacker?: Partial<Record<Nation, number>>; defender?: Partial<Record<Nation, number>> };
  /** R5.5: the number of the attacker's battleships bombarding before round 1 (amphibious assault). */
  bombard?: number;
  attackerChoices?: SideChoices;
  defenderChoices?: SideChoices;
}

export interface SideResult {
  /** Expected number of each type left (in the battle, withdrawn or submerged), over all outcomes. */
  expectedLeft: UnitCounts;
  /** survivors[type][k] = P(exactly k of that type are left). */
  survivors: Partial<Record<UnitType, number[]>>;
  /** Expected cost of the units lost (R2 cost). */
  expectedLoss: number;
}

export interface OddsResult {
  attackerWins: number;
  /** The defender won without the attacker withdrawing. */
  defenderWins: number;
  /** No unit left on either side. */
  bothDestroyed: number;
  /** Neither side can hurt the other: both stay (R6.10). */
  draw: number;
  /** The attacker's last units left the battle by withdrawal or submerging (R6.7). */
  attackerWithdrew: number;
  /** A land battle won with a land unit left (R6.10). */
  taken: number;
  expectedRounds: number;
  attacker: SideResult;
  defender: SideResult;
  /** [defender's loss − attacker's loss in cost, probability], by value: the TUV swing. */
  swing: [number, number][];
  /** Upper bound of the probability mass dropped as negligible. */
  pruned: number;
}

/** Outcome masses below this are dropped (and counted in `pruned`); a finer cut if they add up past `MAX_PRUNED`. */
const CUT = 1e-16;
const MAX_PRUNED = 5e-10;

interface Prepared {
  side: Side;
  n: number;
  /** Per state (sorted): units in the battle, air and submarines in it, features for R6.10. */
  inBattle: Int32Array;
  land: Int32Array;
  ship: Uint8Array;
  destroyer: Uint8Array;
  air: Uint8Array;
  sub: Uint8Array;
  fires: Uint8Array;
  subFires: Uint8Array;
  /** Cost left (in the battle or out of it), and if wiped out by R6.10 (submarines submerge). */
  cost: Float64Array;
  wipedCost: Float64Array;
  subHits: Hits[];
  generalHits: Hits[];
  /** next[s][h]: state after h hits (clamped), submarine hits (ships only) and general hits. */
  subNext: Int32Array[];
  generalNext: Int32Array[];
  withdraw: Int32Array;
  submerge: Int32Array;
  /** generalNext[s][k] = generalNext[s][0] + k for every k. */
  consecutive: Uint8Array;
  /** Sorted state → side state. */
  order: number[];
}

function prepare(side: Side, starts: number[], lowLuck: boolean, cut: number, binomials: Map<number, Float64Array>): Prepared {
  const { choices } = side;
  const mayWithdraw = choices.withdrawAirAfter !== undefined || choices.withdrawAirBelow !== undefined;
  const maySubmerge = choices.submergeAfter !== undefined;
  // Every state reachable by hits, withdrawal and submerging.
  const seen = new Set<number>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const s = queue.pop()!;
    const next = [side.hit(s, "all"), side.hit(s, "ships")];
    if (mayWithdraw) next.push(side.id(side.leave(side.states[s]!, isAir)));
    if (maySubmerge) next.push(side.id(side.leave(side.states[s]!, (t) => t === "submarine")));
    for (const t of next) if (!seen.has(t)) (seen.add(t), queue.push(t));
  }
  const k = side.size;
  const roomOf = (s: number) => side.room(side.states[s]!, "all");
  const order = [...seen].sort((a, b) => roomOf(b) - roomOf(a) || a - b);
  const n = order.length;
  const pos = new Int32Array(side.states.length).fill(-1);
  order.forEach((s, i) => (pos[s] = i));
  const p: Prepared = {
    side,
    n,
    inBattle: new Int32Array(n),
    land: new Int32Array(n),
    ship: new Uint8Array(n),
    destroyer: new Uint8Array(n),
    air: new Uint8Array(n),
    sub: new Uint8Array(n),
    fires: new Uint8Array(n),
    subFires: new Uint8Array(n),
    cost: new Float64Array(n),
    wipedCost: new Float64Array(n),
    subHits: [],
    generalHits: [],
    subNext: [],
    generalNext: [],
    withdraw: new Int32Array(n).fill(-1),
    submerge: new Int32Array(n).fill(-1),
    consecutive: new Uint8Array(n),
    order,
  };
  order.forEach((s, i) => {
    const st = side.states[s]!;
    const subValues = [0, 0, 0, 0, 0, 0, 0];
    const values = [0, 0, 0, 0, 0, 0, 0];
    let infantry = 0;
    let artillery = 0;
    for (let c = 0; c < k; c++) {
      const cls = side.classes[c]!;
      const cost = UNIT_STATS[cls.type].cost;
      const count = st[c]!;
      const out = st[k + c]!;
      p.cost[i]! += (count + out) * cost;
      p.wipedCost[i]! += (out + (cls.type === "submarine" ? count : 0)) * cost;
      if (count === 0) continue;
      p.inBattle[i]! += count;
      if (isLandUnit(cls.type)) p.land[i]! += count;
      if (isShip(cls.type)) p.ship[i] = 1;
      if (cls.type === "destroyer") p.destroyer[i] = 1;
      if (isAir(cls.type)) p.air[i] = 1;
      if (cls.type === "submarine") {
        p.sub[i] = 1;
        if (cls.value > 0) p.subFires[i] = 1;
        subValues[cls.value]! += count;
        continue;
      }
      if (cls.value > 0) p.fires[i] = 1;
      if (cls.type === "infantry") infantry += count;
      else if (cls.type === "artillery") artillery += count;
      values[cls.value]! += count;
    }
    // R6.5: each artillery firing with attack lifts one infantry firing with attack by 1.
    if (side.attacking) {
      const lifted = Math.min(infantry, artillery);
      values[UNIT_STATS.infantry.attack]! -= lifted;
      values[UNIT_STATS.infantry.attack + 1]! += lifted;
    }
    p.subHits.push(hitsOf(subValues, lowLuck, cut, binomials));
    p.generalHits.push(hitsOf(values, lowLuck, cut, binomials));
    const chase = (which: "all" | "ships") => {
      const room = side.room(st, which);
      const next = new Int32Array(room + 1);
      let t = s;
      next[0] = i;
      for (let h = 1; h <= room; h++) {
        t = side.hit(t, which);
        next[h] = pos[t]!;
      }
      return next;
    };
    const general = chase("all");
    p.generalNext.push(general);
    p.consecutive[i] = general.every((t, k) => t === general[0]! + k) ? 1 : 0;
    p.subNext.push(chase("ships"));
    if (mayWithdraw && p.air[i]) p.withdraw[i] = pos[side.id(side.leave(st, isAir))]!;
    if (maySubmerge && p.sub[i]) p.submerge[i] = pos[side.id(side.leave(st, (t) => t === "submarine"))]!;
  });
  return p;
}

/** A start distribution of one side: state id → probability. */
type Start = Map<number, number>;

/** R5.1 / R5.5: hits before the battle, removed at once; `which` units eligible. */
function before(side: Side, start: number, hits: Hits, which: "all" | "air"): Start {
  const out: Start = new Map();
  hits.p.forEach((q, k) => {
    let s = start;
    for (let h = 0; h < hits.lo + k; h++) s = side.hit(s, which);
    out.set(s, (out.get(s) ?? 0) + q);
  });
  return out;
}

/** R5.1 on the way: the start distribution after AA fire at one flight, its losses in its own order. */
function shotAt(side: Side, start: Start, flight: Flight, lowLuck: boolean): Start {
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

/** The exact odds of a battle: every probability within `pruned` (at most 5e-10) of the truth. */
export function exactOdds(input: OddsInput): OddsResult {
  let result = solve(input, CUT);
  for (let cut = CUT / 1000; result.pruned > MAX_PRUNED && cut > 1e-40; cut /= 1000) result = solve(input, cut);
  return result;
}

/** How a battle ended (the five outcomes of OddsResult). */
export type EndKind = "attackerWins" | "defenderWins" | "bothDestroyed" | "draw" | "attackerWithdrew";

/** One way a battle ends: its kind and the units of each side still in it (withdrawn and wiped-out units not counted). */
export interface BattleEnd {
  kind: EndKind;
  taken: boolean;
  attacker: Forces;
  defender: Forces;
  p: number;
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

type EndRecorder = (kind: EndKind, taken: boolean, attacker: Forces, defender: Forces, p: number) => void;

/** Units of a side's state still in the battle, per nation and type. */
function inBattleOf(p: Prepared, i: number): Forces {
  const out: Forces = {};
  const st = p.side.states[p.order[i]!]!;
  p.side.classes.forEach((c, k) => {
    const n = st[k]!;
    if (n === 0) return;
    const f = (out[c.nation] ??= {});
    f[c.type] = (f[c.type] ?? 0) + n;
  });
  return out;
}

/** The odds with outcomes below `cut` dropped (and their total counted in `pruned`); `onEnd` sees every end. */
function solve(input: OddsInput, cut: number, onEnd?: EndRecorder): OddsResult {
  const lowLuck = input.lowLuck ?? false;
  const A = new Side(input.attacker, true, input.attackerChoices);
  const D = new Side(input.defender, false, input.defenderChoices);
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
  const endA = new Float64Array(nA);
  const endAWiped = new Float64Array(nA);
  const endD = new Float64Array(nD);
  const endDWiped = new Float64Array(nD);
  const swing = new Map<number, number>();
  let attackerWins = 0;
  let defenderWins = 0;
  let bothDestroyed = 0;
  let draw = 0;
  let attackerWithdrew = 0;
  let taken = 0;
  let rounds = 0;

  /**
   * Each side's chance of winning from each pair at the start of a round if nobody withdraws or
   * submerges (the attacker: of taking the territory on land), pairs visited last to first.
   */
  function fightOnChances(): { attacker: Float64Array; defender: Float64Array } {
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
        attacker[at] = aWins && (input.sea || pa.land[a]! > 0) ? 1 : 0;
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
        const took = !input.sea && pa.land[a]! > 0;
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
        took = !input.sea && pa.land[a]! > 0;
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

  const outer: Span = { from: 0, to: 0 };
  const retreats = [ac, dc].some((c) => c.withdrawAirAfter !== undefined || c.withdrawAirBelow !== undefined || c.submergeAfter !== undefined);
  // R6.7 by the chance of winning: each side's chance of winning by fighting on with no withdrawal.
  const chance = ac.withdrawAirBelow !== undefined || dc.withdrawAirBelow !== undefined ? fightOnChances() : undefined;

  /**
   * 4: withdrawal and submerging at the end of round r, both sides deciding on the same state: the
   * state `own` of a side after it decides, facing `enemy`; `at` the pair, for the chance of winning.
   */
  const retreat = (side: Prepared, c: SideChoices, fightOn: Float64Array | undefined, own: number, foe: Prepared, enemy: number, at: number, r: number): number => {
    if (foe.inBattle[enemy]! === 0) return own;
    let next = own;
    const below = c.withdrawAirBelow !== undefined && fightOn![at]! < c.withdrawAirBelow;
    if (((c.withdrawAirAfter !== undefined && r >= c.withdrawAirAfter) || below) && side.withdraw[next]! >= 0) next = side.withdraw[next]!;
    if (c.submergeAfter !== undefined && r >= c.submergeAfter && !foe.destroyer[enemy] && side.submerge[next]! >= 0) next = side.submerge[next]!;
    return next;
  };
  const retreatA = (a2: number, d2: number, r: number) => retreat(pa, ac, chance?.attacker, a2, pd, d2, a2 * nD + d2, r);
  const retreatD = (a2: number, d2: number, r: number) => retreat(pd, dc, chance?.defender, d2, pa, a2, a2 * nD + d2, r);

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
            if (retreats && (retreatA(a, d, r) !== a || retreatD(a, d, r) !== d)) continue;
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
        const consecutive = !retreats && pd.consecutive[d1] === 1;
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
          if (!retreats) {
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

function costOf(side: Side, state: Int32Array): number {
  return side.classes.reduce((sum, c, i) => sum + (state[i]! + state[side.size + i]!) * UNIT_STATS[c.type].cost, 0);
}

function sideResult(p: Prepared, end: Float64Array, wiped: Float64Array, total: number): SideResult {
  const { side } = p;
  const k = side.size;
  const survivors: Partial<Record<UnitType, number[]>> = {};
  const expectedLeft: UnitCounts = {};
  let expectedLoss = 0;
  const add = (counts: Map<UnitType, number>, m: number) => {
    for (const [type, n] of counts) {
      const dist = (survivors[type] ??= []);
      while (dist.length <= n) dist.push(0);
      dist[n]! += m;
      expectedLeft[type] = (expectedLeft[type] ?? 0) + n * m;
    }
  };
  const types = [...new Set(side.classes.map((c) => c.type))];
  for (let i = 0; i < p.n; i++) {
    const st = side.states[p.order[i]!]!;
    for (const [m, isWiped] of [
      [end[i]!, false],
      [wiped[i]!, true],
    ] as const) {
      if (m === 0) continue;
      const counts = new Map<UnitType, number>(types.map((t) => [t, 0]));
      for (let c = 0; c < k; c++) {
        const type = side.classes[c]!.type;
        const left = st[k + c]! + (!isWiped || type === "submarine" ? st[c]! : 0);
        counts.set(type, counts.get(type)! + left);
      }
      add(counts, m);
      expectedLoss += m * (total - (isWiped ? p.wipedCost[i]! : p.cost[i]!));
    }
  }
  return { expectedLeft, survivors, expectedLoss };
}
