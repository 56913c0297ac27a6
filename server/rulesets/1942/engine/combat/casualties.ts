// R6.6 casualty choice, R6.9 the default choice.
import { nationIndex } from "../teams";
import type { Nation, UnitType } from "../types";
import { UNIT_STATS, tableIndex } from "../units";
import { sortInPlace } from "../sort";

/** What a casualty choice may pick from. */
export interface Candidate {
  id: number;
  nation: Nation;
  type: UnitType;
  /** Firing value in this battle (R6.1). */
  value: number;
  /** Hits it can still take: 2 for an unharmed battleship, else 1. */
  room: number;
}

/** Hits the candidates can absorb at most. */
export function capacity(candidates: readonly Candidate[]): number {
  return candidates.reduce((sum, c) => sum + c.room, 0);
}

/**
 * R6.9 — damage unharmed battleships first, then lose the cheapest units by their own cost; ties
 * by lower firing value, then R2 table order, then the nation latest in R1.1 order, then id.
 * Returns one id per hit (a battleship twice when it takes both of its hits).
 */
export function defaultCasualties(candidates: readonly Candidate[], hits: number): number[] {
  const picks: number[] = [];
  // Room left by the candidate's place in the list: no map by id (this runs for every hit request).
  const room: number[] = candidates.map((c) => c.room);
  let battleships: number[] | undefined;
  for (let i = 0; i < candidates.length; i++) if (candidates[i]!.room === 2) (battleships ??= []).push(i);
  if (battleships) {
    sortInPlace(battleships, (a, b) => candidates[a]!.id - candidates[b]!.id);
    for (const i of battleships) {
      if (picks.length >= hits) break;
      picks.push(candidates[i]!.id);
      room[i] = 1;
    }
  }
  if (picks.length >= hits) return picks;
  const order = candidates.map((_, i) => i);
  sortInPlace(order, (x, y) => {
    const a = candidates[x]!;
    const b = candidates[y]!;
    return (
      UNIT_STATS[a.type].cost - UNIT_STATS[b.type].cost ||
      a.value - b.value ||
      tableIndex(a.type) - tableIndex(b.type) ||
      nationIndex(b.nation) - nationIndex(a.nation) ||
      a.id - b.id
    );
  });
  for (const i of order) {
    while (picks.length < hits && room[i]! > 0) {
      picks.push(candidates[i]!.id);
      room[i]! -= 1;
    }
  }
  return picks;
}

/** R6.6 — a choice is legal if it names eligible units within their room, exactly min(hits, capacity) times. */
export function checkChoice(candidates: readonly Candidate[], hits: number, choice: readonly number[]): string | undefined {
  const need = Math.min(hits, capacity(candidates));
  if (choice.length !== need) return `must take exactly ${need} hit${need === 1 ? "" : "s"}; the choice names ${choice.length}`;
  const used = new Map<number, number>();
  for (const id of choice) {
    const c = candidates.find((x) => x.id === id);
    if (!c) return `unit ${id} cannot be chosen for these hits`;
    used.set(id, (used.get(id) ?? 0) + 1);
    if (used.get(id)! > c.room) return `unit ${id} cannot take ${used.get(id)} hits`;
  }
  return undefined;
}
