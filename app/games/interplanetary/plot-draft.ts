// The side's orders being plotted (IP2.1), edited a ship at a time. Pure: a patch with an undefined
// field removes that order, and a ship left with no order is dropped, so what is saved is only what
// the player chose.
import type { Orders, ShipOrders } from "../../../server/rulesets/interplanetary/types";

export function withShip(draft: Orders, id: string, patch: Partial<Record<keyof ShipOrders, unknown>>): Orders {
  const ship: Record<string, unknown> = { ...(draft.ships?.[id] ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    const empty = v === undefined || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 0);
    if (empty) delete ship[k];
    else ship[k] = v;
  }
  const ships = { ...(draft.ships ?? {}) };
  if (Object.keys(ship).length === 0) delete ships[id];
  else ships[id] = ship as ShipOrders;
  return { ...draft, ships };
}

/** A gravity choice for one hex; choosing what applies anyway (the first option) is no choice. */
export function withGravity(draft: Orders, id: string, hex: string, choice: string, byDefault: string): Orders {
  const gravity = { ...(draft.ships?.[id]?.gravity ?? {}) };
  if (choice === byDefault) delete gravity[hex];
  else gravity[hex] = choice as never;
  return withShip(draft, id, { gravity });
}
