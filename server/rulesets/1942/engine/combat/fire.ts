// R6.4, R6.5, R6.8 — firing: normal dice, artillery support, low luck.
import type { DiceStream } from "../rng";
import type { Nation, UnitType } from "../types";

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

/**
 * R6.5 — each artillery firing with attack lifts one infantry also firing with attack from 1 to 2.
 * `attacking(i)` tells whether `shooters[i]` fires with attack (asked by place: no map by id a fire).
 */
export function withSupport(shooters: Shooter[], attacking: (index: number) => boolean): Shooter[] {
  let support = 0;
  for (let i = 0; i < shooters.length; i++) if (shooters[i]!.type === "artillery" && attacking(i)) support++;
  return shooters.map((s, i) => {
    if (support > 0 && s.type === "infantry" && attacking(i)) {
      support--;
      return { ...s, value: s.value + 1 };
    }
    return s;
  });
}

/** Fire a group: one die each (hit on ≤ value), or R6.8 low luck over the group's total. */
export function fire(shooters: readonly Shooter[], stream: DiceStream, lowLuck: boolean): FireRecord {
  const firing = shooters.filter((s) => s.value > 0).sort((a, b) => a.id - b.id); // filter makes the copy the sort needs
  if (lowLuck) {
    const total = firing.reduce((sum, s) => sum + s.value, 0);
    const sure = Math.floor(total / 6);
    const remainder = total % 6;
    if (remainder === 0) return { lowLuck: { total, sure, remainder }, hits: sure };
    const roll = stream.d6();
    return { lowLuck: { total, sure, remainder, roll }, hits: sure + (roll <= remainder ? 1 : 0) };
  }
  const dice = firing.map((s) => {
    const roll = stream.d6();
    return { unit: s.id, type: s.type, nation: s.nation, value: s.value, roll, hit: roll <= s.value };
  });
  return { dice, hits: dice.filter((d) => d.hit).length };
}
