// Core vocabulary of the rulebook (RULES.md), shared by every engine module.

/** R1.1 — the fixed nation order used by every tie-break. */
export const NATIONS = ["Russia", "Germany", "United Kingdom", "Japan", "United States"] as const;
export type Nation = (typeof NATIONS)[number];

export type Team = "Axis" | "Allies";
export const TEAMS: readonly Team[] = ["Axis", "Allies"];

/** R2 — the order of this list is the table order used by R6.9 tie-breaks. */
export const UNIT_TYPES = [
  "infantry",
  "artillery",
  "armour",
  "aaGun",
  "factory",
  "fighter",
  "bomber",
  "transport",
  "submarine",
  "destroyer",
  "cruiser",
  "carrier",
  "battleship",
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export type Medium = "land" | "air" | "sea";
export type TerritoryKind = "land" | "sea";

/** A count per unit type, e.g. `{infantry: 2, armour: 1}`. */
export type UnitCounts = Partial<Record<UnitType, number>>;

/** R1.2 — one territory of a board as data. */
export interface TerritoryData {
  id: string;
  kind: TerritoryKind;
  /** Economic value; sea zones have 0. */
  value?: number;
  /** Land only. */
  owner?: Nation;
  /** Land only; defaults to `owner`. */
  originalOwner?: Nation;
  capitalOf?: Nation;
  /** R9.1 — land only: the victory city (or cities) in this territory. */
  victoryCity?: VictoryCity | VictoryCity[];
}

/** R9.1 — a victory city: worth `points` (5 capital, 3 major, 2 moderate, 1 minor). */
export interface VictoryCity {
  name: string;
  points: number;
  /** The nation whose victory city it is (R9.2 "originally owned"); defaults to the territory's original owner. */
  nation?: Nation;
}

/** R9 — optional house rules, game options carried in the state; every one is off when absent. */
export interface HouseRules {
  /** R9.1 — victory city points, and the major victory at 40 (Axis) / 50 (Allies) points. */
  victoryCities?: boolean;
  /** R9.1 — minor victory: the team with more points at the end of this turn (or, if tied, the first later turn) wins. */
  minorVictoryTurn?: number;
  /** R9.2 — infantry are raised at victory cities; non-infantry limited by cost at factories; factory cost by formula. */
  vcInfantry?: boolean;
  /** R9.3 — commerce raiding at income. */
  commerceRaiding?: boolean;
}

/** R1.3 — a canal is an edge between two sea zones, controlled by land territories. */
export interface CanalData {
  between: [string, string];
  controlledBy: string[];
}

/** A board as data (RULES.md Appendix A `board`). */
export interface BoardData {
  territories: TerritoryData[];
  edges: [string, string][];
  canals?: CanalData[];
  economicVictory?: number;
}

/** A stack of units as data (Appendix A `units`). Cargo rides on the stack's transports. */
export interface UnitStackData {
  nation: Nation;
  type: UnitType;
  at: string;
  count: number;
  cargo?: { type: UnitType; count: number }[];
}

/** A nation's starting position: units and treasury (Appendix A `units`, `treasury`). */
export interface SetupData {
  units: UnitStackData[];
  treasury: Partial<Record<Nation, number>>;
}
