// Bench of the exact odds (`npm run bench`, after the turn bench): four land battles, each priced
// exactly (median of several runs) and by a 2,000-run Monte Carlo of the engine's own battle code,
// side by side; then whole turns. It measures; it never fails.
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveTurn, type Order } from "../../server/rulesets/1942/engine";
import { exactOdds, type OddsInput } from "../../server/rulesets/1942/engine/odds";
import { turnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { fightWithEngine } from "../support/engine-battle";

const MC_RUNS = 2000;

const BATTLES: { name: string; goal: number; input: OddsInput }[] = [
  {
    name: "6 inf 2 art 2 arm 2 ftr v 8 inf 1 arm 1 ftr 1 aa",
    goal: 2,
    input: { aa: true, attacker: { Germany: { infantry: 6, artillery: 2, armour: 2, fighter: 2 } }, defender: { Russia: { infantry: 8, armour: 1, fighter: 1, aaGun: 1 } } },
  },
  {
    name: "31 v 28 mixed",
    goal: 2,
    input: { attacker: { Germany: { infantry: 12, artillery: 6, armour: 8, fighter: 3, bomber: 2 } }, defender: { Russia: { infantry: 18, artillery: 4, armour: 4, fighter: 2 } } },
  },
  {
    name: "76 v 73 mixed",
    goal: 10,
    input: { attacker: { Germany: { infantry: 30, artillery: 15, armour: 20, fighter: 8, bomber: 3 } }, defender: { Russia: { infantry: 45, artillery: 10, armour: 12, fighter: 6 } } },
  },
  {
    name: "150 v 149 mixed",
    goal: 100,
    input: { attacker: { Germany: { infantry: 60, artillery: 30, armour: 40, fighter: 15, bomber: 5 } }, defender: { Russia: { infantry: 90, artillery: 20, armour: 25, fighter: 14 } } },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log("(d) exact battle odds against a 2,000-run Monte Carlo of the engine's battle code");
for (const { name, goal, input } of BATTLES) {
  // Warm up for at least 300 ms (the compiler settles), then time at least 9 runs and 500 ms.
  let odds = exactOdds(input);
  for (const w0 = performance.now(); performance.now() - w0 < 300; ) odds = exactOdds(input);
  const times: number[] = [];
  for (let i = 0, t = performance.now(); i < 9 || performance.now() - t < 500; i++) {
    const t0 = performance.now();
    odds = exactOdds(input);
    times.push(performance.now() - t0);
  }
  const exact = median(times);
  const fastest = Math.min(...times);
  const t0 = performance.now();
  let wins = 0;
  for (let i = 0; i < MC_RUNS; i++) if (fightWithEngine(input, `bench ${i}`).taken) wins++;
  const mc = performance.now() - t0;
  const speedup = mc / exact;
  console.log(`    ${name}`);
  console.log(
    `      exact ${exact.toFixed(2)} ms median, ${fastest.toFixed(2)} ms fastest of ${times.length} (goal ≤ ${goal} ms: ${exact <= goal ? "PASS" : "FAIL"}), taken ${(odds.taken * 100).toFixed(4)} %, pruned ≤ ${odds.pruned.toExponential(1)}`,
  );
  console.log(`      Monte Carlo ${MC_RUNS} runs ${mc.toFixed(0)} ms, taken ${((wins / MC_RUNS) * 100).toFixed(1)} %; exact is ${speedup.toFixed(0)}× faster (goal ≥ 20×: ${speedup >= 20 ? "PASS" : "FAIL"})`);
}

// (e) Whole-turn odds: each nation's robot orders on the default board's turn 1, every battle of the
// turn priced exactly with the landings conditioned on the sea battles (median of several runs).
const TURN_GOAL_MS = 200;
const opening = createState(DEFAULT_BOARD, DEFAULT_SETUP);
console.log("(e) whole-turn odds: each nation's robot orders on the default board, turn 1");
const everyone = Object.fromEntries(NATIONS.map((n) => [n, robotOrders(opening, n, "bench")]));
for (const [nation, orders] of [...NATIONS.map((n) => [n, { [n]: everyone[n] }] as const), ["all five nations at once", everyone] as const]) {
  let odds = turnOdds({ state: opening, orders });
  for (const w0 = performance.now(); performance.now() - w0 < 200; ) odds = turnOdds({ state: opening, orders });
  const times: number[] = [];
  for (let i = 0, t = performance.now(); i < 9 || performance.now() - t < 300; i++) {
    const t0 = performance.now();
    odds = turnOdds({ state: opening, orders });
    times.push(performance.now() - t0);
  }
  const ms = median(times);
  const sea = odds.battles.filter((b) => b.pass === "sea").length;
  const landings = odds.battles.filter((b) => b.dependsOn.length > 0).length;
  const all = odds.probability({ and: odds.battles.map((b) => (b.pass === "land" ? { owned: b.territory, team: b.attacker } : { cleared: b.territory, team: b.attacker })) });
  console.log(
    `    ${nation}: ${odds.battles.length} battles (${sea} at sea, ${landings} landings hanging on one${odds.battles.some((b) => b.approximate) ? `, ${odds.battles.filter((b) => b.approximate).length} meetings` : ""}), ${ms.toFixed(2)} ms median of ${times.length} (goal ≤ ${TURN_GOAL_MS} ms: ${ms <= TURN_GOAL_MS ? "PASS" : "FAIL"}), every battle won ${(all * 100).toFixed(2)} %`,
  );
}

// (f) Whole-turn odds later in a game: robots play ten turns from the opening (`resolveTurn`); each
// turn every nation's own orders are priced as a draft, and the five together as the whole turn.
console.log("(f) whole-turn odds over ten robot turns: each nation's draft, and all five at once");
{
  let state = opening;
  const drafts: { ms: number; battles: number }[] = [];
  const wholes: { ms: number; battles: number }[] = [];
  const timed = (orders: Partial<Record<(typeof NATIONS)[number], Order[]>>) => {
    const t0 = performance.now();
    const odds = turnOdds({ state, orders });
    return { ms: performance.now() - t0, battles: odds.battles.length };
  };
  for (let turn = 1; turn <= 10; turn++) {
    const orders = Object.fromEntries(NATIONS.map((n) => [n, robotOrders(state, n, `bench ${turn}`)]));
    for (const n of NATIONS) drafts.push(timed({ [n]: orders[n] }));
    wholes.push(timed(orders));
    state = resolveTurn({ state, orders, seed: `bench ${turn} dice` }).state;
  }
  for (const [name, runs] of [["a nation's draft", drafts], ["all five at once", wholes]] as const) {
    const ms = runs.map((r) => r.ms);
    const six = runs.filter((r) => r.battles >= 6).map((r) => r.ms);
    console.log(
      `    ${name}: ${runs.length} turns, battles ${Math.min(...runs.map((r) => r.battles))}–${Math.max(...runs.map((r) => r.battles))}, median ${median(ms).toFixed(2)} ms, slowest ${Math.max(...ms).toFixed(2)} ms; with 6 or more battles: ${six.length} turns, median ${six.length ? median(six).toFixed(2) : "–"} ms (goal ≤ ${TURN_GOAL_MS} ms: ${six.every((t) => t <= TURN_GOAL_MS) ? "PASS" : "FAIL"})`,
    );
  }
}
