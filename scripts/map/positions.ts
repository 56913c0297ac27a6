// Positions to measure the board with: the opening setup, and the board after robot turns played
// with the engine (five robots, fixed seeds: the same position every time, as `npm run simulate`).
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, groupUnits, resolveTurn, type GameState, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import type { UnitStack } from "../../app/game/[id]/game-types";

/** Units grouped into stacks as the game page receives them (the engine's groupUnits). */
export const stacksOf = (state: GameState): UnitStack[] => groupUnits(state.units);

/** The board after `turns` whole turns of five robots (deterministic for a seed). */
export function afterRobotTurns(turns: number, seed = "board"): GameState {
  let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  for (let turn = 1; turn <= turns; turn++) {
    const orders: Partial<Record<Nation, Order[]>> = {};
    for (const nation of NATIONS) orders[nation] = robotOrders(state, nation, `${seed}|${turn}`);
    const result = resolveTurn({ state, orders, seed: `${seed}|${turn}|dice` });
    state = result.state;
    if (result.report.victory.winner) break;
  }
  return state;
}
