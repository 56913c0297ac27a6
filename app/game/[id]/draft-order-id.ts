// The id a new order of the draft gets: a letter for its kind ("m" a move, "p" a purchase) and the
// first number after the draft's length that no order of the draft uses.
import type { OrderLike } from "../../components/format";

export type DraftOrder = OrderLike & { id: string };

export function nextId(list: DraftOrder[], prefix: string): string {
  let n = list.length + 1;
  while (list.some((o) => o.id === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}
