// Where a unit group may be ordered to: every territory some valid path reaches, with the
// shortest such path. Built on the validator itself, so the map never offers a refused order.
import type { GameState } from "../state";
import type { Nation, UnitCounts } from "../types";
import { UNIT_STATS, isAir, isLandUnit, isShip } from "../units";
import { typesOf } from "./group";
import { blitzable, canalOpen, landMustStop, seaMustStop } from "./reach";
import { startView } from "./start-view";
import type { MoveOrder, Order } from "./types";
import { validateOrder } from "./validate";

export interface UnitGroup {
  from: string;
  units: UnitCounts;
  stealth?: boolean;
  /** The path already chosen (the map extends an order step by step): destinations lie beyond its end. */
  via?: string[];
}

export interface Destination {
  territory: string;
  path: string[];
}

/**
 * Legal destinations of `group`, given the nation's `earlier` orders (their claims count, R4.2).
 * Sorted by path length, then territory id.
 */
export function legalDestinations(state: GameState, nation: Nation, group: UnitGroup, earlier: readonly Order[] = []): Destination[] {
  const view = startView(state);
  const { board } = view;
  const types = typesOf(group.units);
  if (types.length === 0) return [];
  const land = types.some(isLandUnit);
  const sea = types.some(isShip);
  const onlyArmour = types.filter(isLandUnit).every((t) => t === "armour");
  const reach = Math.min(...types.map((t) => UNIT_STATS[t].move));
  const canLeave = (t: string) =>
    t === group.from ||
    ((!land || !landMustStop(view, nation, t) || (onlyArmour && blitzable(view, nation, t))) &&
      (!sea || group.stealth === true || !seaMustStop(view, nation, t)));
  const canEnter = (a: string, b: string) =>
    (!land || board.isLand(b)) && (!sea || (board.isSea(b) && canalOpen(view, nation, a, b))) && (land || sea || types.every(isAir));

  const via = group.via ?? [];
  const start = via.length > 0 ? via[via.length - 1]! : group.from;
  const paths = new Map<string, string[]>([[start, [...via]]]);
  let frontier = [start];
  for (let d = via.length + 1; d <= reach && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const t of frontier) {
      if (!canLeave(t)) continue;
      for (const n of board.neighbours(t)) {
        if (paths.has(n) || !canEnter(t, n)) continue;
        paths.set(n, [...paths.get(t)!, n]);
        next.push(n);
      }
    }
    frontier = next;
  }
  const out: Destination[] = [];
  for (const [territory, path] of paths) {
    if (path.length <= via.length) continue;
    const probe: MoveOrder = { id: "\u0000probe", units: group.units, from: group.from, path, ...(group.stealth ? { stealth: true } : {}) };
    if (validateOrder(state, nation, probe, earlier).ok) out.push({ territory, path });
  }
  return out.sort((a, b) => a.path.length - b.path.length || (a.territory < b.territory ? -1 : 1));
}
