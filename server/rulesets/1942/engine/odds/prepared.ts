// One side of the battle chain prepared for the rounds: every state it can reach (by hits,
// withdrawal and submerging), sorted by the hits it can still take so losses only go forward, with
// per state its units in the battle, its hit distributions (R6.3, R6.5 artillery) and the state each
// number of hits leads to, in typed arrays for the hot loops.
import { UNIT_STATS, isAir, isLandUnit, isShip } from "../units";
import { hitsOf, type Hits } from "./hits";
import type { Side } from "./side";

export interface Prepared {
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

export function prepare(side: Side, starts: number[], lowLuck: boolean, cut: number, binomials: Map<number, Float64Array>): Prepared {
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
