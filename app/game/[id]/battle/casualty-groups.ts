// A casualty request's candidates as groups of alike units (same nation, type, firing value and hits
// left), the hits the player gives each group, and what a choice does (R6.6). Pure: the picker's
// steppers and its tappable icons both work through these.
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { countsText, unitName } from "../../../components/format";
import { slug } from "../game-types";
import { add, nonEmpty } from "./decision-words";

export interface CandidateLike {
  id: number;
  nation: Nation;
  type: UnitType;
  value: number;
  room: number;
}

export interface Group {
  key: string;
  testId: string;
  nation: Nation;
  type: UnitType;
  label: string;
  ids: number[];
  /** Hits each unit of the group can still take: 2 for an unharmed battleship. */
  room: number;
}

export function groupsOf(candidates: readonly CandidateLike[]): Group[] {
  const nations = new Set(candidates.map((c) => c.nation));
  const map = new Map<string, Group>();
  const seen = new Map<string, number>();
  for (const c of candidates) {
    const key = `${c.nation}|${c.type}|${c.value}|${c.room}`;
    let g = map.get(key);
    if (!g) {
      const base = `pick-${slug(c.nation)}-${c.type}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const notes = [`fires at ${c.value}`, c.type === "battleship" ? (c.room === 2 ? "unharmed: takes 2 hits" : "damaged: sinks on the next hit") : null].filter(Boolean);
      g = { key, testId: n === 1 ? base : `${base}-${n}`, nation: c.nation, type: c.type, label: ` (${notes.join(", ")})`, ids: [], room: c.room };
      map.set(key, g);
    }
    g.ids.push(c.id);
  }
  // "fighter" for one, "fighters" for several; the nation only when several share the side.
  for (const g of map.values()) g.label = `${nations.size > 1 ? `${g.nation} ` : ""}${unitName(g.type, g.ids.length)}${g.label}`;
  return [...map.values()];
}

/** Hits per group → one unit id per hit, spread over the group first (a battleship is damaged before another sinks). */
export function idsOf(groups: readonly Group[], hits: Record<string, number>): number[] {
  const out: number[] = [];
  for (const g of groups) {
    let n = hits[g.key] ?? 0;
    for (let pass = 0; pass < g.room && n > 0; pass++)
      for (const id of g.ids) {
        if (n <= 0) break;
        out.push(id);
        n--;
      }
  }
  return out;
}

/** The hits each unit of a group takes when the group takes `n`, in the order idsOf gives them. */
export function hitsPerUnit(g: Group, n: number): number[] {
  const per = g.ids.map(() => 0);
  for (let pass = 0; pass < g.room && n > 0; pass++)
    for (let i = 0; i < per.length && n > 0; i++) {
      per[i]!++;
      n--;
    }
  return per;
}

/**
 * A tap on one unit's icon: an untouched unit (or a battleship hit once) takes one more hit; a unit
 * already lost is given back (its hits come off the group). Units of a group are alike, so the group's
 * count is all that changes: each tap marks or unmarks one unit of that type.
 */
export function tapUnit(g: Group, n: number, index: number): number {
  const h = hitsPerUnit(g, n)[index] ?? 0;
  return h >= g.room ? n - h : n + 1;
}

/** What a choice does: units lost and battleships only damaged. */
export function outcomeOf(groups: readonly Group[], ids: readonly number[]): { lost: UnitCounts; damaged: UnitCounts } {
  const per = new Map<number, number>();
  for (const id of ids) per.set(id, (per.get(id) ?? 0) + 1);
  const lost: UnitCounts = {};
  const damaged: UnitCounts = {};
  for (const g of groups)
    for (const id of g.ids) {
      const n = per.get(id) ?? 0;
      if (n === 0) continue;
      if (n >= g.room) add(lost, g.type);
      else add(damaged, g.type);
    }
  return { lost, damaged };
}

export function outcomeText(o: { lost: UnitCounts; damaged: UnitCounts }): string {
  const parts = [nonEmpty(o.lost) ? `lose ${countsText(o.lost)}` : null, nonEmpty(o.damaged) ? `damage ${countsText(o.damaged)}` : null].filter(Boolean);
  return parts.length ? parts.join(" and ") : "lose nothing";
}

export function sameMultiset(a: readonly number[], b: readonly number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
