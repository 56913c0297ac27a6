// Robots (R3.2) order through the engine's own functions: every order they give is legal, they buy
// within their means, their aircraft always find a landing, and five-robot games run without an
// engine error.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, UNIT_STATS, createState, resolveTurn, validateOrders, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { attackOdds, plannedOrders, robotOrders } from "../../server/rulesets/1942/robots/robot";

// Robots plan whole turns (with whole-turn odds): many seconds a test on a loaded two-core machine.
describe("robots", { timeout: 120_000 }, () => {
  it("give only legal orders, as a whole list, and spend within the treasury, turn after turn", () => {
    for (const seed of ["t", "u"]) {
      let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
      for (let turn = 1; turn <= 5; turn++) {
        const orders: Partial<Record<Nation, Order[]>> = {};
        for (const nation of NATIONS) {
          // As planned, before robotOrders' final safety net: every order passes, as a whole list too.
          const list = plannedOrders(state, nation, `${seed}${turn}`);
          expect(validateOrders(state, nation, list).results.filter((r) => !r.ok), `${nation} turn ${turn}`).toEqual([]);
          expect(robotOrders(state, nation, `${seed}${turn}`)).toEqual(list);
          const spent = list.reduce((s, o) => s + ("type" in o ? UNIT_STATS[o.type].cost * o.count : 0), 0);
          expect(spent).toBeLessThanOrEqual(state.treasury[nation]);
          orders[nation] = list;
        }
        expect(Object.values(orders).some((l) => l!.some((o) => "path" in o))).toBe(true);
        const { state: next, report } = resolveTurn({ state, orders, seed: `dice${seed}${turn}` });
        // R7.1: a robot sends aircraft only where a landing remains; none is ever scuttled.
        expect(report.landings.filter((l) => l.scuttled)).toEqual([]);
        state = next;
      }
    }
  });

  it("use ships: transports carry troops and warships sail in the opening turns", () => {
    let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const seen = { loads: 0, unloads: 0, warships: 0 };
    for (let turn = 1; turn <= 3; turn++) {
      const orders: Partial<Record<Nation, Order[]>> = {};
      for (const nation of NATIONS) {
        orders[nation] = robotOrders(state, nation, `ships${turn}`);
        for (const o of orders[nation]!) {
          if (!("path" in o)) continue;
          if (o.load) seen.loads++;
          if (o.unload) seen.unloads++;
          if (Object.keys(o.units).some((t) => t !== "transport" && UNIT_STATS[t as keyof typeof UNIT_STATS].medium === "sea")) seen.warships++;
        }
      }
      state = resolveTurn({ state, orders, seed: `ships-dice${turn}` }).state;
    }
    expect(seen.loads).toBeGreaterThan(0);
    expect(seen.unloads).toBeGreaterThan(0);
    expect(seen.warships).toBeGreaterThan(0);
  });

  it("are deterministic for a state, nation and seed, whatever object holds the state", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    for (const nation of NATIONS) {
      const once = robotOrders(state, nation, "s");
      expect(robotOrders(state, nation, "s")).toEqual(once);
      expect(robotOrders(JSON.parse(JSON.stringify(state)), nation, "s")).toEqual(once);
    }
  });

  it("estimate the odds of an attack with the engine's battles", () => {
    const unit = (id: number, nation: Nation, type: "infantry" | "armour") => ({ id, nation, type, at: "X" });
    const strong = [1, 2, 3, 4].map((i) => unit(i, "Germany", "armour"));
    const weak = [unit(10, "Russia", "infantry")];
    expect(attackOdds(strong, weak, "s")).toBeGreaterThan(0.8);
    expect(attackOdds([unit(1, "Germany", "infantry")], [10, 11, 12, 13].map((i) => unit(i, "Russia", "infantry")), "s")).toBeLessThan(0.2);
  });

  // A child process planning 16 robot turns with whole-turn odds: seconds on a quiet machine, but on a
  // loaded two-core one it shares the cores with the other test file, so it gets more than the default.
  it("npm run simulate plays five-robot games without an engine error or an illegal order", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/cli/simulate.ts", "--games", "2", "--seed", "ci", "--turns", "8"], { encoding: "utf8" });
    expect(run.stdout).toContain("engine errors: 0; illegal robot orders: 0");
    expect(run.stdout).toMatch(/game 1: .* after \d+ turn\(s\), [\d.]+ ms per turn/);
    expect(run.status).toBe(0);
  }, 240_000);
});
