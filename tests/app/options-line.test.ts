// The Sides tab's options line (app/games/options-line.ts): the deadlines' hours, then each ruleset
// option the game was made with by its name, knowing none of them.
import { describe, expect, it } from "vitest";
import { optionsLine } from "../../app/games/options-line";

const hours = { ordersHours: 24, decisionHours: 2 };

describe("the options line", () => {
  it("writes the orders' and decisions' hours", () => {
    expect(optionsLine({ ...hours, rules: [] })).toBe("orders 1 day, decisions 2 hours");
  });

  it("names a flag that is on, a count with its value, and leaves out a flag that is off", () => {
    const rules = [
      { id: "lowLuck", name: "Low luck", value: true },
      { id: "fog", name: "Fog", value: false },
      { id: "turns", name: "Turns", value: 8 },
    ];
    expect(optionsLine({ ...hours, rules })).toBe("orders 1 day, decisions 2 hours, low luck, turns 8");
  });

  it("names a group of settings when one of them is set (1942's house rules), else not", () => {
    expect(optionsLine({ ...hours, rules: [{ id: "houseRules", name: "House rules", value: { victoryCities: true } }] })).toBe("orders 1 day, decisions 2 hours, house rules");
    expect(optionsLine({ ...hours, rules: [{ id: "houseRules", name: "House rules", value: { victoryCities: false } }] })).toBe("orders 1 day, decisions 2 hours");
  });
});
