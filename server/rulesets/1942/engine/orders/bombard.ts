// R4.8 — a battleship may bombard the territory its own nation's transport unloads into from its zone.
import { typesOf } from "./group";
import { finalOf, type OrderContext, type ResolvedMove } from "./move";
import { isTransportOrder } from "./transport";
import { refuse, type Refusal } from "./types";

/** The order's own shape; checked while orders are read in listing order. */
export function checkBombardShape(ctx: OrderContext, move: ResolvedMove): Refusal | undefined {
  const { order } = move;
  if (order.bombard === undefined) return undefined;
  if (!typesOf(order.units).every((t) => t === "battleship")) return refuse("R4.8", "Only an order of battleships alone may bombard");
  if (!ctx.view.board.isLand(order.bombard)) return refuse("R4.8", `${order.bombard} is not a land territory to bombard`);
  return undefined;
}

const linkKey = (zone: string, territory: string) => `${zone}\u0000${territory}`;

/** Where the nation's valid transport orders unload, from which zone: looked up once per bombardment. */
export function transportUnloads(valid: readonly ResolvedMove[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const m of valid) if (m.order.unload !== undefined && isTransportOrder(m)) out.add(linkKey(finalOf(m.order), m.order.unload));
  return out;
}

/** The link to a valid transport order of the same nation, checked once all its orders are known. */
export function checkBombardLink(move: ResolvedMove, unloads: ReadonlySet<string>): Refusal | undefined {
  const { order } = move;
  if (order.bombard === undefined) return undefined;
  const zone = finalOf(order);
  if (!unloads.has(linkKey(zone, order.bombard)))
    return refuse("R4.8", `Battleships may bombard ${order.bombard} only from a zone where a transport of ${move.nation} is ordered to unload into it; none unloads there from ${zone}`);
  return undefined;
}
