// IP7.6, IP7.7 with dice under the test's control: where a hit lands and what it does.
import { describe, expect, it } from "vitest";
import { disable, hit } from "../../../server/rulesets/interplanetary/damage";
import type { ReportLine } from "../../../server/rulesets/interplanetary/types";
import { buildState } from "./fixture";

const dice = (...rolls: number[]) => ({ d6: () => rolls.shift()! });
const ship = (over: object = {}) => buildState({ ships: [{ id: "A-1", side: "A", pos: [0, 14], stock: { mine: 3, missile: 2 }, ...over }] }).ships[0]!;

describe("IP7.7 hits", () => {
  it("structure takes the damage directly", () => {
    const s = ship();
    hit(s, dice(1, 3), []);
    expect(s.hp.structure).toBe(5);
  });
  it("fuel damage is fuel lost; what the tanks cannot take goes to structure", () => {
    const s = ship({ fuel: 2 });
    const lines: ReportLine[] = [];
    hit(s, dice(4, 6), lines);
    expect(s.fuel).toBe(0);
    expect(s.hp.structure).toBe(4);
    expect(lines[0]).toMatchObject({ rule: "IP7.7", location: "fuel", damage: 6, overflow: 4 });
  });
  it("launcher damage destroys stowed weapons beyond what the launchers still hold", () => {
    const s = ship();
    hit(s, dice(3, 2), []);
    expect(s.hp.launchers).toBe(4);
    expect(s.stock.mine + s.stock.missile).toBe(4);
    expect(s.stock.missile).toBe(1);
  });
  it("a subsystem already gone passes everything to structure, and structure 0 destroys the ship", () => {
    const s = ship({ hp: { reactor: 0, structure: 3 } });
    const lines: ReportLine[] = [];
    hit(s, dice(5, 4), lines);
    expect(s.hp.structure).toBe(0);
    expect(s.status).toBe("destroyed");
    expect(lines.map((l) => l.kind)).toEqual(["hit", "destroyed"]);
  });
});

describe("IP7.6 disabled", () => {
  it("does not stack", () => {
    const s = ship();
    const lines: ReportLine[] = [];
    disable(s, 2, lines);
    disable(s, 1, lines);
    expect(s.disabled).toBe(2);
    expect(lines.map((l) => l.kind)).toEqual(["disabled", "disabled-ignored"]);
  });
});
