// The 1942 orders screen in the platform's frame (app/games/1942/orders): the map's board from the
// ruleset's view, grouped as a classic game's view groups it, and play.save's first refusal (rule and
// message only) marked on the order of the draft the engine's own check refuses (R4.11).
import { describe, expect, it } from "vitest";
import { boardOfState } from "../../app/games/1942/orders/board-of-state";
import { saveAnswer } from "../../app/games/1942/orders/refused-order";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, groupUnits, validateOrders, type Order } from "../../server/rulesets/1942/engine";

const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);

describe("the phased 1942 orders screen", () => {
  it("draws the board a classic game's view would draw", () => {
    const board = boardOfState(state);
    expect(board.units).toEqual(groupUnits(state.units));
    expect(board.owners).toBe(state.owners);
    expect(board.treasury).toBe(state.treasury);
  });

  it("marks the refused order with play.save's rule and message, the others accepted", () => {
    const orders = [
      { id: "m1", units: { infantry: 3 }, from: "East Europe", path: ["Germany"] },
      { id: "m2", units: { infantry: 1 }, from: "East Europe", path: ["Germany", "West Europe", "Eire"] },
    ];
    const local = validateOrders(state, "Germany", orders as Order[]).results;
    expect(local[0]!.ok).toBe(true);
    expect(local[1]!.ok).toBe(false);
    const refusal = local[1] as { rule: string; message: string };
    const answer = saveAnswer(state, "Germany", orders, { ok: false, rule: refusal.rule, message: "the server's words" });
    expect(answer).toEqual({ ok: false, results: [{ ok: true }, { ok: false, rule: refusal.rule, message: "the server's words" }] });
  });

  it("gives the refusal alone when no order of the draft is refused here, and a save's count when accepted", () => {
    const orders = [{ id: "m1", units: { infantry: 3 }, from: "East Europe", path: ["Germany"] }];
    expect(saveAnswer(state, "Germany", orders, { ok: false, message: "This game is over" })).toEqual({ ok: false, rule: undefined, message: "This game is over" });
    expect(saveAnswer(state, "Germany", orders, { ok: true })).toEqual({ ok: true, saved: 1 });
  });
});
