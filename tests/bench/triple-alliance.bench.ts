// Bench of one Triple Alliance turn (`npm run bench`): 40 units a side on the Tuyutí table (trenches and the rise kept), a mix
// of moves, marches, charges and volleys, everything stepped and checked. Goal ≤ 10 ms (median).
// It measures; it never fails.
import { tripleAlliance as ta } from "../../server/rulesets/triple-alliance";
import type { Orders, State, Unit, UnitOrder } from "../../server/rulesets/triple-alliance/types";
import { validateOrders } from "../../server/rulesets/triple-alliance/validate";

const GOAL_MS = 10;
const setup = ta.setup("tuyuti", undefined, "bench");
if (!setup.ok) throw new Error(setup.message);
const state: State = setup.state;
// Two armies of 40 on an open stretch of the table: four ranks of ten, 150 mm between the fronts.
state.battlefield.areas = state.battlefield.areas.filter((a) => a.kind === "trench" || a.kind === "hill");
const units: Unit[] = [];
const arms = ["infantry", "infantry", "cavalry", "artillery"] as const;
for (const [side, y0, facing, sign] of [["paraguay", 880, 270, 1], ["brazil", 700, 90, -1]] as const) {
  for (let i = 0; i < 40; i++) {
    const rank = Math.floor(i / 10);
    const arm = arms[rank]!;
    units.push({
      id: `${side === "paraguay" ? "P" : "B"}${i}`, name: `${side} ${i}`, side, nation: side === "paraguay" ? "Paraguay" : "Argentina",
      arm, weapon: arm === "infantry" ? "musket" : arm === "artillery" ? "smoothbore" : "none", rating: "trained",
      formation: arm === "artillery" ? "unlimbered" : "line", pos: { x: 300 + (i % 10) * 180, y: y0 + sign * rank * 110 }, facing, hits: 0,
    });
  }
}
state.units = units;
state.sides = ["paraguay", "brazil"];
state.startUnits = { Paraguay: 40, Allies: 40 };
const orders: Record<string, Orders> = {};
for (const side of state.sides) {
  const mine = units.filter((u) => u.side === side);
  const foes = units.filter((u) => u.side !== side);
  const o: Record<string, UnitOrder> = {};
  mine.forEach((u, i) => {
    const facing = foes[i]!;
    if (u.arm === "infantry" && i < 10 && i % 2 === 0) o[u.id] = { charge: facing.id };
    else if (u.arm === "infantry" && i < 10) o[u.id] = { shoot: facing.id };
    else if (u.arm === "artillery") o[u.id] = { shoot: foes[i - 30]!.id };
    else o[u.id] = { move: { distance: u.arm === "cavalry" ? 200 : 100, endFace: u.facing } };
  });
  orders[side] = { units: o };
  const v = validateOrders(state, side, orders[side]!);
  if (!v.ok) throw new Error(v.message);
}

const run = (i: number) => ta.resolve(state, orders, null, `bench-${i}`);
const first = run(0);
for (let w0 = performance.now(), i = 0; performance.now() - w0 < 500; i++) run(i);
const times: number[] = [];
for (let i = 0, t0 = performance.now(); i < 30 || performance.now() - t0 < 1500; i++) {
  const t = performance.now();
  run(i);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
const count = (k: string) => first.report.lines.filter((l) => l.kind === k).length;
console.log(`(f) Triple Alliance: one turn, 40 units a side (${count("move")} moves, ${count("shot")} volleys, ${count("melee")} hand-to-hand, ${first.report.lines.length} report lines)`);
console.log(`    median ${median.toFixed(2)} ms over ${times.length} runs (goal ≤ ${GOAL_MS} ms) ${median <= GOAL_MS ? "ok" : "OVER GOAL"}`);
