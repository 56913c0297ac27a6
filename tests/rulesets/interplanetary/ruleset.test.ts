// Interplanetary through the ruleset interface: registry, phases, result, and a robot that reaches
// objectives, avoids crashes and shoots at good odds.
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import { getRuleset, rulesetIds } from "../../../server/rulesets/ruleset";
import type { State } from "../../../server/rulesets/interplanetary/types";
import { buildState } from "./fixture";

function playRobots(state: State, turns: number): State {
  for (let t = 0; t < turns && !state.ended; t++) {
    const orders = Object.fromEntries(state.sides.map((s) => [s, ip.robot(state, s, `r${t}`)]));
    state = ip.resolve(state, orders, null, `t${t}`).state;
  }
  return state;
}

describe("the Interplanetary ruleset", () => {
  it("is registered under its id with a version", () => {
    expect(getRuleset("interplanetary")).toBe(ip);
    expect(rulesetIds()).toContain("interplanetary");
    expect(ip.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("IP2.1: one simultaneous phase for every side with something in play; none once the game is over", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 12] }, { id: "B-1", side: "B", pos: [0, 14], status: "destroyed" }], ordnance: [{ id: "o1", kind: "mine", side: "C", pos: [1, 14] }], sides: ["A", "B", "C"] });
    expect(ip.phases(state)).toEqual([{ id: "plot", sides: ["A", "C"] }]);
    expect(ip.phases({ ...state, ended: { winners: ["A"], draw: false, reason: "x", turn: 1 } })).toEqual([]);
  });

  it("IP9.5: result reads the end of the game", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 12] }] });
    expect(ip.result(state)).toEqual({ over: false });
    expect(ip.result({ ...state, ended: { winners: ["A"], draw: false, reason: "r", turn: 3 } })).toEqual({ over: true, winners: ["A"], draw: false, reason: "r" });
  });

  it("robots fly the training route to its end: Venus, Mercury, the Moon, then orbit Earth", () => {
    const setup = ip.setup("training", { sides: ["A", "B"] }, "s");
    if (!setup.ok) throw new Error(setup.message);
    const end = playRobots(setup.state, 80);
    expect(end.ended?.winners.length).toBeGreaterThan(0);
    const winner = end.ships.find((s) => s.side === end.ended!.winners[0])!;
    expect(winner.orbit).toBe("Earth");
  });

  it("the robot steers away from a crash it can avoid", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 0], vel: [-1, 0], pending: [] }] });
    // Drifting: (-5,0) → (-6,0), then gravity W pulls it into Venus next turn.
    const drift = ip.resolve(ip.resolve(state, {}, null, "a").state, {}, null, "b").state;
    expect(drift.ships[0]!.status).toBe("destroyed");
    const end = playRobots(state, 3);
    expect(end.ships[0]!.status).toBe("flying");
  });

  it("the robot fires at an enemy at good odds and launches a missile that can reach it", () => {
    const state = buildState({
      scenario: "last-man-standing",
      ships: [
        { id: "A-1", side: "A", pos: [-5, 12], guns: 1, stock: { missile: 1 } },
        { id: "B-1", side: "B", pos: [-3, 12] },
      ],
    });
    const orders = ip.robot(state, "A", "r");
    expect(orders.ships?.["A-1"]?.fire).toEqual(["B-1"]);
    expect(orders.ships?.["A-1"]?.launch).toMatchObject({ kind: "missile", target: "B-1" });
    expect(ip.validate(state, "A", orders)).toEqual({ ok: true });
  });

  it("a landed robot takes off; an ended game gets no orders", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [3, 7], status: "landed", base: "earth-e" }] });
    expect(ip.robot(state, "A", "r")).toEqual({ ships: { "A-1": { takeoff: true } } });
    expect(ip.robot({ ...state, ended: { winners: [], draw: true, reason: "x", turn: 1 } }, "A", "r")).toEqual({});
  });
});

describe("the rulesets index", () => {
  it("registers Interplanetary on import", async () => {
    const index = await import("../../../server/rulesets/index");
    expect(index.getRuleset("interplanetary")?.id).toBe("interplanetary");
    expect(index.getRuleset("chess")).toBeUndefined();
  });
});
