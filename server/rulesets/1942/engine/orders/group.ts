// R4.1–R4.2 — the unit group an order takes, claimed in listing order.
import { sortInPlace } from "../sort";
import type { GameState, Unit } from "../state";
import { startView } from "./start-view";
import { UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "../types";

/**
 * The lists of types by the set of types named, as bits in R2 table order: filled as sets are met,
 * and shared by every order that names the same types (usually a dozen sets). Not a WeakMap by the
 * order's counts: at 100 copies of the board that was a hash table of 9,300 orders a phase, each
 * probe a cache miss and each entry work for the garbage collector. Made at its full length: an
 * array written far past its end becomes a hash table in V8.
 */
const typesByBits: (readonly UnitType[] | undefined)[] = new Array(1 << UNIT_TYPES.length);

/** Types named with a positive count, in R2 table order (shared lists: never mutated). */
export function typesOf(counts: UnitCounts): readonly UnitType[] {
  // A walk of the few keys the order names, not a probe of all thirteen types (most of them absent,
  // each a miss that searched the prototype chain). Only a unit type's key with a positive count counts.
  let bits = 0;
  for (const key in counts) {
    const i = (UNIT_TYPES as readonly string[]).indexOf(key);
    if (i >= 0 && (counts[key as UnitType] ?? 0) > 0) bits |= 1 << i;
  }
  const hit = typesByBits[bits];
  if (hit) return hit;
  const out: UnitType[] = [];
  for (let i = 0; i < UNIT_TYPES.length; i++) if ((bits & (1 << i)) !== 0) out.push(UNIT_TYPES[i]!);
  typesByBits[bits] = out;
  return out;
}

export function totalCount(counts: UnitCounts): number {
  return typesOf(counts).reduce((sum, t) => sum + (counts[t] ?? 0), 0);
}

/** Units of a nation standing in a territory (cargo aboard a transport is not standing there). */
export function standing(state: GameState, nation: Nation, at: string): Unit[] {
  return startView(state)
    .unitsAt(at)
    .filter((u) => u.nation === nation && u.aboard === undefined);
}

export function cargoOf(state: GameState, transportId: number): readonly Unit[] {
  return startView(state).cargoOf(transportId);
}

export type Pick = { ok: true; units: Unit[] } | { ok: false; type: UnitType; available: number; claimed: number };

/**
 * Take `counts` units of `nation` at `at`, skipping ids already claimed by earlier orders.
 * Transports carrying cargo are taken first (most cargo first) so an order of loaded transports
 * moves the loaded ones; otherwise the lowest ids, which are canonical.
 */
export function pickUnits(state: GameState, nation: Nation, at: string, counts: UnitCounts, claimed: { has(id: number): boolean }): Pick {
  const view = startView(state);
  const here = view.unitsAt(at);
  const picked: Unit[] = [];
  // One pass over the territory a type, without intermediate lists: this runs for every order.
  for (const type of typesOf(counts)) {
    const want = counts[type] ?? 0;
    if (type === "transport") {
      // Most cargo first, then id: the start view keeps each transport's cargo list, so its length is
      // read as the sort asks, with no map of loads and no filtered list of the free ones.
      const ofType: Unit[] = [];
      for (const u of here) if (u.type === type && u.nation === nation && u.aboard === undefined) ofType.push(u);
      sortInPlace(ofType, (a, b) => view.cargoOf(b.id).length - view.cargoOf(a.id).length || a.id - b.id);
      let free = 0;
      for (const u of ofType) {
        if (claimed.has(u.id)) continue;
        if (free < want) picked.push(u);
        free += 1;
      }
      if (free < want) return { ok: false, type, available: ofType.length, claimed: ofType.length - free };
      continue;
    }
    let available = 0;
    let free = 0;
    for (const u of here) {
      if (u.type !== type || u.nation !== nation || u.aboard !== undefined) continue;
      available += 1;
      if (claimed.has(u.id)) continue;
      if (free < want) picked.push(u);
      free += 1;
    }
    if (free < want) return { ok: false, type, available, claimed: available - free };
  }
  return { ok: true, units: picked };
}
