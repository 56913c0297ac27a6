import { createState, DEFAULT_BOARD, DEFAULT_SETUP, resolveCombatPhase, NATIONS } from "../../server/engine";
import { randomOrders, makeRand, refusedOrders } from "./random-orders";
const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
let total = 0, kinds: Record<string, number> = {};
const t0 = performance.now();
for (let s = 0; s < 20; s++) {
  const o = randomOrders(state, makeRand(s));
  const bad = refusedOrders(state, o);
  if (bad.length) console.log("REFUSED", s, bad);
  for (const n of NATIONS) for (const x of o[n] ?? []) {
    total++;
    const k = "destination" in x ? "purchase" : x.load ? (x.unload ? "load+unload" : "load") : x.unload ? "unload" : x.bombard ? "bombard" : x.raid ? "raid" : x.stealth ? "stealth" : Object.keys(x.units).length > 1 ? "mixed" : "move";
    kinds[k] = (kinds[k] ?? 0) + 1;
  }
  const r = resolveCombatPhase({ state, orders: o, seed: "x" + s });
  if (s === 0) console.log(r.report.battles.length, "battles", r.report.orders.filter(x=>x.status!=="completed").map(x=>x.status).join(","));
}
console.log((performance.now() - t0) / 20, "ms/set", total / 20, "orders/set", kinds);
