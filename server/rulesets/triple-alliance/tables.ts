// The numbers of the rulebook kept as data (TA1.2, TA4.1, TA6.3 and the decisions the seed leaves open).
import tablesJson from "./data/tables.json";
import type { Arm, Rating, Weapon } from "./types";

export const T = tablesJson;

export interface WeaponRanges {
  close: number;
  closeMod: number;
  long: number;
  longMod: number;
}
export const weaponRanges = (w: Weapon): WeaponRanges | null => (w === "none" ? null : T.weapons[w]);
export const ratingMod = (r: Rating): number => T.rating[r];
export const baseSize = (arm: Arm): { width: number; depth: number } => T.bases[arm];
