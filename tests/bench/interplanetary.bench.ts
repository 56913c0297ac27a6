// Bench of one Interplanetary turn (`npm run bench`): six armed ships plotting at once among 30
// pieces of ordnance (mines, missiles, torpedoes), guns firing, everything traced. Goal ≤ 5 ms
// (median). It measures; it never fails.
import { interplanetary as ip } from "../../server/rulesets/interplanetary";
import { DIRS, ring, hex } from "../../server/rulesets/interplanetary/hex";
import type { Orders, State } from "../../server/rulesets/interplanetary/types";

const GOAL_MS = 5;
const sides = ["A", "B", "C", "D", "E", "F"];
const setup = ip.setup("last-man-standing", { sides, loadouts: Object.fromEntries(sides.map((s) => [s, { guns: 2, extraFuel: 0, ordnance: { mine: 1, rocket: 1 } }])) }, "bench");
if (!setup.ok) throw new Error(setup.message);
const state: State = setup.state;
// Bring the ships together so guns are in range and courses cross.
state.ships.forEach((s, i) => {
  s.pos = ring(hex(-4, 12), 3)[i * 3]!;
  s.vel = { q: i % 2 ? 1 : -1, r: i % 3 ? 1 : 0 };
});
const kinds = ["mine", "missile", "torpedo"] as const;
for (let i = 0; i < 30; i++) {
  const at = ring(hex(-4, 12), 1 + (i % 5))[i % 6]!;
  state.ordnance.push({ id: `o${state.nextOrdnance++}`, kind: kinds[i % 3]!, side: sides[i % 6]!, ship: `${sides[i % 6]}-1`, pos: at, vel: { q: (i % 5) - 2, r: (i % 3) - 1 }, pending: [], turnsLeft: 5, fuel: kinds[i % 3] === "torpedo" ? 1 : 0 });
}
const orders: Record<string, Orders> = Object.fromEntries(
  state.ships.map((s, i) => [s.side, { ships: { [s.id]: { burn: DIRS[i % 6], fire: [state.ships[(i + 1) % 6]!.id, state.ships[(i + 2) % 6]!.id], launch: { kind: "mine" as const } } } }]),
);
for (const side of sides) {
  const v = ip.validate(state, side, orders[side]!);
  if (!v.ok) throw new Error(v.message);
}

const run = (i: number) => ip.resolve(state, orders, null, `bench-${i}`);
const first = run(0);
for (let w0 = performance.now(), i = 0; performance.now() - w0 < 300; i++) run(i);
const times: number[] = [];
for (let i = 0, t0 = performance.now(); i < 30 || performance.now() - t0 < 1000; i++) {
  const t = performance.now();
  run(i);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const attacks = first.report.lines.filter((l) => l.kind === "attack" || l.kind === "gun").length;
console.log(`(e) Interplanetary: one turn, 6 ships and ${state.ordnance.length} pieces of ordnance (${attacks} attack rolls, ${first.report.lines.length} report lines)`);
console.log(`    median ${median.toFixed(2)} ms over ${times.length} runs (goal ≤ ${GOAL_MS} ms) ${median <= GOAL_MS ? "ok" : "OVER GOAL"}`);
