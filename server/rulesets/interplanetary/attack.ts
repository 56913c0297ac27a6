// IP7.5: attack rolls on the attack tables (data/tables.json) and what their results mean.
import tables from "./data/tables.json";
import type { DiceStream } from "../shared/dice";

export type Table = "gun" | "rocket" | "missile" | "mine" | "asteroid";
export type AttackResult = "M" | "D1" | "D2" | "H" | "H+D2" | "2H";

export function rollAttack(table: Table, modifier: number, dice: DiceStream): { roll: number; modified: number; result: AttackResult } {
  const roll = dice.d6();
  const modified = Math.max(0, Math.min(7, roll + modifier));
  return { roll, modified, result: (tables[table] as AttackResult[])[modified]! };
}

export const hitsOf = (r: AttackResult): number => (r === "2H" ? 2 : r === "H" || r === "H+D2" ? 1 : 0);
export const disableOf = (r: AttackResult): number => (r === "D1" ? 1 : r === "D2" || r === "H+D2" ? 2 : 0);
