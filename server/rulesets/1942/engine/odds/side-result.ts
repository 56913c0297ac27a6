// What is left of a side (R6.10): the units still in the battle at an end, and each side's result
// over all ends (survivors, expected units left, expected loss in R2 cost).
import type { UnitCounts, UnitType } from "../types";
import { UNIT_STATS } from "../units";
import type { SideResult } from "./odds-types";
import type { Prepared } from "./prepared";
import type { Forces, Side } from "./side";

/** Units of a side's state still in the battle, per nation and type. */
export function inBattleOf(p: Prepared, i: number): Forces {
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

export function costOf(side: Side, state: Int32Array): number {
  return side.classes.reduce((sum, c, i) => sum + (state[i]! + state[side.size + i]!) * UNIT_STATS[c.type].cost, 0);
}

export function sideResult(p: Prepared, end: Float64Array, wiped: Float64Array, total: number): SideResult {
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
