// The reachable ground the Triple Alliance screen shows is the engine's: a unit ordered to the reach
// the helper computes ends its move exactly there, and one ordered further is stopped where the
// helper said (TA4.1, TA4.2, TA4.4, TA4.7, TA5.2, TA5.5).
import { describe, expect, it } from "vitest";
import { moveToward, reachAlong, reachArea } from "../../app/games/triple-alliance/reach";
import { dist } from "../../server/rulesets/triple-alliance/geometry";
import { resolveTurn } from "../../server/rulesets/triple-alliance/resolve";
import type { State } from "../../server/rulesets/triple-alliance/types";
import { buildState } from "../rulesets/triple-alliance/fixture";

function moveAlone(s: State, face: number, distance: number, march = false) {
  const after = resolveTurn(s, { paraguay: { units: { P1: { move: { face, distance, march } } } } }, "seed").state;
  const a = after.units.find((u) => u.id === "P1")!;
  const b = s.units.find((u) => u.id === "P1")!;
  return dist(a.pos, b.pos);
}

const wood = { kind: "woods" as const, name: "Monte", poly: [[300, 650], [700, 650], [700, 800], [300, 800]] as [number, number][] };

describe("Triple Alliance reach", () => {
  it("on an open table a unit reaches its allowance every way (TA4.1)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [1000, 1000], arm: "cavalry" }] });
    for (const a of [0, 45, 90, 200]) expect(reachAlong(s, s.units[0]!, a)).toMatchObject({ distance: 300, allowance: 300 });
  });

  it("stops where the engine stops it, short of a unit, a wood for horse and a river", () => {
    const s = buildState({
      areas: [wood, { kind: "ford", poly: [[1400, 400], [1500, 400], [1500, 600], [1400, 600]] }],
      lines: [{ kind: "river", name: "Arroyo", points: [[400, 400], [1400, 400]] }],
      units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "cavalry" }, { id: "B1", side: "brazil", pos: [260, 500], facing: 0 }],
    });
    const u = s.units[0]!;
    for (const [face, by] of [[90, "Monte"], [180, "B1"], [-30, "Arroyo"]] as const) {
      const r = reachAlong(s, u, face);
      expect(r.stoppedBy, `facing ${face}`).toBe(by);
      expect(r.distance).toBeLessThan(300);
      expect(moveAlone(s, face, r.distance)).toBeCloseTo(r.distance, 6);
      expect(moveAlone(s, face, Math.min(300, r.distance + 3))).toBeLessThan(r.distance + 1);
    }
  });

  it("stops at the table edge", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 200], arm: "cavalry" }] });
    const r = reachAlong(s, s.units[0]!, 270);
    // The square of four 30 mm bases reaches 30 mm short of the edge at y = 0.
    expect(r).toMatchObject({ stoppedBy: "table edge" });
    expect(r.distance).toBeGreaterThanOrEqual(169);
    expect(r.distance).toBeLessThanOrEqual(170);
    expect(moveAlone(s, 270, r.distance)).toBeCloseTo(r.distance, 6);
  });

  it("infantry goes into the wood its horse may not enter (TA5.2)", () => {
    const s = buildState({ areas: [wood], units: [{ id: "P1", side: "paraguay", pos: [500, 600] }] });
    expect(reachAlong(s, s.units[0]!, 90).distance).toBe(150);
  });

  it("a march doubles a column's allowance and stops 200 mm from the enemy (TA4.4)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 300], formation: "column" }, { id: "B1", side: "brazil", pos: [500, 750], facing: 270 }] });
    const r = reachAlong(s, s.units[0]!, 90, true);
    expect(r).toMatchObject({ allowance: 300, stoppedBy: "keep-off" });
    expect(moveAlone(s, 90, r.distance, true)).toBeCloseTo(r.distance, 6);
    expect(reachAlong(s, s.units[0]!, 270, true).distance).toBe(270);
  });

  it("refuses what may not move at all, naming the rule (TA4.5, TA4.4)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "artillery" }, { id: "P2", side: "paraguay", pos: [800, 500] }] });
    expect(reachAlong(s, s.units[0]!, 90).refused?.rule).toBe("TA4.5");
    expect(reachAlong(s, s.units[1]!, 90, true).refused?.rule).toBe("TA4.4");
  });

  it("no room to turn leaves the unit where it stands (TA4.2)", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "P2", side: "paraguay", pos: [500, 540] }] });
    expect(reachAlong(s, s.units[0]!, 0)).toMatchObject({ distance: 0, stoppedBy: "no room to turn" });
  });

  it("a drag gives an order facing the point, never beyond the reach, and the area is a fan of reaches", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [500, 620], facing: 270 }] });
    const u = s.units[0]!;
    expect(moveToward(s, u, { x: 500, y: 560 }).order).toEqual({ distance: 60 });
    const blocked = moveToward(s, u, { x: 500, y: 900 });
    expect(blocked.order.distance).toBe(blocked.reach.distance);
    expect(blocked.order.distance).toBeLessThan(150);
    expect(moveToward(s, u, { x: 700, y: 500 }).order).toEqual({ face: 0, distance: 150 });
    const area = reachArea(s, u, false, 30);
    expect(area).toHaveLength(12);
    for (const p of area) expect(dist(p, u.pos)).toBeLessThanOrEqual(150 + 1e-9);
  });
});
