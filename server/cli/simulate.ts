// npm run simulate -- --games N --seed S [--turns T] — five-robot games to victory or a turn limit.
// Prints who won, in how many turns, and time per turn; fails on an engine error or an illegal order.
import { parseArgs } from "node:util";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveTurn, validateOrders, type Order, type Nation } from "../rulesets/1942/engine";
import { robotOrders } from "../rulesets/1942/robots/robot";

// 40 turns: long enough for most robot games to reach a victory (R8.6), short enough to stay quick.
const { values } = parseArgs({ options: { games: { type: "string", default: "5" }, seed: { type: "string", default: "sim" }, turns: { type: "string", default: "40" } } });
const games = Number(values.games);
const turns = Number(values.turns);
let illegal = 0;
let errors = 0;
const wins: Record<string, number> = { Axis: 0, Allies: 0, none: 0 };
const perTurn: number[] = [];
const perRobot: number[] = [];
const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0;
for (let g = 0; g < games; g++) {
  let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  let winner: string | null = null;
  let turn = 1;
  const gameTurns: number[] = [];
  try {
    for (; turn <= turns && !winner; turn++) {
      const t0 = performance.now();
      const orders: Partial<Record<Nation, Order[]>> = {};
      for (const nation of NATIONS) {
        const r0 = performance.now();
        const list = robotOrders(state, nation, `${values.seed}|${g}|${turn}`);
        perRobot.push(performance.now() - r0);
        const refused = validateOrders(state, nation, list).results.filter((r) => !r.ok);
        for (const r of refused) console.error(`game ${g + 1} turn ${turn}: ${nation} gave an illegal order: ${r.ok ? "" : r.message}`);
        illegal += refused.length;
        orders[nation] = list;
      }
      const result = resolveTurn({ state, orders, seed: `${values.seed}|${g}|${turn}|dice` });
      state = result.state;
      winner = result.report.victory.winner;
      gameTurns.push(performance.now() - t0);
    }
  } catch (error) {
    errors += 1;
    console.error(`game ${g + 1}: engine error in turn ${turn}:`, error);
  }
  perTurn.push(...gameTurns);
  wins[winner ?? "none"]! += 1;
  const mean = gameTurns.reduce((s, t) => s + t, 0) / Math.max(1, gameTurns.length);
  console.log(`game ${g + 1}: ${winner ? `${winner} won` : "no winner"} after ${turn - 1} turn(s), ${mean.toFixed(1)} ms per turn`);
}
console.log(
  `${games} games: Axis ${wins.Axis}, Allies ${wins.Allies}, no winner ${wins.none}; ${perTurn.length} turns, median ${quantile(perTurn, 0.5).toFixed(1)} ms per turn (robots' orders included)`,
);
console.log(`one robot's orders: median ${quantile(perRobot, 0.5).toFixed(1)} ms, 95th percentile ${quantile(perRobot, 0.95).toFixed(1)} ms, max ${quantile(perRobot, 1).toFixed(1)} ms`);
console.log(`engine errors: ${errors}; illegal robot orders: ${illegal}`);
process.exitCode = errors > 0 || illegal > 0 ? 1 : 0;
