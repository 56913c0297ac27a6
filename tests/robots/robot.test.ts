// Robots (R3.2) order through the engine's own functions: every order they give is legal, they buy
// within their means, and five-robot games run without an engine error.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, UNIT_STATS, createState, resolveTurn, validateOrders, type Nation, type Order } from "../../server/engine";
import { attackOdds, robotOrders } from "../../server/robots/robot";

describe("robots", () => {
  it("give only legal orders and spend within the treasury, turn after turn", () => {
    let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    for (let turn = 1; turn <= 4; turn++) {
      const orders: Partial<Record<Nation, Order[]>> = {};
      for (const nation of NATIONS) {
        const list = robotOrders(state, nation, `t${turn}`);
        expect(validateOrders(state, nation, list).results.every((r) => r.ok), `${nation} turn ${turn}`).toBe(true);
        const spent = list.reduce((s, o) => s + ("type" in o ? UNIT_STATS[o.type].cost * o.count : 0), 0);
        expect(spent).toBeLessThanOrEqual(state.treasury[nation]);
        orders[nation] = list;
      }
      expect(Object.values(orders).some((l) => l!.some((o) => "path" in o))).toBe(true);
      state = resolveTurn({ state, orders, seed: `dice${turn}` }).state;
    }
  });

  it("are deterministic for a state, nation and seed", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    expect(robotOrders(state, "Germany", "s")).toEqual(robotOrders(state, "Germany", "s"));
  });

  it("estimate the odds of an attack with the engine's battles", () => {
    const unit = (id: number, nation: Nation, type: "infantry" | "armour") => ({ id, nation, type, at: "X" });
    const strong = [1, 2, 3, 4].map((i) => unit(i, "Germany", "armour"));
    const weak = [unit(10, "Russia", "infantry")];
    expect(attackOdds(strong, weak, "s")).toBeGreaterThan(0.8);
    expect(attackOdds([unit(1, "Germany", "infantry")], [10, 11, 12, 13].map((i) => unit(i, "Russia", "infantry")), "s")).toBeLessThan(0.2);
  });

  it("npm run simulate plays five-robot games without an engine error or an illegal order", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli/simulate.ts", "--games", "2", "--seed", "ci", "--turns", "8"], { encoding: "utf8" });
    expect(run.stdout).toContain("engine errors: 0; illegal robot orders: 0");
    expect(run.status).toBe(0);
  });
});
