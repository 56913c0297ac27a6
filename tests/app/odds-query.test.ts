// The calculator's URL (app/odds/query.ts): a battle survives the trip through its query string, and
// a query that does not check names its field.
import { describe, expect, it } from "vitest";
import { oddsFromQuery, oddsQuery } from "../../app/odds/query";
import type { OddsInput } from "../../server/rulesets/1942/engine/odds";

describe("the calculator's URL", () => {
  it("writes and reads back every option", () => {
    const input: OddsInput = {
      attacker: { Germany: { infantry: 3, armour: 1 }, Japan: { fighter: 1 } },
      defender: { Russia: { infantry: 3, aaGun: 1 } },
      sea: false,
      lowLuck: true,
      aa: true,
      bombard: 2,
      attackerChoices: { keepLast: ["fighter", "armour"], keepLand: 1, withdrawAirAfter: 2, withdrawAirBelow: 0.35 },
      defenderChoices: { withdrawAirAfter: 3 },
    };
    const query = oddsQuery(input);
    expect(query).toContain("a.Germany=infantry%3A3%2Carmour%3A1");
    const back = oddsFromQuery(new URLSearchParams(query));
    expect(back.error).toBeUndefined();
    expect(back.input).toEqual(input);
  });

  it("reads the example of docs/odds.md", () => {
    const { input, error } = oddsFromQuery(new URLSearchParams("a.Germany=infantry:3,armour:1&a.Japan=fighter:1&d.Russia=infantry:3,aaGun:1&aa=1&bombard=2&a.keepLast=fighter,bomber&a.keepLand=1&a.withdrawAirAfter=2&d.withdrawAirAfter=1"));
    expect(error).toBeUndefined();
    expect(input.attacker).toEqual({ Germany: { infantry: 3, armour: 1 }, Japan: { fighter: 1 } });
    expect(input.attackerChoices).toEqual({ keepLast: ["fighter", "bomber"], keepLand: 1, withdrawAirAfter: 2 });
  });

  it("names the field of a query that does not check", () => {
    expect(oddsFromQuery(new URLSearchParams("a.Germany=infantry:3&d.Japan=infantry:1")).error).toBe("defender: the defender must be of the other team (R1.1)");
    expect(oddsFromQuery(new URLSearchParams("a.Germany=tank:3&d.Russia=infantry:1")).error).toMatch(/^attacker\.Germany\.tank:/);
  });
});
