// R4.7 — transports: load at a step, move at most 2 zones, unload into one adjacent territory.
import type { Unit } from "../state";
import { TRANSPORT_CAPACITY, UNIT_STATS, isLandUnit } from "../units";
import { cargoOf, typesOf } from "./group";
import { finalOf, positionAt, type OrderContext, type ResolvedMove } from "./move";
import { refuse, type Refusal } from "./types";
import { steps, unitName } from "./words";

export function isTransportOrder(move: ResolvedMove): boolean {
  return move.units.some((u) => u.type === "transport");
}

/** Cargo already aboard the transports this order takes. */
export function cargoAboard(ctx: OrderContext, move: ResolvedMove): Unit[] {
  return move.units.filter((u) => u.type === "transport").flatMap((t) => cargoOf(ctx.view.state, t.id));
}

export function checkTransport(ctx: OrderContext, move: ResolvedMove): Refusal | undefined {
  const { order } = move;
  const { board } = ctx.view;
  const transports = move.units.filter((u) => u.type === "transport").length;
  if (transports === 0) {
    if (order.load || order.unload !== undefined) return refuse("R4.7", "Only an order with transports can load or unload land units");
    return undefined;
  }
  const maxMove = UNIT_STATS.transport.move;
  if (order.path.length > maxMove) return refuse("R4.7", `Transports in ${order.from} move at most ${maxMove} zones; this path has ${steps(order.path.length)}`);
  if (order.load) {
    const { atStep } = order.load;
    if (!Number.isInteger(atStep) || atStep < 0 || atStep > order.path.length)
      return refuse("R4.7", `Load step ${atStep} is not on the path: use 0 (the starting zone) to ${order.path.length}`);
    const zone = positionAt(order, atStep);
    if (!board.isLand(order.load.from) || !board.adjacent(zone, order.load.from))
      return refuse("R4.7", `Transports can load only from a land territory next to ${zone}; ${order.load.from} is not one`);
    const wrong = typesOf(order.load.units).filter((t) => !isLandUnit(t));
    if (wrong.length > 0) return refuse("R4.7", `Transports carry infantry, artillery and armour only, not ${unitName(wrong[0]!, 2)}`);
  }
  const cargo = [...cargoAboard(ctx, move), ...move.loaded];
  const heavy = cargo.filter((u) => u.type !== "infantry").length;
  if (cargo.length > TRANSPORT_CAPACITY * transports || heavy > transports)
    return refuse("R4.7", `${transports} transport${transports === 1 ? "" : "s"} carry at most ${TRANSPORT_CAPACITY * transports} land units, at most ${transports} of them not infantry; this order has ${cargo.length} (${heavy} not infantry)`);
  if (order.unload !== undefined) {
    const zone = finalOf(order);
    if (!board.isLand(order.unload) || !board.adjacent(zone, order.unload))
      return refuse("R4.7", `Transports can unload only into a land territory next to ${zone}; ${order.unload} is not one`);
    if (cargo.length === 0) return refuse("R4.7", "These transports carry nothing to unload");
  }
  if (order.path.length === 0 && !order.load && order.unload === undefined && order.bombard === undefined)
    return refuse("R4.7", "Transports that do not move must load or unload");
  return undefined;
}
