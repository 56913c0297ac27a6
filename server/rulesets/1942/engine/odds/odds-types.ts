// What exact battle odds take and give (R6, with R5.1 AA fire and R5.5 bombardment): the input, each
// side's result, the battle's outcomes, and one way a battle ends (for whole-turn odds).
import type { Nation, UnitCounts, UnitType } from "../types";
import type { Flight } from "./flights";
import type { Forces, SideChoices } from "./side";

export interface OddsInput {
  attacker: Forces;
  defender: Forces;
  /** A sea battle: no territory to take. */
  sea?: boolean;
  /** R6.8. */
  lowLuck?: boolean;
  /** R5.1: the defender's AA guns (any `aaGun` in its forces) fire once at each attacking aircraft on entering. */
  aa?: boolean;
  /**
   * R5.1 on the way: the attacker's air orders (their aircraft are in `attacker` too) and the hostile
   * AA territories on each one's path that fire at it before the battle, priced order by order
   * (`aa` then fires at what is left: leave it off when the flights count the battle's own AA).
   */
  flights?: Flight[];
  /** R6.4: battleships (counted in the forces) that start the battle damaged, per side and nation — a battle priced from the middle. */
  damaged?: { attacker?: Partial<Record<Nation, number>>; defender?: Partial<Record<Nation, number>> };
  /** R5.5: the number of the attacker's battleships bombarding before round 1 (amphibious assault). */
  bombard?: number;
  attackerChoices?: SideChoices;
  defenderChoices?: SideChoices;
}

export interface SideResult {
  /** Expected number of each type left (in the battle, withdrawn or submerged), over all outcomes. */
  expectedLeft: UnitCounts;
  /** survivors[type][k] = P(exactly k of that type are left). */
  survivors: Partial<Record<UnitType, number[]>>;
  /** Expected cost of the units lost (R2 cost). */
  expectedLoss: number;
}

export interface OddsResult {
  attackerWins: number;
  /** The defender won without the attacker withdrawing. */
  defenderWins: number;
  /** No unit left on either side. */
  bothDestroyed: number;
  /** Neither side can hurt the other: both stay (R6.10). */
  draw: number;
  /** The attacker's last units left the battle by withdrawal or submerging (R6.7). */
  attackerWithdrew: number;
  /** A land battle won with a land unit left (R6.10). */
  taken: number;
  expectedRounds: number;
  attacker: SideResult;
  defender: SideResult;
  /** [defender's loss − attacker's loss in cost, probability], by value: the TUV swing. */
  swing: [number, number][];
  /** Upper bound of the probability mass dropped as negligible. */
  pruned: number;
}

/** How a battle ended (the five outcomes of OddsResult). */
export type EndKind = "attackerWins" | "defenderWins" | "bothDestroyed" | "draw" | "attackerWithdrew";

/** One way a battle ends: its kind and the units of each side still in it (withdrawn and wiped-out units not counted). */
export interface BattleEnd {
  kind: EndKind;
  taken: boolean;
  attacker: Forces;
  defender: Forces;
  p: number;
}

/** Sees every end of a battle with its probability mass. */
export type EndRecorder = (kind: EndKind, taken: boolean, attacker: Forces, defender: Forces, p: number) => void;
