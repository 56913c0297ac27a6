// R2 — the unit table, as data of the ruleset.
import type { Medium, UnitType } from "./types";
import { UNIT_TYPES } from "./types";

export interface UnitStats {
  cost: number;
  /** Attack and defense values; 0 for units that never fire. */
  attack: number;
  defense: number;
  move: number;
  /** Hits it takes to destroy; 0 for units that are never a casualty (aaGun, factory). */
  hits: number;
  medium: Medium;
}

export const UNIT_STATS: Readonly<Record<UnitType, UnitStats>> = {
  infantry: { cost: 3, attack: 1, defense: 2, move: 1, hits: 1, medium: "land" },
  artillery: { cost: 4, attack: 2, defense: 2, move: 1, hits: 1, medium: "land" },
  armour: { cost: 5, attack: 3, defense: 3, move: 2, hits: 1, medium: "land" },
  aaGun: { cost: 6, attack: 0, defense: 0, move: 1, hits: 0, medium: "land" },
  factory: { cost: 15, attack: 0, defense: 0, move: 0, hits: 0, medium: "land" },
  fighter: { cost: 10, attack: 3, defense: 4, move: 4, hits: 1, medium: "air" },
  bomber: { cost: 12, attack: 4, defense: 1, move: 6, hits: 1, medium: "air" },
  transport: { cost: 7, attack: 0, defense: 0, move: 2, hits: 1, medium: "sea" },
  submarine: { cost: 6, attack: 2, defense: 1, move: 2, hits: 1, medium: "sea" },
  destroyer: { cost: 8, attack: 2, defense: 2, move: 2, hits: 1, medium: "sea" },
  cruiser: { cost: 12, attack: 3, defense: 3, move: 2, hits: 1, medium: "sea" },
  carrier: { cost: 14, attack: 1, defense: 2, move: 2, hits: 1, medium: "sea" },
  battleship: { cost: 20, attack: 4, defense: 4, move: 2, hits: 2, medium: "sea" },
};

/** R2 transport: 2 land units, at most one of them not infantry. */
export const TRANSPORT_CAPACITY = 2;
/** R2 carrier: 2 fighter landing places. */
export const CARRIER_CAPACITY = 2;

/** R4 preamble: AA guns and factories never block, stop, fight, die or count in a value. */
export function isCombatUnit(type: UnitType): boolean {
  return type !== "aaGun" && type !== "factory";
}

export function mediumOf(type: UnitType): Medium {
  return UNIT_STATS[type].medium;
}

export function isShip(type: UnitType): boolean {
  return UNIT_STATS[type].medium === "sea";
}

export function isAir(type: UnitType): boolean {
  return UNIT_STATS[type].medium === "air";
}

/** Land units that fight: infantry, artillery, armour (not AA guns, not factories). */
export function isLandUnit(type: UnitType): boolean {
  return UNIT_STATS[type].medium === "land" && isCombatUnit(type);
}

export function costOf(type: UnitType): number {
  return UNIT_STATS[type].cost;
}

/** Position in the R2 table, used by the R6.9 tie-break. */
export function tableIndex(type: UnitType): number {
  return UNIT_TYPES.indexOf(type);
}

export function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}
