// Teams on the ruleset interface (docs/platform.md "What the platform may import from a ruleset"):
// each scenario's teams as its rulebook has them — 1942's Axis and Allies (R1.1), the War of the
// Triple Alliance's armies (TA1.7), Interplanetary every side for itself (IP9) — and the platform's
// reading of them (scenarioTeams, teamOfGameSide), a scenario without teams being a free-for-all.
import { describe, expect, it } from "vitest";
import { getRuleset, teamOfSide, teamsOf, type ScenarioInfo } from "../../server/rulesets";
import { NATIONS, teamOf } from "../../server/rulesets/1942/engine";
import { SCENARIO_DATA } from "../../server/rulesets/triple-alliance/scenarios";
import { scenarioSides, scenarioTeams, teamOfGameSide } from "../../server/services/ruleset-games/rulesets";

const scenarios = (id: string): readonly ScenarioInfo[] => getRuleset(id)!.scenarios;

describe("a scenario's teams", () => {
  it("1942: the Axis and the Allies, from the engine's teams (R1.1)", () => {
    const [standard] = scenarios("1942");
    expect(teamsOf(standard!)).toEqual([
      { name: "Axis", sides: ["Germany", "Japan"] },
      { name: "Allies", sides: ["Russia", "United Kingdom", "United States"] },
    ]);
    for (const nation of NATIONS) expect(teamOfSide(standard!, nation)).toBe(teamOf(nation));
  });

  it("the War of the Triple Alliance: each side in its army's team, as the scenario's data says (TA1.7)", () => {
    expect(scenarios("triple-alliance").map((s) => [s.id, teamsOf(s)])).toEqual([
      ["encuentro", [{ name: "Paraguay", sides: ["paraguay"] }, { name: "Allies", sides: ["brazil"] }]],
      ["tuyuti", [{ name: "Paraguay", sides: ["paraguay"] }, { name: "Allies", sides: ["brazil", "argentina"] }]],
      ["curupayty", [{ name: "Paraguay", sides: ["paraguay"] }, { name: "Allies", sides: ["brazil", "argentina"] }]],
    ]);
    for (const s of scenarios("triple-alliance"))
      for (const side of s.sides) expect(teamOfSide(s, side)).toBe(SCENARIO_DATA[s.id]!.sides[side]);
  });

  it("Interplanetary: every scenario is every side for itself (IP9), one team per side named as it", () => {
    for (const s of scenarios("interplanetary")) {
      expect(s.teams).toBeUndefined();
      expect(teamsOf(s)).toEqual(s.sides.map((side) => ({ name: side, sides: [side] })));
      for (const side of s.sides) expect(teamOfSide(s, side)).toBe(side);
    }
  });

  it("every declared team holds sides of its scenario, each side in exactly one team", () => {
    for (const id of ["1942", "interplanetary", "triple-alliance"])
      for (const s of scenarios(id)) expect(teamsOf(s).flatMap((t) => t.sides).sort()).toEqual([...s.sides].sort());
  });

  it("a side no team lists plays for itself", () => {
    const scenario: ScenarioInfo = { id: "x", name: "X", sides: ["a", "b", "c"], minSides: 2, teams: [{ name: "AB", sides: ["a", "b"] }] };
    expect(teamOfSide(scenario, "a")).toBe("AB");
    expect(teamOfSide(scenario, "c")).toBe("c");
  });
});

describe("the platform's reading of a game's teams", () => {
  it("a 1942 game, stored without a scenario, has its one scenario's teams", () => {
    const game = { ruleset: "1942", scenario: null };
    expect(scenarioTeams(game).map((t) => t.name)).toEqual(["Axis", "Allies"]);
    expect(NATIONS.map((n) => teamOfGameSide(game, n))).toEqual(["Allies", "Axis", "Allies", "Axis", "Allies"]);
  });

  it("a game of another ruleset has its scenario's teams", () => {
    expect(scenarioTeams({ ruleset: "triple-alliance", scenario: "tuyuti" }).map((t) => t.name)).toEqual(["Paraguay", "Allies"]);
    expect(teamOfGameSide({ ruleset: "triple-alliance", scenario: "tuyuti" }, "argentina")).toBe("Allies");
    const race = { ruleset: "interplanetary", scenario: "planet-race" };
    expect(scenarioTeams(race).map((t) => t.sides)).toEqual(scenarioSides(race).map((side) => [side]));
    expect(teamOfGameSide(race, scenarioSides(race)[1]!)).toBe(scenarioSides(race)[1]);
  });

  it("an unknown ruleset has no teams, and a side stands for itself", () => {
    expect(scenarioTeams({ ruleset: "none", scenario: null })).toEqual([]);
    expect(teamOfGameSide({ ruleset: "none", scenario: null }, "red")).toBe("red");
  });
});
