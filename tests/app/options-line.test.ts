// The Sides tab's options line (app/games/options-line.ts): the deadlines' hours (the decisions' only
// for a ruleset with phases of decisions), then each ruleset option the game was made with by its
// name, knowing none of them; a group of settings by the words its option gives each (1942's house
// rules, as the lobby writes them).
import { describe, expect, it } from "vitest";
import { optionsLine, settingsText } from "../../app/games/options-line";
import { OPTIONS_1942 } from "../../server/rulesets/1942/options";
import { optionsText, type LobbyGame } from "../../app/lobby/lobby-game";

const hours = { ordersHours: 24, decisionHours: 2, decides: true };

describe("the options line", () => {
  it("writes the orders' and decisions' hours", () => {
    expect(optionsLine({ ...hours, rules: [] })).toBe("orders 1 day, decisions 2 hours");
  });

  it("leaves out the decisions' hours when the ruleset has no phase of decisions", () => {
    expect(optionsLine({ ...hours, decides: false, rules: [] })).toBe("orders 1 day");
  });

  it("names a flag that is on, a count with its value, and leaves out a flag that is off", () => {
    const rules = [
      { id: "lowLuck", name: "Low luck", value: true },
      { id: "fog", name: "Fog", value: false },
      { id: "turns", name: "Turns", value: 8 },
    ];
    expect(optionsLine({ ...hours, rules })).toBe("orders 1 day, decisions 2 hours, low luck, turns 8");
  });

  it("names a group of settings whose option names none of them when one is set, else not", () => {
    expect(optionsLine({ ...hours, rules: [{ id: "extras", name: "Extras", value: { a: true } }] })).toBe("orders 1 day, decisions 2 hours, extras");
    expect(optionsLine({ ...hours, rules: [{ id: "extras", name: "Extras", value: { a: false } }] })).toBe("orders 1 day, decisions 2 hours");
  });

  it("names each setting set by its option's words, a number after them", () => {
    const parts = { a: "alpha rule", turn: "ends after turn" };
    expect(settingsText(parts, { a: true, turn: 6 })).toEqual(["alpha rule", "ends after turn 6"]);
    expect(optionsLine({ ...hours, rules: [{ id: "g", name: "Group", value: { a: false, turn: 3 }, parts }] })).toBe("orders 1 day, decisions 2 hours, ends after turn 3");
    expect(optionsLine({ ...hours, rules: [{ id: "g", name: "Group", value: { a: false }, parts }] })).toBe("orders 1 day, decisions 2 hours");
  });

  it("names 1942's house rules one by one, as the lobby does", () => {
    const houseRules = { victoryCities: true, minorVictoryTurn: 7, vcInfantry: true, commerceRaiding: true };
    const house = OPTIONS_1942.find((o) => o.id === "houseRules")!;
    const line = optionsLine({ ...hours, rules: [{ id: "lowLuck", name: "Low luck", value: true }, { id: house.id, name: house.name, value: houseRules, parts: house.parts }] });
    expect(line).toBe("orders 1 day, decisions 2 hours, low luck, victory cities, minor victory after turn 7, infantry at victory cities, commerce raiding");
    const lobby = optionsText({ ruleset: "1942", options: { ordersHours: 24, decisionHours: 2, houseRules } } as unknown as LobbyGame);
    expect(lobby).toContain("victory cities, minor victory after turn 7, infantry at victory cities, commerce raiding");
  });
});
