// What a purchase costs (R2), with the factory price of house rule R9.2 when the game uses it: the
// same engine function the adjudicator charges with.
import { DEFAULT_BOARD } from "../../../server/rulesets/1942/engine/board/default-board";
import { indexBoard } from "../../../server/rulesets/1942/engine/board/board";
import { factoryCost } from "../../../server/rulesets/1942/engine/economy/vc-placement";
import type { UnitType } from "../../../server/rulesets/1942/engine/types";
import { UNIT_STATS } from "../../../server/rulesets/1942/engine/units";

const BOARD = indexBoard(DEFAULT_BOARD);

export function unitPrice(type: UnitType, destination: string, vcFactories: boolean): number {
  if (type === "factory" && vcFactories && BOARD.has(destination)) return factoryCost(BOARD, destination);
  return UNIT_STATS[type].cost;
}
