// A phase reads its orders with the board's own territory strings (orders/board-names.ts) and
// returns owners in sorted id order however its state's owners were listed: neither may change
// what a phase decides or reports.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, indexBoard, resolveCombatPhase, resolveTurn, type GameState, type Order } from "../../server/rulesets/1942/engine";
import { withBoardNames } from "../../server/rulesets/1942/engine/orders/board-names";
import { makeRand, randomOrders } from "../support/random-orders";

const board = indexBoard(DEFAULT_BOARD);
/** A string equal to `s` but not the same object (as a name read from JSON is). */
const fresh = (s: string) => [...s].join("");

describe("territory names in orders", () => {
  it("keep every name and field as given (names not on the board included) and add none", () => {
    const zone = board.ids.find((t) => board.isSea(t))!;
    const next = board.neighbours(zone)[0]!;
    const move: Order = { id: "m", units: { transport: 1 }, from: fresh(zone), path: [fresh(next), "Nowhere"], unload: fresh("Germany") };
    const out = withBoardNames(board, move);
    expect(out).toEqual(move);
    if (!("path" in out)) throw new Error("a move stays a move");
    // (Which string object a name is cannot be seen from JavaScript; what can is that nothing else changes.)
    expect([out.from, ...out.path]).toEqual([zone, next, "Nowhere"]);
    expect(out).not.toBe(move); // a copy: the input order is never changed
    expect(move.path[0]).toBe(next);
    expect(Object.keys(out)).toEqual(Object.keys(move)); // no load or bombard key appears
    const buy: Order = { id: "b", type: "infantry", count: 1, destination: fresh("Germany") };
    expect(withBoardNames(board, buy)).toEqual(buy);
    expect(Object.keys(withBoardNames(board, buy))).toEqual(["id", "type", "count", "destination"]);
  });
});

describe("a phase from a state read from elsewhere", () => {
  const start = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  // The same state as JSON would bring it: owners listed in reverse, every name a string of its own.
  const reversed: GameState = JSON.parse(JSON.stringify({ ...start, owners: Object.fromEntries(Object.entries(start.owners).reverse()) }));
  const asJson = (orders: Partial<Record<string, Order[]>>) => JSON.parse(JSON.stringify(orders)) as typeof orders;

  it("decides and reports exactly as from the engine's own state, owners sorted", () => {
    for (let i = 0; i < 5; i++) {
      const orders = randomOrders(start, makeRand(40 + i), { hold: 0 });
      const own = resolveCombatPhase({ state: start, orders, seed: `n${i}` });
      const read = resolveCombatPhase({ state: reversed, orders: asJson(orders), seed: `n${i}` });
      expect(JSON.stringify(read)).toBe(JSON.stringify(own));
      const keys = Object.keys(read.state.owners);
      expect(keys).toEqual([...keys].sort());
      // And the turn after it, from the phase's own state.
      const next = randomOrders(own.state, makeRand(90 + i), { hold: 0 });
      expect(JSON.stringify(resolveTurn({ state: read.state, orders: next, seed: `t${i}` }))).toBe(JSON.stringify(resolveTurn({ state: JSON.parse(JSON.stringify(own.state)), orders: asJson(next), seed: `t${i}` })));
    }
  });
});
