// legalDestinations — what the map outlines: exactly the destinations validation accepts.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import { legalDestinations } from "../../server/rulesets/1942/engine/orders/legal-destinations";
import { validateOrder } from "../../server/rulesets/1942/engine/orders/validate";
import { createState } from "../../server/rulesets/1942/engine/state";
import { LINE_BOARD, stateOf } from "../support/scenario";

const units = [
  { nation: "Germany", type: "infantry", at: "A", count: 1 },
  { nation: "Germany", type: "armour", at: "A", count: 1 },
  { nation: "Germany", type: "fighter", at: "A", count: 1 },
  { nation: "Russia", type: "infantry", at: "C", count: 1 },
];

const names = (d: { territory: string }[]) => d.map((x) => x.territory);

describe("legalDestinations", () => {
  const state = stateOf({ board: LINE_BOARD, units });

  it("infantry: one step on land", () => {
    expect(names(legalDestinations(state, "Germany", { from: "A", units: { infantry: 1 } }))).toEqual(["B"]);
  });

  it("extends a chosen path: destinations beyond `via`, each path starting with it", () => {
    const dests = legalDestinations(state, "Germany", { from: "A", units: { armour: 1 }, via: ["B"] });
    // Back to A is a legal path too (B is empty, so armour may pass it and return).
    expect(dests).toEqual([
      { territory: "A", path: ["B", "A"] },
      { territory: "C", path: ["B", "C"] },
    ]);
    expect(legalDestinations(state, "Germany", { from: "A", units: { infantry: 1 }, via: ["B"] })).toEqual([]);
  });

  it("armour: blitzes through empty hostile B into defended C (R4.5), never into the sea", () => {
    const dests = legalDestinations(state, "Germany", { from: "A", units: { armour: 1 } });
    expect(dests).toEqual([
      { territory: "B", path: ["B"] },
      { territory: "C", path: ["B", "C"] },
    ]);
  });

  it("armour must stop where hostile units stand (R4.3)", () => {
    const blocked = stateOf({ board: LINE_BOARD, units: [...units, { nation: "Russia", type: "infantry", at: "B", count: 1 }] });
    expect(names(legalDestinations(blocked, "Germany", { from: "A", units: { armour: 1 } }))).toEqual(["B"]);
  });

  it("fighter: anywhere a landing reserve remains (R4.6)", () => {
    expect(names(legalDestinations(state, "Germany", { from: "A", units: { fighter: 1 } }))).toEqual(["B", "S1", "C", "S2"]);
  });

  it("counts the claims of earlier orders (R4.2)", () => {
    const earlier = [{ id: "x", units: { infantry: 1 }, from: "A", path: ["B"] }];
    expect(legalDestinations(state, "Germany", { from: "A", units: { infantry: 1 } }, earlier)).toEqual([]);
  });

  it("on the default board, every destination it offers is accepted by validateOrder", () => {
    const world = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const groups = [
      { nation: "Germany" as const, from: "Germany", units: { armour: 2 } },
      { nation: "Germany" as const, from: "Germany", units: { fighter: 1 } },
      { nation: "Germany" as const, from: "Germany", units: { bomber: 1 } },
      { nation: "Germany" as const, from: "Central Mediteranean Sea Zone", units: { battleship: 1 } },
      { nation: "Japan" as const, from: "Manchuria", units: { infantry: 3 } },
    ];
    for (const g of groups) {
      const dests = legalDestinations(world, g.nation, g);
      expect(dests.length).toBeGreaterThan(0);
      for (const d of dests) expect(validateOrder(world, g.nation, { id: "t", units: g.units, from: g.from, path: d.path })).toEqual({ ok: true });
    }
  });
});
