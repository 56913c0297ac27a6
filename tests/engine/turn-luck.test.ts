// The luck of a whole turn (issue 24): where a turn's attacks, as the dice decided them, sit in the
// exact joint distribution of the whole-turn odds — against cases derived by hand. Each case resolves
// the turn with several seeds and checks the placement for whichever result the dice gave.
import { describe, expect, it } from "vitest";
import { resolveTurn } from "../../server/rulesets/1942/engine";
import type { Order } from "../../server/rulesets/1942/engine/orders/types";
import { placeOnCounts, turnLuck } from "../../server/rulesets/1942/engine/odds/turn-luck";
import type { Nation } from "../../server/rulesets/1942/engine/types";
import { stateOf } from "../support/scenario";

/** Germany's A borders Russia's C and D; the zone S1 lies off A and C. */
const BOARD = {
  territories: [
    { id: "A", kind: "land", value: 3, owner: "Germany", capitalOf: "Germany" },
    { id: "C", kind: "land", value: 1, owner: "Russia" },
    { id: "D", kind: "land", value: 1, owner: "Russia" },
    { id: "R", kind: "land", value: 4, owner: "Russia", capitalOf: "Russia" },
    { id: "S1", kind: "sea" },
    { id: "S2", kind: "sea" },
  ],
  edges: [
    ["A", "C"],
    ["A", "D"],
    ["C", "R"],
    ["D", "R"],
    ["A", "S1"],
    ["C", "S1"],
    ["S1", "S2"],
  ],
};

const SEEDS = ["luck 1", "luck 2", "luck 3", "luck 4", "luck 5", "luck 6"];

function luckOf(units: unknown[], orders: Partial<Record<Nation, Order[]>>, seed: string) {
  const state = stateOf({ board: BOARD, units });
  const { report } = resolveTurn({ state, orders, seed });
  const [germany, ...others] = turnLuck({ state, orders, report }, ["Germany", "Russia", "United Kingdom"]);
  expect(others).toEqual([]); // only Germany attacked
  return { germany: germany!, report };
}

describe("placing a number of successes on its distribution", () => {
  it("counts the mass below, at and above, and the mean", () => {
    expect(placeOnCounts([1], 0)).toEqual({ worse: 0, same: 1, better: 0, expected: 0 });
    expect(placeOnCounts([0.5, 0.5], 1)).toEqual({ worse: 0.5, same: 0.5, better: 0, expected: 0.5 });
    expect(placeOnCounts([0.25, 0.5, 0.25], 1)).toEqual({ worse: 0.25, same: 0.5, better: 0.25, expected: 1 });
  });
});

describe("the luck of a whole turn against hand-derived odds (R6)", () => {
  it("a sure thing: a battleship attacking a lone transport sinks it at once (R6.10), 0 % of turns go worse", () => {
    const units = [
      { nation: "Germany", type: "battleship", at: "S2", count: 1 },
      { nation: "United Kingdom", type: "transport", at: "S1", count: 1 },
    ];
    for (const seed of SEEDS.slice(0, 2)) {
      const { germany } = luckOf(units, { Germany: [{ id: "b", units: { battleship: 1 }, from: "S2", path: ["S1"] }] }, seed);
      expect(germany.attacks).toEqual([{ territory: "S1", pass: "sea", p: 1, succeeded: true }]);
      expect(germany.unpriced).toEqual([]);
      expect(germany.counts).toEqual([0, 1]);
      expect(germany).toMatchObject({ succeeded: 1, worse: 0, better: 0, expected: 1 });
    }
  });

  it("a coin flip: armour (hits on 1–3) against an infantry (1–2): taken with 1/2·2/3 ÷ (1 − 1/2·2/3) = 1/2", () => {
    const units = [
      { nation: "Germany", type: "armour", at: "A", count: 1 },
      { nation: "Russia", type: "infantry", at: "C", count: 1 },
    ];
    const seen = new Set<boolean>();
    for (const seed of SEEDS) {
      const { germany, report } = luckOf(units, { Germany: [{ id: "a", units: { armour: 1 }, from: "A", path: ["C"] }] }, seed);
      const taken = report.owners.C === "Germany";
      seen.add(taken);
      expect(germany.attacks[0]!.p).toBeCloseTo(0.5, 12);
      expect(germany.attacks[0]!.succeeded).toBe(taken);
      expect(germany.counts[0]).toBeCloseTo(0.5, 12);
      expect(germany.counts[1]).toBeCloseTo(0.5, 12);
      // Taken: half the turns go worse, none better; not taken: none worse, half better.
      expect(germany.worse).toBeCloseTo(taken ? 0.5 : 0, 12);
      expect(germany.better).toBeCloseTo(taken ? 0 : 0.5, 12);
      expect(germany.expected).toBeCloseTo(0.5, 12);
    }
    expect(seen.size).toBe(2); // the seeds show both ends
  });

  it("two coin flips at once: 0, 1 or 2 taken with 1/4, 1/2, 1/4", () => {
    const units = [
      { nation: "Germany", type: "armour", at: "A", count: 2 },
      { nation: "Russia", type: "infantry", at: "C", count: 1 },
      { nation: "Russia", type: "infantry", at: "D", count: 1 },
    ];
    const orders: Partial<Record<Nation, Order[]>> = {
      Germany: [
        { id: "a", units: { armour: 1 }, from: "A", path: ["C"] },
        { id: "b", units: { armour: 1 }, from: "A", path: ["D"] },
      ],
    };
    const worse = [0, 0.25, 0.75];
    const better = [0.75, 0.25, 0];
    for (const seed of SEEDS) {
      const { germany, report } = luckOf(units, orders, seed);
      const taken = ["C", "D"].filter((t) => report.owners[t] === "Germany").length;
      expect(germany.attacks.map((a) => [a.territory, a.succeeded])).toEqual([
        ["C", report.owners.C === "Germany"],
        ["D", report.owners.D === "Germany"],
      ]);
      germany.counts.forEach((p, k) => expect(p).toBeCloseTo([0.25, 0.5, 0.25][k]!, 12));
      expect(germany.succeeded).toBe(taken);
      expect(germany.worse).toBeCloseTo(worse[taken]!, 12);
      expect(germany.better).toBeCloseTo(better[taken]!, 12);
      expect(germany.expected).toBeCloseTo(1, 12);
    }
  });
});
