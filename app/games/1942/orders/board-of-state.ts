// The map's board (the classic screen's Board: stacks, owners, treasuries) from a 1942 state as the
// ruleset's view gives it, its units grouped as the classic game's view groups them (engine/stacks.ts),
// so the same map draws it.
import type { GameState } from "../../../../server/rulesets/1942/engine/state";
import { groupUnits } from "../../../../server/rulesets/1942/engine/stacks";
import type { Board } from "../../../game/[id]/game-types";

export function boardOfState(state: GameState): Board {
  return { units: groupUnits(state.units), owners: state.owners, treasury: state.treasury };
}
