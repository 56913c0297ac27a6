// Bench of one combat phase (`npm run bench`): (a) the default board with a random legal order for
// every unit group, (b) the same on the default board tiled 10 and 100 times, so the curve of the
// judge's cost shows, (c) a robot's orders. It measures; it never fails.
// `npm run bench` runs it with `--max-semi-space-size=64`, the judge as the worker process runs it
// (server/jobs/worker-main.ts says why); the summary names the young generation's size it ran with.
import { cpus, loadavg } from "node:os";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveCombatPhase, type GameState, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { makeRand, randomOrders, refusedOrders, syntheticBoard, syntheticOrders } from "../support/random-orders";

type Orders = Partial<Record<Nation, Order[]>>;

const GOAL_DEFAULT_MS = 2;
const GOAL_SYNTHETIC_MS = 200;
const COPIES = 100;
/** Linear growth with room for what a larger working set costs the caches. */
const GOAL_GROWTH = 130;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[i]!;
}

function orderCount(orders: Orders): number {
  return NATIONS.reduce((s, n) => s + (orders[n]?.length ?? 0), 0);
}

/** This process's CPU time so far (ms): a busy shared machine inflates wall time, much less this. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Time `runs` combat phases after `warmup` untimed ones, cycling over the order sets: wall and CPU ms, each sorted. */
function time(state: GameState, sets: Orders[], warmup: number, runs: number): number[] & { cpu: number[] } {
  for (let i = 0; i < warmup; i++) resolveCombatPhase({ state, orders: sets[i % sets.length]!, seed: `warm-${i}` });
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const orders = sets[i % sets.length]!;
    const t0 = performance.now();
    const c0 = cpuNow();
    resolveCombatPhase({ state, orders, seed: `bench-${i}` });
    cpu.push(cpuNow() - c0);
    ms.push(performance.now() - t0);
  }
  return Object.assign(ms.sort((a, b) => a - b), { cpu: cpu.sort((a, b) => a - b) });
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
const verdict = (ms: number, goal: number) => (ms <= goal ? "PASS" : "FAIL");

// (a) the default board: 50 order sets, every unit group ordered (hold 0), generated before timing.
const small = createState(DEFAULT_BOARD, DEFAULT_SETUP);
let t = performance.now();
const smallSets = Array.from({ length: 50 }, (_, i) => randomOrders(small, makeRand(1000 + i), { hold: 0 }));
const smallGen = performance.now() - t;
const smallRefused = smallSets.reduce((s, o) => s + refusedOrders(small, o).length, 0);
const smallOrders = smallSets.map(orderCount);
const a = time(small, smallSets, 500, 1000);
const aMedian = percentile(a, 0.5);

console.log("(a) default board, one full turn");
console.log(`    units: ${small.units.length}; orders per set: ${Math.min(...smallOrders)}–${Math.max(...smallOrders)} (mean ${(smallOrders.reduce((s, n) => s + n, 0) / smallOrders.length).toFixed(1)}) over ${smallSets.length} sets; refused: ${smallRefused}; generation ${fmt(smallGen)}`);
console.log(`    resolveCombatPhase over ${a.length} runs: median ${fmt(aMedian)}, p90 ${fmt(percentile(a, 0.9))}, min ${fmt(a[0]!)}, max ${fmt(a[a.length - 1]!)}; CPU median ${fmt(percentile(a.cpu, 0.5))}`);

// (b) the default board tiled 10 and COPIES times: 2 order sets each, generated before timing.
function tiled(copies: number, warmup: number, runs: number) {
  const big = syntheticBoard(copies);
  const state = createState(big.board, big.setup);
  let t0 = performance.now();
  const sets = [1, 2].map((s) => syntheticOrders(copies, makeRand(s), { hold: 0 }));
  const gen = performance.now() - t0;
  t0 = performance.now();
  const refused = sets.reduce((s, o) => s + refusedOrders(state, o).length, 0);
  const check = performance.now() - t0;
  const ms = time(state, sets, warmup, runs);
  console.log(`(b) syntheticBoard(${copies}), one full turn`);
  console.log(`    territories: ${big.board.territories.length}; units: ${state.units.length}; orders per set: ${sets.map(orderCount).join(", ")}; refused: ${refused}; generation ${fmt(gen)}, validation check ${fmt(check)}`);
  console.log(`    resolveCombatPhase over ${ms.length} runs: median ${fmt(percentile(ms, 0.5))}, p90 ${fmt(percentile(ms, 0.9))}, min ${fmt(ms[0]!)}, max ${fmt(ms[ms.length - 1]!)}; CPU median ${fmt(percentile(ms.cpu, 0.5))}`);
  return ms;
}
const b10 = tiled(10, 20, 100);
const b = tiled(COPIES, 4, 15);
const bMedian = percentile(b, 0.5);

// (c) a robot's orders (R3.2) for each nation on the opening board, as the web app asks at every phase.
const robotMs: number[] = [];
for (const nation of NATIONS) robotOrders(small, nation, "warm-up");
for (let i = 0; i < 10; i++)
  for (const nation of NATIONS) {
    const copy = JSON.parse(JSON.stringify(small)) as GameState;
    const t0 = performance.now();
    robotOrders(copy, nation, `bench-${i}`);
    robotMs.push(performance.now() - t0);
  }
robotMs.sort((x, y) => x - y);
console.log("(c) robot orders, one nation, default board");
console.log(`    over ${robotMs.length} runs: median ${fmt(percentile(robotMs, 0.5))}, p90 ${fmt(percentile(robotMs, 0.9))}, max ${fmt(robotMs[robotMs.length - 1]!)}`);

// The flag reaches this process as a tsx or node option, or through NODE_OPTIONS.
const semiSpace = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)].find((a) => a.startsWith("--max-semi-space-size"));
console.log(`summary (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; young generation: ${semiSpace ?? "V8's default semi-space size"})`);
// The curve: linear growth keeps the cost a copy of the board flat from 1× to 100×.
const perCopy = (x: typeof a, copies: number) => `${fmt(percentile(x, 0.5) / copies)} a copy (${(percentile(x, 0.5) / aMedian).toFixed(1)}×)`;
console.log(`    curve, median wall time: 1× ${fmt(aMedian)}; 10× ${fmt(percentile(b10, 0.5))}, ${perCopy(b10, 10)}; ${COPIES}× ${fmt(bMedian)}, ${perCopy(b, COPIES)}`);
console.log(`    (a) median ${fmt(aMedian)}  goal ≤ ${GOAL_DEFAULT_MS} ms  ${verdict(aMedian, GOAL_DEFAULT_MS)}`);
console.log(`    (b) median ${fmt(bMedian)}  goal ≤ ${GOAL_SYNTHETIC_MS} ms  ${verdict(bMedian, GOAL_SYNTHETIC_MS)}`);
const growth = (x: typeof a, copies: number) => `${(percentile(x, 0.5) / aMedian).toFixed(1)}x for ${copies}x the board (CPU time: ${(percentile(x.cpu, 0.5) / percentile(a.cpu, 0.5)).toFixed(1)}x)`;
console.log(`    growth ratio (b/a): ${growth(b10, 10)}; ${growth(b, COPIES)}; goal ≤ ${GOAL_GROWTH}x for ${COPIES}x  ${verdict(bMedian / aMedian, GOAL_GROWTH)}`);
