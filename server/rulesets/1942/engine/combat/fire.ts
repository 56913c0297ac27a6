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

/** One die of the record: a shooter's roll, a hit on ≤ its value (R6.4). */
export type DieRecord = NonNullable<FireRecord["dice"]>[number];

/** Fire a group: one die each (hit on ≤ value), or R6.8 low luck over the group's total. */
export function fire(shooters: readonly Shooter[], stream: DiceStream, lowLuck: boolean): FireRecord {
  const firing = firingInIdOrder(shooters);
  if (lowLuck) return lowLuckFire(firing.reduce((sum, s) => sum + s.value, 0), stream);
  let hits = 0; // counted as rolled: no second list of the hits
  const dice = firing.map((s) => {
    const die = rollDie(stream, s.id, s.nation, s.type, s.value);
    if (die.hit) hits++;
    return die;
  });
  return { dice, hits };
}

/** R6.4 — one shooter's die. Shared with a battle that fires its units without a list of shooters. */
export function rollDie(stream: DiceStream, unit: number, nation: Nation, type: UnitType, value: number): DieRecord {
  const roll = stream.d6();
  return { unit, type, nation, value, roll, hit: roll <= value };
}

/** R6.8 — low luck over a group's total firing value: a sixth of it sure, a die for the rest. */
export function lowLuckFire(total: number, stream: DiceStream): FireRecord {
  const sure = Math.floor(total / 6);
  const remainder = total % 6;
  if (remainder === 0) return { lowLuck: { total, sure, remainder }, hits: sure };
  const roll = stream.d6();
  return { lowLuck: { total, sure, remainder, roll }, hits: sure + (roll <= remainder ? 1 : 0) };
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
