// The plotting aids must predict exactly what the judge does: the ghost course and the seven
// endpoints land where the turn resolves, a launch flies where the weapon goes, and the odds are
// the attack table's.
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import { DIRS, key, type Dir } from "../../../server/rulesets/interplanetary/hex";
import { destroyOdds, endpoints, ghostCourse, gravityChoices, launchCourse, resultOdds, shotOdds } from "../../../server/rulesets/interplanetary/plot-aid";
import type { State } from "../../../server/rulesets/interplanetary/types";
import { buildState, pendingFrom } from "./fixture";

const resolveWith = (state: State, orders: Record<string, unknown>) => ip.resolve(state, orders as never, null, "aid").state;

describe("ghost course and endpoints", () => {
  // A ship passing Venus: it feels last turn's gravity (IP4.1) before any burn.
  const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-6, 0], vel: [0, 1], pending: ["-6,0"] }] });
  const ship = state.ships[0]!;

  it("offers seven endpoints, each where the judge puts the ship", () => {
    const ends = endpoints(ship);
    expect(ends.map((e) => e.burn)).toEqual([null, ...DIRS]);
    for (const e of ends) {
      const after = resolveWith(state, { A: { ships: { "A-1": e.burn ? { burn: e.burn } : {} } } });
      expect(key(after.ships[0]!.pos), `burn ${e.burn}`).toBe(key(e.course.crash ? e.course.crash.hex : e.course.tip));
      expect(after.ships[0]!.pending).toEqual(e.course.pending);
    }
  });

  it("the drift ghost already holds the gravity due: not simply position plus vector", () => {
    const drift = ghostCourse(ship);
    expect(key(drift.tip)).not.toBe(key({ q: ship.pos.q + ship.vel.q, r: ship.pos.r + ship.vel.r }));
    expect(drift.applied).toEqual([{ hex: "-6,0", dir: expect.any(String) }]);
  });

  it("a ship that may not burn has only the drift endpoint", () => {
    expect(endpoints(ship, {}, false).map((e) => e.burn)).toEqual([null]);
  });
});

describe("gravity choices", () => {
  it("weak gravity may be ignored unless forced; two-directed offers both arrows; normal offers nothing", () => {
    const weak = pendingFrom(["5,4"]); // next to the Moon
    expect(weak[0]!.weak).toBe(true);
    expect(gravityChoices(weak)).toEqual([{ hex: "5,4", options: [weak[0]!.arrows[0], "ignore"] }]);
    expect(gravityChoices(pendingFrom(["5,4!"]))).toEqual([]);
    expect(gravityChoices(pendingFrom(["-13,-10"]))).toEqual([{ hex: "-13,-10", options: pendingFrom(["-13,-10"])[0]!.arrows }]);
    expect(pendingFrom(["-13,-10"])[0]!.arrows).toHaveLength(2);
    expect(gravityChoices(pendingFrom(["-6,0"]))).toEqual([]);
  });

  it("an ignored weak hex changes the ghost exactly as the judge does", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [5, 4], vel: [1, 0], pending: ["5,4"] }] });
    const ship = state.ships[0]!;
    const ignored = ghostCourse(ship, { "5,4": "ignore" });
    expect(ignored.tip).toEqual({ q: 6, r: 4 });
    const after = resolveWith(state, { A: { ships: { "A-1": { gravity: { "5,4": "ignore" } } } } });
    expect(after.ships[0]!.pos).toEqual(ignored.tip);
    expect(ghostCourse(ship).tip).not.toEqual(ignored.tip);
  });
});

describe("launch course", () => {
  it("a missile flies where the judge moves it", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [0, 12], vel: [1, 0], stock: { missile: 1 } }, { id: "B-1", side: "B", pos: [10, 12] }] });
    const burns: Dir[] = ["E", "NE"];
    const after = resolveWith(state, { A: { ships: { "A-1": { launch: { kind: "missile", burns } } } } });
    expect(after.ordnance[0]!.pos).toEqual(launchCourse(state.ships[0]!, burns).tip);
  });
});

describe("odds", () => {
  it("the gun table at modifier 0: rolls 1–6 give M, M, D1, D2, H, H+D2", () => {
    expect(resultOdds("gun", 0)).toEqual({ M: 2, D1: 1, D2: 1, H: 1, "H+D2": 1, "2H": 0 });
    expect(resultOdds("missile", 3)).toEqual({ M: 0, D1: 0, D2: 0, H: 1, "H+D2": 1, "2H": 4 });
  });

  it("a shot's odds use the closest points of the two courses (IP7.2)", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 12] }, { id: "B-1", side: "B", pos: [-1, 12] }] });
    const [a, b] = state.ships;
    const o = shotOdds(ghostCourse(a!), ghostCourse(b!), b!);
    expect([o.range, o.relative, o.modifier]).toEqual([4, 0, -2]);
    // -2 on the gun table: rolls 5 and 6 give D1 and D2, nothing hits.
    expect(o.hit).toBe(0);
    expect(o.disable).toBeCloseTo(2 / 6);
    expect(o.destroy).toBe(0);
    const far = shotOdds(ghostCourse(a!), ghostCourse({ pos: { q: 8, r: 12 }, vel: { q: 0, r: 0 }, pending: [] }), null);
    expect([far.inRange, far.hit, far.destroy]).toEqual([false, 0, null]);
  });

  it("destruction odds follow the damage rules (IP7.7)", () => {
    const hp = { structure: 1, guns: 6, launchers: 6, reactor: 6, systems: 6 };
    const stock = { mine: 0, rocket: 0, missile: 0, torpedo: 0, buster: 0 };
    // Structure 1, no fuel: a hit on structure or on the empty fuel tanks destroys (2 locations of 6).
    expect(destroyOdds({ hp, fuel: 0, stock }, 1)).toBeCloseTo(1 / 3);
    // Full fuel: only a structure hit does.
    expect(destroyOdds({ hp, fuel: 20, stock }, 1)).toBeCloseTo(1 / 6);
    // A fresh ship survives any single hit (at most 6 damage on 8 structure).
    expect(destroyOdds({ hp: { ...hp, structure: 8 }, fuel: 20, stock }, 1)).toBe(0);
    // Two hits: at least as likely as two independent one-third chances (a damaged subsystem overflows).
    expect(destroyOdds({ hp, fuel: 0, stock }, 2)).toBeGreaterThanOrEqual(5 / 9);
  });
});
