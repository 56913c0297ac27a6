// Territory names in a phase's orders as the board's own strings. A name read from JSON is a
// string of its own, equal to the board's but not the same object: every look-up of it in the
// board's maps compared it character by character. Mapped once at the phase's start (one probe a
// name), the phase's thousands of later look-ups compare pointers. Names not on the board stay as
// given, so validation refuses them as before.
import type { Board } from "../board/board";
import type { Nation } from "../types";
import { isPurchase, type Order } from "./types";

function boardName(board: Board, name: string): string {
  const n = board.number(name);
  return n < 0 ? name : board.ids[n]!;
}

/** The same order with every territory name the board's own string (only the fields it has). */
export function withBoardNames(board: Board, order: Order): Order {
  if (isPurchase(order)) {
    const out = { ...order, destination: boardName(board, order.destination) };
    if (order.from !== undefined) out.from = boardName(board, order.from);
    return out;
  }
  const out = { ...order, from: boardName(board, order.from), path: order.path.map((t) => boardName(board, t)) };
  if (order.load !== undefined) out.load = { ...order.load, from: boardName(board, order.load.from) };
  if (order.unload !== undefined) out.unload = boardName(board, order.unload);
  if (order.bombard !== undefined) out.bombard = boardName(board, order.bombard);
  return out;
}

export function ordersWithBoardNames(board: Board, orders: Partial<Record<Nation, readonly Order[]>>): Partial<Record<Nation, readonly Order[]>> {
  const out: Partial<Record<Nation, readonly Order[]>> = {};
  for (const nation of Object.keys(orders) as Nation[]) {
    const list = orders[nation];
    if (list) out[nation] = list.map((o) => withBoardNames(board, o));
  }
  return out;
}
