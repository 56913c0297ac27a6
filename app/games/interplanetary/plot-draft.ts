// The side's orders being plotted (IP2.1), edited a ship or a piece of ordnance at a time. Pure: a
// patch with an undefined field removes that order, and a piece left with no order is dropped, so
// what is saved is only what the player chose.
import type { OrdnanceOrders, Orders, ShipOrders } from "../../../server/rulesets/interplanetary/types";

const isEmpty = (v: unknown) => v === undefined || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);

/** One piece's orders patched, under `ships` or `ordnance`; a piece left with no order is dropped. */
function withPiece<K extends "ships" | "ordnance">(draft: Orders, pieces: K, id: string, patch: Record<string, unknown>): Orders {
  const piece: Record<string, unknown> = { ...(draft[pieces]?.[id] ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (isEmpty(v)) delete piece[k];
    else piece[k] = v;
  }
  const all: Record<string, unknown> = { ...(draft[pieces] ?? {}) };
  if (Object.keys(piece).length === 0) delete all[id];
  else all[id] = piece;
  return { ...draft, [pieces]: all };
}

export const withShip = (draft: Orders, id: string, patch: Partial<Record<keyof ShipOrders, unknown>>): Orders => withPiece(draft, "ships", id, patch);

/** IP2.1: orders for a piece of the side's ordnance in flight (a torpedo's burn, a target, hold). */
export const withOrdnance = (draft: Orders, id: string, patch: Partial<Record<keyof OrdnanceOrders, unknown>>): Orders => withPiece(draft, "ordnance", id, patch);

/** A gravity choice for one hex of a ship (or of a piece of ordnance); choosing what applies anyway (the first option) is no choice. */
export function withGravity(draft: Orders, id: string, hex: string, choice: string, byDefault: string, pieces: "ships" | "ordnance" = "ships"): Orders {
  const gravity = { ...(draft[pieces]?.[id]?.gravity ?? {}) };
  if (choice === byDefault) delete gravity[hex];
  else gravity[hex] = choice as never;
  return withPiece(draft, pieces, id, { gravity });
}
