// The Sides tab's options line (app/games/options-line.ts): the deadlines' hours (the decisions' only
// for a ruleset with phases of decisions), the platform's options as the lobby writes them (press,
// daily deadlines, robots), then each ruleset option the game was made with by its name, knowing none
// of them (a group of settings by the words its option gives each: 1942's house rules, as the lobby
// writes them), and last the options about players. For a 1942 game, the lobby's line word for word.
import { describe, expect, it } from "vitest";
import { optionsLine, settingsText } from "../../app/games/options-line";
import { OPTIONS_1942 } from "../../server/rulesets/1942/options";
import { optionsText, type LobbyGame } from "../../app/lobby/lobby-game";

const hours = { ordersHours: 24, decisionHours: 2, decides: true, platform: {} };

describe("the options line", () => {
  it("writes the orders' and decisions' hours", () => {
    expect(optionsLine({ ...hours, rules: [] })).toBe("orders 1 day, decisions 2 hours, full press");
  });

  it("leaves out the decisions' hours when the ruleset has no phase of decisions", () => {
    expect(optionsLine({ ...hours, decides: false, rules: [] })).toBe("orders 1 day, full press");
  });

  it("names a flag that is on, a count with its value, and leaves out a flag that is off", () => {
    const rules = [
      { id: "lowLuck", name: "Low luck", value: true },
      { id: "fog", name: "Fog", value: false },
      { id: "turns", name: "Turns", value: 8 },
    ];
    expect(optionsLine({ ...hours, rules })).toBe("orders 1 day, decisions 2 hours, full press, low luck, turns 8");
  });

  it("names a group of settings whose option names none of them when one is set, else not", () => {
    expect(optionsLine({ ...hours, rules: [{ id: "extras", name: "Extras", value: { a: true } }] })).toBe("orders 1 day, decisions 2 hours, full press, extras");
    expect(optionsLine({ ...hours, rules: [{ id: "extras", name: "Extras", value: { a: false } }] })).toBe("orders 1 day, decisions 2 hours, full press");
  });

  it("names each setting set by its option's words, a number after them", () => {
    const parts = { a: "alpha rule", turn: "ends after turn" };
    expect(settingsText(parts, { a: true, turn: 6 })).toEqual(["alpha rule", "ends after turn 6"]);
    expect(optionsLine({ ...hours, rules: [{ id: "g", name: "Group", value: { a: false, turn: 3 }, parts }] })).toBe("orders 1 day, decisions 2 hours, full press, ends after turn 3");
    expect(optionsLine({ ...hours, rules: [{ id: "g", name: "Group", value: { a: false }, parts }] })).toBe("orders 1 day, decisions 2 hours, full press");
  });

  it("names 1942's house rules one by one, as the lobby does", () => {
    const houseRules = { victoryCities: true, minorVictoryTurn: 7, vcInfantry: true, commerceRaiding: true };
    const house = OPTIONS_1942.find((o) => o.id === "houseRules")!;
    const line = optionsLine({ ...hours, rules: [{ id: "lowLuck", name: "Low luck", value: true }, { id: house.id, name: house.name, value: houseRules, parts: house.parts }] });
    expect(line).toBe("orders 1 day, decisions 2 hours, full press, low luck, victory cities, minor victory after turn 7, infantry at victory cities, commerce raiding");
    const lobby = optionsText({ ruleset: "1942", options: { ordersHours: 24, decisionHours: 2, houseRules } } as unknown as LobbyGame);
    expect(lobby).toContain("victory cities, minor victory after turn 7, infantry at victory cities, commerce raiding");
  });

  it("names the platform's options the lobby names: press, anonymity, daily deadlines, robots, the options about players", () => {
    const platform = { press: "public", anonymous: true, robotsHold: true, robotTakeover: 2, excusedMisses: 0, honourVacations: true, rated: true, requirements: { minReliability: 80, minFinishedGames: 3 } } as const;
    const daily = { ordersAt: { time: "18:45", zone: "Asia/Tokyo" }, decisionsAt: { time: "07:30", zone: "America/New_York" } };
    expect(optionsLine({ ...hours, ...daily, platform, rules: [{ id: "turns", name: "Turns", value: 8 }] })).toBe(
      "orders 1 day, decisions 2 hours, public press only, anonymous, orders due daily at 18:45 Asia/Tokyo, decisions due daily at 07:30 America/New_York, practice robots, robot takes over after 2 missed, turns 8, rated, no excused misses, vacations honoured, reliability 80+, 3+ finished games",
    );
    expect(optionsLine({ ...hours, decides: false, platform: { press: "none", excusedMisses: 3 }, rules: [] })).toBe("orders 1 day, no press, 3 excused misses");
  });

  it("writes a 1942 game's options as the lobby does, word for word", () => {
    const house = OPTIONS_1942.find((o) => o.id === "houseRules")!;
    const houseRules = { victoryCities: true, minorVictoryTurn: 8 };
    const platform = { press: "public", robotsHold: true, robotTakeover: 2, excusedMisses: 2, honourVacations: true, requirements: { minFinishedGames: 3 } } as const;
    const daily = { ordersAt: { time: "18:45", zone: "Asia/Tokyo" } };
    const phased = optionsLine({ ordersHours: 36, decisionHours: 6, decides: true, ...daily, platform, rules: [{ id: "lowLuck", name: "Low luck", value: true }, { id: house.id, name: house.name, value: houseRules, parts: house.parts }] });
    const lobby = optionsText({ ruleset: "1942", options: { ordersHours: 36, decisionHours: 6, lowLuck: true, houseRules, ...daily, ...platform } } as unknown as LobbyGame);
    expect(phased).toBe(lobby);
    expect(phased).toBe("orders 1 day 12 hours, decisions 6 hours, public press only, orders due daily at 18:45 Asia/Tokyo, practice robots, robot takes over after 2 missed, low luck, victory cities, minor victory after turn 8, 2 excused misses, vacations honoured, 3+ finished games");
  });
});
