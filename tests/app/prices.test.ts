// Prices shown in the orders editor are the adjudicator's: R2 costs, and R9.2's factory price.
import { describe, expect, it } from "vitest";
import { unitPrice } from "../../app/game/[id]/prices";

describe("unit prices in the orders editor", () => {
  it("are the R2 table without house rules", () => {
    expect(unitPrice("infantry", "Germany", false)).toBe(3);
    expect(unitPrice("factory", "West Europe", false)).toBe(15);
  });

  it("follow R9.2 for factories: 15 − value × victory points", () => {
    expect(unitPrice("factory", "West Europe", true)).toBe(3); // value 6, Paris 2
    expect(unitPrice("factory", "Spain", true)).toBe(15); // no victory city
    expect(unitPrice("armour", "West Europe", true)).toBe(5);
  });
});
