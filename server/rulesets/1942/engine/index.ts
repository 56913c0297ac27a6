// The engine's public API. Pure TypeScript: no clock, no randomness but seeded dice, no I/O.
export * from "./types";

/** Stored with every phase, so a stored phase is re-adjudicated by the engine that made it (R3.3). */
export const ENGINE_VERSION = "1.1.0"; // 1.1: conflicts name each order's nation; a unit sunk by the same choice is not also damaged
export { UNIT_STATS, TRANSPORT_CAPACITY, CARRIER_CAPACITY } from "./units";
export { teamOf, isHostile, nationIndex } from "./teams";
export { indexBoard, type Board } from "./board/board";
export { DEFAULT_BOARD, DEFAULT_SETUP } from "./board/default-board";
export { createState, type GameState, type Unit } from "./state";
export { groupUnits } from "./stacks";
export type { Order, MoveOrder, PurchaseOrder, LoadSpec, Validation, Refusal } from "./orders/types";
export { isPurchase } from "./orders/types";
export { validateOrders, validateOrder } from "./orders/validate";
export { legalDestinations, type Destination, type UnitGroup } from "./orders/legal-destinations";
export { resolveCombatPhase, type CombatInput, type CombatResult, type Waiting } from "./combat-phase";
export { recordOf, recordedPolicy, type DecisionRecord } from "./combat/decisions";
export { finishTurn, resolveTurn, type TurnReport, type PostCombatOrders } from "./turn";
export { landAircraft, type LandingOrder, type LandingReport } from "./postcombat/landing";
export { moveAaGuns, type AaMove, type AaMoveReport } from "./postcombat/aa-moves";
export { postCombatChoices, type AirChoice, type AaGunChoice, type PostCombatChoices } from "./postcombat/options";
export { endTurn, incomeOf, victoryOf, type PlacementReport, type VictoryReport } from "./economy/turn-end";
// R9 house rules (HouseRules and VictoryCity come with ./types).
export { purchaseCost } from "./orders/purchase";
export { factoryRoom, type FactoryRoom } from "./orders/factory-room";
export { MAJOR_VICTORY, victoryCitiesOf, victoryPoints, type VictoryCityReport, type VictoryPointsReport } from "./economy/victory-cities";
export { factoryCost, infantryLimits, productionCap, type InfantryLimit } from "./economy/vc-placement";
export { commerceRaids, type CommerceRaidReport, type CommerceZoneReport, type CommerceFactoryReport, type CommerceRoll } from "./economy/commerce-raiding";
export {
  openBattle,
  advanceBattle,
  decideBattle,
  fightBattle,
  defaultPolicy,
  defaultDecision,
  type BattleState,
  type PolicyAnswer,
  type Decision,
  type DecisionPolicy,
  type DecisionRequest,
} from "./combat/battle";
export { diceStream, phaseDice, type Dice, type DiceStream } from "./rng";
export type * from "./report";
export { exactOdds, type OddsInput, type OddsResult, type SideResult, type Forces, type SideChoices } from "./odds";
// Whole-turn odds (issue 24): the robots price a planned turn's attacks together with them.
export { turnOdds, type TurnOdds, type TurnBattle, type TurnOddsInput } from "./odds/turn-odds";
export { attackSuccess, type Objective } from "./odds/turn-objectives";
