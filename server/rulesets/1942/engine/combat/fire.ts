// R6.4, R6.8 — firing: normal dice, low luck (R6.5's support is applied by the battle as it lists its shooters).
import type { DiceStream } from "../rng";
import type { Nation, UnitType } from "../types";
import { sortInPlace } from "../sort";

export interface Shooter {
  id: number;
  nation: Nation;
  type: UnitType;
  value: number;
}

export interface FireRecord {
  /** Normal dice: one roll per shooter. */
  dice?: { unit: number; type: UnitType; nation: Nation; value: number; roll: number; hit: boolean }[];
  /** Low luck: the total, the sure hits and the roll for the remainder, if any. */
  lowLuck?: { total: number; sure: number; remainder: number; roll?: number };
  hits: number;
}

/** Fire a group: one die each (hit on ≤ value), or R6.8 low luck over the group's total. */
export function fire(shooters: readonly Shooter[], stream: DiceStream, lowLuck: boolean): FireRecord {
  const firing = firingInIdOrder(shooters);
  if (lowLuck) {
    const total = firing.reduce((sum, s) => sum + s.value, 0);
    const sure = Math.floor(total / 6);
    const remainder = total % 6;
    if (remainder === 0) return { lowLuck: { total, sure, remainder }, hits: sure };
    const roll = stream.d6();
    return { lowLuck: { total, sure, remainder, roll }, hits: sure + (roll <= remainder ? 1 : 0) };
  }
  let hits = 0; // counted as rolled: no second list of the hits
  const dice = firing.map((s) => {
    const roll = stream.d6();
    if (roll <= s.value) hits++;
    return { unit: s.id, type: s.type, nation: s.nation, value: s.value, roll, hit: roll <= s.value };
  });
  return { dice, hits };
}

/**
 * The shooters with a firing value, by id. A battle lists its units by id and most have a value, so
 * the list usually is that already: then it is used as it is, with no filtered copy and no sort
 * (each sort also allocates its own work array), as this runs for every side of every round.
 */
function firingInIdOrder(shooters: readonly Shooter[]): readonly Shooter[] {
  let ready = true;
  for (let i = 0; i < shooters.length && ready; i++) ready = shooters[i]!.value > 0 && (i === 0 || shooters[i - 1]!.id < shooters[i]!.id);
  if (ready) return shooters;
  return sortInPlace(shooters.filter((s) => s.value > 0), (a, b) => a.id - b.id); // filter makes the copy the sort needs
}
