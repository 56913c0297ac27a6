// Triple Alliance through the ruleset interface: registered by id, one phase for every side on the
// table (TA2.1), a hold when a side sends nothing (TA2.2), and the result (TA9).
import { describe, expect, it } from "vitest";
import { getRuleset, rulesetIds } from "../../../server/rulesets";
import { tripleAlliance as ta } from "../../../server/rulesets/triple-alliance";
import { meleeHits } from "../../../server/rulesets/triple-alliance/melee";
import { shotHits } from "../../../server/rulesets/triple-alliance/shooting";
import { buildState } from "./fixture";

describe("Triple Alliance ruleset", () => {
  it("is registered by its id", () => {
    expect(rulesetIds()).toContain("triple-alliance");
    expect(getRuleset("triple-alliance")).toBe(ta);
  });

  it("has one phase, orders, for every side with a unit or general on the table", () => {
    const setup = ta.setup("tuyuti", undefined, "s");
    if (!setup.ok) throw new Error(setup.message);
    expect(ta.phases(setup.state)).toEqual([{ id: "orders", sides: ["paraguay", "brazil", "argentina"] }]);
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [900, 900] }] });
    expect(ta.phases(s)).toEqual([{ id: "orders", sides: ["paraguay", "brazil"] }]);
    expect(ta.result(s)).toEqual({ over: false });
  });

  it("a turn with no orders at all changes only the turn", () => {
    const setup = ta.setup("encuentro", undefined, "s");
    if (!setup.ok) throw new Error(setup.message);
    const { state, report } = ta.resolve(setup.state, {}, null, "x");
    expect(state.units).toEqual(setup.state.units);
    expect(state.turn).toBe(2);
    expect(report.lines.filter((l) => l.kind === "no-orders").map((l) => l.side)).toEqual(["paraguay", "brazil"]);
  });

  it("shooting hits follow the roll for every die face (TA6.5–TA6.7)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [0, 0], arm: "artillery" }, { id: "B1", side: "brazil", pos: [0, 0], formation: "column" }] });
    const [guns, col] = s.units as [never, never];
    for (let roll = 1; roll <= 6; roll++) {
      expect(shotHits(roll, guns, col, 2, false).hits).toBe((roll + 2) * 2);
      expect(shotHits(roll, guns, col, 2, true).hits).toBe(Math.ceil((roll + 2) / 2) * 2);
      expect(shotHits(roll, guns, col, -2, false).hits).toBe(Math.max(0, roll - 2) * 2);
    }
  });

  it("hand-to-hand hits follow the roll for every die face (TA8.1, TA8.3–TA8.5)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [0, 0], rating: "elite" }, { id: "B1", side: "brazil", pos: [0, 0] }] });
    const [a, d] = s.units as [never, never];
    for (let roll = 1; roll <= 6; roll++) {
      expect(meleeHits(roll, a, d, "front", false).hits).toBe(roll + 1);
      expect(meleeHits(roll, a, d, "flank", true).hits).toBe(Math.ceil((roll + 1) / 2) * 2);
    }
  });
});
