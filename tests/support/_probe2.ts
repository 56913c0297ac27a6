import { createState, DEFAULT_BOARD, DEFAULT_SETUP, resolveCombatPhase } from "../../server/engine";
import { randomOrders, makeRand, refusedOrders } from "./random-orders";
const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
for (let s = 0; s < 10; s++) {
  const r = resolveCombatPhase({ state, orders: randomOrders(state, makeRand(s)), seed: "x" + s });
  const s2 = r.state;
  const aboard = s2.units.filter(u => u.aboard !== undefined).length;
  const o2 = randomOrders(s2, makeRand(s + 100));
  const bad = refusedOrders(s2, o2);
  const r2 = resolveCombatPhase({ state: s2, orders: o2, seed: "y" });
  console.log(s, "aboard", aboard, "refused", bad.length, "invalid", r2.report.orders.filter(o => o.status === "invalid").length, "unloads", Object.values(o2).flat().filter(o => "unload" in o && o.unload && !("load" in o && o.load)).length);
}
