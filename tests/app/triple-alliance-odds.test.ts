// The odds the Triple Alliance screen shows before a shot or charge is locked are the judge's: for
// every face of the die, the hits the helper predicts are the hits the engine's own shooting and
// hand-to-hand phases deal when that face is rolled.
import { describe, expect, it } from "vitest";
import { chargeOdds, shotOdds } from "../../app/games/triple-alliance/odds";
import { meleePhase } from "../../server/rulesets/triple-alliance/melee";
import { movementPhase } from "../../server/rulesets/triple-alliance/move-phase";
import { shootingPhase } from "../../server/rulesets/triple-alliance/shooting";
import type { ReportLine, State } from "../../server/rulesets/triple-alliance/types";
import type { Dice } from "../../server/rulesets/shared/dice";
import { buildState, type StateFixture } from "../rulesets/triple-alliance/fixture";

const always = (roll: number): Dice => (() => ({ d6: () => roll })) as unknown as Dice;
const hitsOf = (s: State, id: string) => s.units.find((u) => u.id === id)?.hits ?? 16;

function engineShot(s0: State, roll: number): number {
  const s = structuredClone(s0);
  shootingPhase(s, [["P1", "B1"]], always(roll), []);
  return hitsOf(s, "B1") - hitsOf(s0, "B1");
}

function engineCharge(s0: State, roll: number): { hits: number; lines: ReportLine[] } {
  const s = structuredClone(s0);
  const lines: ReportLine[] = [];
  movementPhase(s, new Map([["P1", { charge: "B1" }]]), new Map(), lines);
  meleePhase(s, always(roll), lines);
  return { hits: hitsOf(s, "B1") - hitsOf(s0, "B1"), lines };
}

const woods = { kind: "woods" as const, poly: [[400, 560], [600, 560], [600, 700], [400, 700]] as [number, number][] };
const hill = { kind: "hill" as const, poly: [[400, 560], [600, 560], [600, 700], [400, 700]] as [number, number][] };

const shots: [string, StateFixture][] = [
  ["musket at close range", { units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [500, 620], facing: 270 }] }],
  ["musket at long range, raw and worn", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], rating: "raw", hits: 9 }, { id: "B1", side: "brazil", pos: [520, 760], facing: 270 }] }],
  ["elite rifles on a target in woods", { areas: [woods], units: [{ id: "P1", side: "paraguay", pos: [500, 450], weapon: "rifle", rating: "elite" }, { id: "B1", side: "brazil", pos: [500, 620], facing: 270 }] }],
  ["guns on a march column", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "artillery" }, { id: "B1", side: "brazil", pos: [540, 700], formation: "column" }] }],
  ["guns at long range on a unit near its end", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "artillery" }, { id: "B1", side: "brazil", pos: [500, 900], facing: 270, hits: 13 }] }],
];

const charges: [string, StateFixture][] = [
  ["a frontal charge", { units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [500, 600], facing: 270 }] }],
  ["cavalry into a flank", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "cavalry", rating: "elite" }, { id: "B1", side: "brazil", pos: [520, 700], facing: 0 }] }],
  ["into the rear of a column on a hill", { areas: [hill], units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [500, 640], facing: 90, formation: "column" }] }],
  ["a worn raw unit at a line", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], rating: "raw", hits: 8 }, { id: "B1", side: "brazil", pos: [480, 620], facing: 270, hits: 2 }] }],
  ["guns overrun", { units: [{ id: "P1", side: "paraguay", pos: [500, 500], arm: "cavalry" }, { id: "B1", side: "brazil", pos: [500, 700], arm: "artillery", facing: 0 }] }],
];

describe("Triple Alliance odds shown before locking", () => {
  it.each(shots)("a shot: %s — every face of the die as the engine deals it (TA6.3–TA6.7)", (_, f) => {
    const s = buildState(f);
    const r = shotOdds(s, "P1", "B1");
    if (!r.ok) throw new Error(r.why);
    for (let roll = 1; roll <= 6; roll++) expect(r.odds.outcomes[roll - 1]!.hits, `roll ${roll}`).toBe(engineShot(s, roll));
    expect(r.odds.spread.reduce((a, x) => a + x.chance, 0)).toBeCloseTo(1, 9);
  });

  it.each(charges)("a charge: %s — every face of the die as the engine deals it (TA8.1–TA8.5)", (_, f) => {
    const s = buildState(f);
    const r = chargeOdds(s, "P1", "B1");
    if (!r.ok) throw new Error(r.why);
    for (let roll = 1; roll <= 6; roll++) {
      const e = engineCharge(s, roll);
      expect(e.lines.some((l) => l.kind === "charge-contact"), JSON.stringify(e.lines)).toBe(true);
      expect(r.odds.outcomes[roll - 1]!.hits, `roll ${roll}`).toBe(e.hits);
    }
  });

  it("the spread names the chance of losing a base and of elimination", () => {
    const s = buildState(shots[4]![1]);
    const r = shotOdds(s, "P1", "B1");
    if (!r.ok) throw new Error(r.why);
    // d6−2 from 13 hits: rolls 1–2 nothing, 3 one hit (14), 4 two (15), 5 and 6 three (16, gone).
    expect(r.odds.spread).toEqual([{ hits: 0, chance: 2 / 6 }, { hits: 1, chance: 1 / 6 }, { hits: 2, chance: 1 / 6 }, { hits: 3, chance: 2 / 6 }]);
    expect(r.odds.eliminated).toBeCloseTo(2 / 6);
    expect(r.odds.baseLost).toBeCloseTo(2 / 6);
  });

  it("refuses what the validator refuses, with its rule", () => {
    const s = buildState({ units: [{ id: "P1", side: "paraguay", pos: [500, 500] }, { id: "B1", side: "brazil", pos: [500, 1200], facing: 270 }, { id: "C1", side: "brazil", pos: [900, 600], arm: "cavalry" }, { id: "P2", side: "paraguay", pos: [700, 500], formation: "column" }] });
    expect(shotOdds(s, "P1", "B1")).toMatchObject({ ok: false, rule: "TA6.3" });
    expect(shotOdds(s, "P2", "C1")).toMatchObject({ ok: false, rule: "TA6.1" });
    expect(chargeOdds(s, "P1", "C1")).toMatchObject({ ok: false, rule: "TA7.1" });
  });
});
