import { createState, DEFAULT_BOARD, DEFAULT_SETUP, resolveCombatPhase, NATIONS, type Order, type Nation } from "../../server/engine";
import { randomOrders, makeRand } from "./random-orders";
import { isDeepStrictEqual } from "node:util";
const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const diffs: Record<string, number> = {};
function shuffled<T>(items: readonly T[], rand: () => number): T[] { const out = [...items]; for (let i = out.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [out[i], out[j]] = [out[j]!, out[i]!]; } return out; }
const sortIds = (r: any) => { for (const c of r.conflicts) { c.orders.sort(); for (const f of c.forces ?? []) f.orders.sort(); } for (const x of r.raids) x.raiders.sort(); r.aa.sort((p: any, q: any) => (p.nation + p.order + p.territory < q.nation + q.order + q.territory ? -1 : 1)); return r; };
let substantive = 0;
for (let s = 0; s < 60; s++) {
  const o = randomOrders(state, makeRand(s), { purchases: false, disjointPools: true });
  const rand = makeRand(s * 7 + 1);
  const m = Object.fromEntries(NATIONS.map((n) => [n, shuffled(o[n] ?? [], rand)])) as Partial<Record<Nation, Order[]>>;
  const a = resolveCombatPhase({ state, orders: o, seed: "s" + s }).report as any;
  const b = resolveCombatPhase({ state, orders: m, seed: "s" + s }).report as any;
  for (const k of Object.keys(a)) if (!isDeepStrictEqual(a[k], b[k])) diffs[k] = (diffs[k] ?? 0) + 1;
  if (!isDeepStrictEqual(sortIds(structuredClone(a)), sortIds(structuredClone(b)))) { substantive++; for (const k of Object.keys(a)) if (!isDeepStrictEqual(sortIds(structuredClone(a))[k], sortIds(structuredClone(b))[k])) console.log("seed", s, "field", k); }
}
console.log(diffs, "substantive", substantive);
