// npm run simulate -- --games N --seed S [--turns T] — five-robot games to victory or a turn limit.
// Prints who won, in how many turns, and time per turn; fails on an engine error or an illegal order.
import { parseArgs } from "node:util";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveTurn, validateOrders, type Order, type Nation } from "../engine";
import { robotOrders } from "../robots/robot";

const { values } = parseArgs({ options: { games: { type: "string", default: "5" }, seed: { type: "string", default: "sim" }, turns: { type: "string", default: "15" } } });
const games = Number(values.games);
const turns = Number(values.turns);
let illegal = 0;
let errors = 0;
const wins: Record<string, number> = { Axis: 0, Allies: 0, none: 0 };
const perTurn: number[] = [];
for (let g = 0; g < games; g++) {
  let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  let winner: string | null = null;
  let turn = 1;
  try {
    for (; turn <= turns && !winner; turn++) {
      const t0 = performance.now();
      const orders: Partial<Record<Nation, Order[]>> = {};
      for (const nation of NATIONS) {
        const list = robotOrders(state, nation, `${values.seed}|${g}|${turn}`);
        illegal += validateOrders(state, nation, list).results.filter((r) => !r.ok).length;
        orders[nation] = list;
      }
      const result = resolveTurn({ state, orders, seed: `${values.seed}|${g}|${turn}|dice` });
      state = result.state;
      winner = result.report.victory.winner;
      perTurn.push(performance.now() - t0);
    }
  } catch (error) {
    errors += 1;
    console.error(`game ${g + 1}: engine error in turn ${turn}:`, error);
  }
  wins[winner ?? "none"]! += 1;
  console.log(`game ${g + 1}: ${winner ? `${winner} won` : "no winner"} after ${turn - 1} turn(s)`);
}
perTurn.sort((a, b) => a - b);
const median = perTurn[Math.floor(perTurn.length / 2)] ?? 0;
console.log(`${games} games: Axis ${wins.Axis}, Allies ${wins.Allies}, no winner ${wins.none}; ${perTurn.length} turns, median ${median.toFixed(1)} ms per turn (robots' orders included)`);
console.log(`engine errors: ${errors}; illegal robot orders: ${illegal}`);
process.exitCode = errors > 0 || illegal > 0 ? 1 : 0;
