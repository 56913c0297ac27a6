// The map's board (the classic screen's Board: stacks, owners, treasuries) from a 1942 state as the
// ruleset's view gives it: units grouped per nation, type, place and whether aboard, as the classic
// game's view groups them (server/services/view.ts groupUnits), so the same map draws it.
import type { GameState } from "../../../../server/rulesets/1942/engine/state";
import type { Board, UnitStack } from "../../../game/[id]/game-types";

export function boardOfState(state: GameState): Board {
  const stacks = new Map<string, UnitStack>();
  for (const u of state.units) {
    const key = `${u.nation}|${u.type}|${u.at}|${u.aboard !== undefined}`;
    const stack = stacks.get(key);
    if (stack) stack.count += 1;
    else stacks.set(key, { nation: u.nation, type: u.type, at: u.at, count: 1, ...(u.aboard !== undefined ? { aboard: true as const } : {}) });
  }
  return { units: [...stacks.values()], owners: state.owners, treasury: state.treasury };
}
