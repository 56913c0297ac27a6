// Small shared facts about ships, bases and zones.
import { BOARD, bodyNamed } from "./board";
import { distance, type Hex } from "./hex";
import type { BaseState, Ship, State } from "./types";

export const inPlay = (s: Ship): boolean => s.status === "flying" || s.status === "landed";

/** IP5.5: landed at a planet base or stopped at an asteroid base: safe from every attack. */
export function isSafe(s: Ship): boolean {
  if (s.status === "landed") return true;
  return s.base !== null && BOARD.bases.get(s.base)?.kind === "asteroid";
}

/** IP8.1: a base serves a side when it stands, is open, and is that side's or nobody's. */
export function baseServes(state: State, baseId: string, side: string): boolean {
  const b: BaseState | undefined = state.bases[baseId];
  return !!b && !b.destroyed && !b.closed && (b.owner === null || b.owner === side);
}

/** IP9.2: Earth's no-fire zone: Earth and every hex within 2 of it, while it lasts. */
export const inNoFireZone = (state: State, h: Hex): boolean => state.noFireZone && distance(h, bodyNamed("Earth").hex) <= 2;

export const shipById = (state: State, id: string): Ship | undefined => state.ships.find((s) => s.id === id);
