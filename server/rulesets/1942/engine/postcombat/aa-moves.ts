// R7.2 — in post-combat, AA guns may move 1 to an adjacent territory owned by their nation now and
// at the start of the turn. They do not fire in this phase.
import { indexBoard } from "../board/board";
import type { GameState } from "../state";
import type { Nation } from "../types";

/** A player's AA move: `count` AA guns from `from` to the adjacent `to`. */
export interface AaMove {
  from: string;
  to: string;
  count: number;
}

export interface AaMoveReport {
  nation: Nation;
  from: string;
  to: string;
  count: number;
}

export function moveAaGuns(
  start: GameState,
  state: GameState,
  orders: Partial<Record<Nation, readonly AaMove[]>> = {},
): { state: GameState; moved: AaMoveReport[]; refused: { nation: Nation; order: AaMove; reason: string }[] } {
  const board = indexBoard(state.board);
  const destination = new Map<number, string>();
  const moved: AaMoveReport[] = [];
  const refused: { nation: Nation; order: AaMove; reason: string }[] = [];
  for (const nation of Object.keys(orders) as Nation[]) {
    for (const order of orders[nation] ?? []) {
      const guns = state.units.filter((u) => u.type === "aaGun" && u.nation === nation && u.at === order.from && !destination.has(u.id)).slice(0, order.count);
      const owned = (t: string) => state.owners[t] === nation && start.owners[t] === nation;
      const reason =
        guns.length < order.count
          ? `${nation} has ${guns.length} AA gun(s) to move in ${order.from}`
          : !board.adjacent(order.from, order.to) || !board.isLand(order.to)
            ? `AA guns move 1, to a neighbouring land territory; ${order.to} is not next to ${order.from}`
            : !owned(order.to)
              ? `${order.to} must be owned by ${nation} now and at the start of the turn`
              : undefined;
      if (reason) {
        refused.push({ nation, order, reason: `${reason} (R7.2)` });
        continue;
      }
      for (const g of guns) destination.set(g.id, order.to);
      moved.push({ nation, from: order.from, to: order.to, count: order.count });
    }
  }
  const units = state.units.map((u) => (destination.has(u.id) ? { ...u, at: destination.get(u.id)! } : u));
  return { state: { ...state, units }, moved, refused };
}
