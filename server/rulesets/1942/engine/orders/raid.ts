// R4.9 — bombers ordered to end in a hostile land territory with a factory may raid it.
import { teamOf } from "../teams";
import { typesOf } from "./group";
import { finalOf, type OrderContext, type ResolvedMove } from "./move";
import { refuse, type Refusal } from "./types";

export function checkRaid(ctx: OrderContext, move: ResolvedMove): Refusal | undefined {
  const { order } = move;
  if (!order.raid) return undefined;
  if (!typesOf(order.units).every((t) => t === "bomber")) return refuse("R4.9", "Only an order of bombers alone may raid");
  const target = finalOf(order);
  const { view } = ctx;
  const owner = view.ownerTeam(target);
  const hostileLand = view.board.isLand(target) && owner !== undefined && owner !== teamOf(ctx.nation);
  if (!hostileLand || !view.hasFactory(target))
    return refuse("R4.9", `Bombers can raid only a hostile land territory with a factory; ${target} is not one`);
  return undefined;
}
