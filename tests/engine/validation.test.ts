// R4 — validation: each refused order names the lowest failing rule and says why in plain words.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import { createState } from "../../server/rulesets/1942/engine/state";
import { validateOrder, validateOrders } from "../../server/rulesets/1942/engine/orders/validate";
import type { Order } from "../../server/rulesets/1942/engine/orders/types";
import { LINE_BOARD, stateOf } from "../support/scenario";

const world = createState(DEFAULT_BOARD, DEFAULT_SETUP);

describe("R4 validation on the default board", () => {
  it("R4.2 cites the move allowance in the player's words, before the R4.3 stop it also breaks", () => {
    const result = validateOrder(world, "Germany", { id: "g1", units: { armour: 2 }, from: "Ukraine S.S.R.", path: ["Caucasus", "Russia", "Novosibirsk"] });
    expect(result).toEqual({ ok: false, rule: "R4.2", message: "Armour in Ukraine S.S.R. can move 2; this path has 3 steps (R4.2)" });
  });

  it("R4.3 refuses infantry entering a sea zone", () => {
    const result = validateOrder(world, "Germany", { id: "g1", units: { infantry: 1 }, from: "Germany", path: ["Baltic Sea Zone"] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.rule).toBe("R4.3");
      expect(result.message).toContain("Baltic Sea Zone is a sea zone");
    }
  });

  it("R4.2 refuses a path step that is not adjacent", () => {
    const result = validateOrder(world, "Russia", { id: "r1", units: { infantry: 1 }, from: "Russia", path: ["Germany"] });
    expect(result).toMatchObject({ ok: false, rule: "R4.2" });
  });

  it("accepts a plain legal move", () => {
    expect(validateOrder(world, "Germany", { id: "g1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] })).toEqual({ ok: true });
  });
});

describe("R4 validation on a small board", () => {
  const state = stateOf({
    board: LINE_BOARD,
    treasury: { Germany: 20 },
    units: [
      { nation: "Germany", type: "infantry", at: "A", count: 2 },
      { nation: "Germany", type: "armour", at: "A", count: 1 },
      { nation: "Germany", type: "factory", at: "A", count: 1 },
      { nation: "Germany", type: "destroyer", at: "S1", count: 1 },
      { nation: "Germany", type: "fighter", at: "A", count: 1 },
      { nation: "Russia", type: "infantry", at: "C", count: 1 },
    ],
  });

  it("R4.2 claims accumulate in listing order", () => {
    const orders: Order[] = [
      { id: "a", units: { infantry: 2 }, from: "A", path: ["B"] },
      { id: "b", units: { infantry: 1 }, from: "A", path: ["B"] },
    ];
    const { results } = validateOrders(state, "Germany", orders);
    expect(results[0]).toEqual({ ok: true });
    expect(results[1]).toMatchObject({ ok: false, rule: "R4.2" });
    expect(!results[1]!.ok && results[1]!.message).toContain("2 of them already ordered");
  });

  it("R4.5 armour blitzes through an empty hostile territory; infantry may not (R4.3)", () => {
    expect(validateOrder(state, "Germany", { id: "a", units: { armour: 1 }, from: "A", path: ["B", "C"] })).toEqual({ ok: true });
    const inf = validateOrder(state, "Germany", { id: "b", units: { infantry: 1, armour: 1 }, from: "A", path: ["B", "C"] });
    expect(inf).toMatchObject({ ok: false, rule: "R4.2" }); // infantry move 1 — the lower rule
  });

  it("R4.4 refuses stealth on a destroyer", () => {
    expect(validateOrder(state, "Germany", { id: "d", units: { destroyer: 1 }, from: "S1", path: ["S2"], stealth: true })).toMatchObject({
      ok: false,
      rule: "R4.4",
    });
  });

  it("R4.6 requires a landing reserve", () => {
    // Fighter move 4: A→B→C→D is 3 steps; the nearest friendly land other than D is A, 3 steps back.
    const far = validateOrder(state, "Germany", { id: "f", units: { fighter: 1 }, from: "A", path: ["B", "C", "D"] });
    expect(far).toMatchObject({ ok: false, rule: "R4.6" });
    expect(validateOrder(state, "Germany", { id: "f", units: { fighter: 1 }, from: "A", path: ["B", "C"] })).toEqual({ ok: true });
  });

  it("R4.10 limits purchases by treasury and by the factory's value, infantry counting half", () => {
    const orders: Order[] = [
      { id: "p1", type: "infantry", count: 4, destination: "A" }, // 12 credits, 2 of 3 places
      { id: "p2", type: "armour", count: 1, destination: "A" }, // 5 credits, the last place
      { id: "p3", type: "infantry", count: 1, destination: "A" }, // no place left
    ];
    const { results } = validateOrders(state, "Germany", orders);
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2]).toMatchObject({ rule: "R4.10" });
    const broke = validateOrder(state, "Germany", { id: "p4", type: "bomber", count: 2, destination: "A" });
    expect(broke).toMatchObject({ ok: false, rule: "R4.10" });
    expect(!broke.ok && broke.message).toContain("cost 24");
    expect(!broke.ok && broke.message).toMatch(/^Not enough money left: 2 bombers cost 24; Germany has \d+ of \d+ credits left \(R4\.10\)$/);
    // Every credit spent: the message says so plainly, it refuses no place.
    const spentAll = { ...state, treasury: { ...state.treasury, Germany: 6 } };
    const { results: last } = validateOrders(spentAll, "Germany", [
      { id: "p5", type: "infantry", count: 2, destination: "A" },
      { id: "p6", type: "infantry", count: 1, destination: "A" },
    ]);
    expect(last[1]).toMatchObject({ ok: false, rule: "R4.10", message: "No money left: Germany has spent all 6 credits (1 infantry cost 3) (R4.10)" });
  });

  it("never changes the state it checks", () => {
    const before = structuredClone(state);
    validateOrders(state, "Germany", [{ id: "a", units: { infantry: 2 }, from: "A", path: ["B"] }]);
    expect(state).toEqual(before);
  });
});
