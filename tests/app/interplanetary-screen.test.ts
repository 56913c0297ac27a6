// The screen's pure parts: the draft of a side's plot, the review's steps, and the board geometry.
import { describe, expect, it } from "vitest";
import { BOARD } from "../../server/rulesets/interplanetary/board";
import { interplanetary as ip } from "../../server/rulesets/interplanetary";
import { DIR_VECTORS, DIRS } from "../../server/rulesets/interplanetary/hex";
import { withGravity, withOrdnance, withShip } from "../../app/games/interplanetary/plot-draft";
import { reviewSteps, dieFace } from "../../app/games/interplanetary/review-steps";
import { FULL_VIEW, HEX, mapHexes, toPixel } from "../../app/games/interplanetary/geometry";
import { buildState } from "../rulesets/interplanetary/fixture";

describe("plot draft", () => {
  it("sets and clears one ship's orders; a ship without orders is dropped", () => {
    let d = withShip({}, "A-1", { burn: "E", fire: ["B-1"] });
    expect(d).toEqual({ ships: { "A-1": { burn: "E", fire: ["B-1"] } } });
    d = withShip(d, "A-1", { burn: undefined });
    expect(d).toEqual({ ships: { "A-1": { fire: ["B-1"] } } });
    d = withShip(d, "A-1", { fire: [] });
    expect(d).toEqual({ ships: {} });
    expect(withShip({}, "A-1", { takeoff: false })).toEqual({ ships: {} });
  });

  it("sets and clears a piece of ordnance's orders beside the ships'; its gravity choices likewise", () => {
    let d = withShip({}, "A-1", { burn: "E" });
    d = withOrdnance(d, "o3", { burn: "W", target: "B-1" });
    expect(d).toEqual({ ships: { "A-1": { burn: "E" } }, ordnance: { o3: { burn: "W", target: "B-1" } } });
    d = withOrdnance(d, "o3", { target: undefined, hold: true });
    expect(d.ordnance).toEqual({ o3: { burn: "W", hold: true } });
    d = withGravity(d, "o3", "5,4", "ignore", "SE", "ordnance");
    expect(d.ordnance!.o3!.gravity).toEqual({ "5,4": "ignore" });
    expect(d.ships).toEqual({ "A-1": { burn: "E" } });
    d = withOrdnance(withGravity(d, "o3", "5,4", "SE", "SE", "ordnance"), "o3", { burn: undefined, hold: undefined });
    expect(d).toEqual({ ships: { "A-1": { burn: "E" } }, ordnance: {} });
  });

  it("choosing what gravity applies anyway is no choice at all", () => {
    const d = withGravity({}, "A-1", "5,4", "ignore", "SE");
    expect(d.ships!["A-1"]!.gravity).toEqual({ "5,4": "ignore" });
    expect(withGravity(d, "A-1", "5,4", "SE", "SE")).toEqual({ ships: {} });
  });
});

describe("review steps", () => {
  it("follow the order of resolution; hits belong to the step that rolled them", () => {
    // A mine field in B-1's path and A-1 firing at B-1: both hit steps come out of one real turn.
    const state = buildState({
      ships: [
        { id: "A-1", side: "A", pos: [-5, 12], guns: 2 },
        { id: "B-1", side: "B", pos: [-2, 12], vel: [1, 0] },
      ],
      ordnance: [{ id: "o1", kind: "mine", side: "A", pos: [-1, 12], turnsLeft: null }],
    });
    const { report } = ip.resolve(state, { A: { ships: { "A-1": { fire: ["B-1", "B-1"] } } }, B: {} }, null, "steps");
    const steps = reviewSteps(report);
    expect(steps.map((s) => s.id)).toEqual(["movement", "ordnance", "guns", ...(steps.at(-1)!.id === "end" ? ["end"] : [])]);
    expect(steps[1]!.lines[0]).toMatchObject({ kind: "attack", source: "o1", target: "B-1" });
    expect(steps[2]!.lines.filter((l) => l.kind === "gun")).toHaveLength(2);
    // Every hit line follows an attack of its own step.
    for (const s of steps) for (const l of s.lines) if (l.kind === "hit") expect(["ordnance", "guns"]).toContain(s.id);
    expect(steps.flatMap((s) => s.lines)).toEqual(report.lines);
  });

  it("shows a die for a roll of 1 to 6 only", () => {
    expect(dieFace(1)).toBe("⚀");
    expect(dieFace(6)).toBe("⚅");
    expect(dieFace(0)).toBeNull();
    expect(dieFace("3")).toBeNull();
  });
});

describe("board geometry", () => {
  it("neighbouring hex centres are one hex width apart, and the whole map is in view", () => {
    for (const d of DIRS) {
      const p = toPixel(DIR_VECTORS[d]);
      expect(Math.hypot(p.x, p.y)).toBeCloseTo(HEX * Math.sqrt(3));
    }
    const hexes = mapHexes();
    expect(hexes).toHaveLength(3 * BOARD.radius * (BOARD.radius + 1) + 1);
    for (const h of hexes) {
      const p = toPixel(h);
      expect(p.x > FULL_VIEW.x && p.x < FULL_VIEW.x + FULL_VIEW.w && p.y > FULL_VIEW.y && p.y < FULL_VIEW.y + FULL_VIEW.h).toBe(true);
    }
  });
});
