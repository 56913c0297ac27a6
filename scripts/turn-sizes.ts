// npx tsx scripts/turn-sizes.ts [sizes] — the CPU time of one combat phase on the default board and on
// 10 and 100 copies of it (the bench's order sets, tests/bench/turn.bench.ts), medians of process CPU
// time, which a busy machine inflates much less than wall time. One engine a process: to compare two
// engines, export each tree whole (`git archive <commit> | tar -x -C /tmp/x`) and run this script
// from each, old and new alternately (docs/engine.md). SIZES="1,10,100" picks the sizes.
import { loadavg } from "node:os";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, resolveCombatPhase, type GameState, type Order, type Nation } from "../server/rulesets/1942/engine";
import { makeRand, randomOrders, syntheticBoard, syntheticOrders } from "../tests/support/random-orders";

type Orders = Partial<Record<Nation, Order[]>>;
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(state: GameState, sets: Orders[], warmup: number, runs: number): { cpu: number; wall: number } {
  for (let i = 0; i < warmup; i++) resolveCombatPhase({ state, orders: sets[i % sets.length]!, seed: `warm-${i}` });
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = cpuNow();
    resolveCombatPhase({ state, orders: sets[i % sets.length]!, seed: `bench-${i}` });
    cpu.push(cpuNow() - c0);
    wall.push(performance.now() - t0);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

const sizes = (process.env.SIZES ?? "1,10,100").split(",").map(Number);
const out: string[] = [];
for (const copies of sizes) {
  let r: { cpu: number; wall: number };
  if (copies === 1) {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const sets = Array.from({ length: 50 }, (_, i) => randomOrders(state, makeRand(1000 + i), { hold: 0 }));
    r = time(state, sets, 300, 1000);
  } else {
    const big = syntheticBoard(copies);
    const state = createState(big.board, big.setup);
    const sets = [1, 2].map((s) => syntheticOrders(copies, makeRand(s), { hold: 0 }));
    r = copies >= 100 ? time(state, sets, 4, 15) : time(state, sets, 20, 100);
  }
  out.push(`${copies}× CPU ${r.cpu.toFixed(copies === 1 ? 3 : 1)} ms (wall ${r.wall.toFixed(copies === 1 ? 3 : 1)})`);
}
// The peak resident memory of the whole process (all sizes run so far): what a larger young generation costs.
console.log(`${out.join("; ")}; max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; load ${loadavg()[0]!.toFixed(1)}`);
