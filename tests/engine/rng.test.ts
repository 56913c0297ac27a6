// R3.3 — the dice: reproducible from the seed, independent per stream, fair.
import { describe, expect, it } from "vitest";
import { diceStream } from "../../server/rulesets/1942/engine/rng";

const roll = (seed: string, name: string, n: number) => {
  const s = diceStream(seed, name);
  return Array.from({ length: n }, () => s.d6());
};

describe("seeded dice", () => {
  // Stored games replay from their seeds: the rolls of a stream must never change with the code that
  // makes them (these were rolled by the generator before its lanes and its hashing were reworked).
  it("roll what they always rolled", () => {
    expect(roll("seed", "battle|B", 12)).toEqual([2, 5, 1, 5, 1, 2, 2, 5, 5, 4, 6, 4]);
    expect(roll("g-17|turn 3", "battle|Egypt|land|round 2|general|Allies", 12)).toEqual([1, 2, 1, 5, 1, 6, 4, 2, 5, 4, 2, 5]);
    expect(roll("", "", 12)).toEqual([6, 4, 6, 2, 2, 6, 2, 6, 3, 3, 6, 3]);
    // The seed and the name are hashed with a NUL between them: moving it changes the stream.
    expect(roll("seedb", "attle|B", 12)).not.toEqual(roll("seed", "battle|B", 12));
  });

  it("repeat exactly for the same seed and stream", () => {
    expect(roll("seed", "battle|B", 50)).toEqual(roll("seed", "battle|B", 50));
  });

  it("differ between seeds and between streams", () => {
    expect(roll("seed", "battle|B", 50)).not.toEqual(roll("seed2", "battle|B", 50));
    expect(roll("seed", "battle|B", 50)).not.toEqual(roll("seed", "battle|C", 50));
  });

  it("are fair: 60,000 rolls pass a chi-square test (5 degrees of freedom, p > 0.001)", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const r of roll("fairness", "x", 60000)) counts[r - 1]! += 1;
    const chi2 = counts.reduce((sum, c) => sum + (c - 10000) ** 2 / 10000, 0);
    expect(chi2).toBeLessThan(20.52);
    expect(Math.min(...counts)).toBeGreaterThan(9500);
    expect(roll("fairness", "x", 60000).every((r) => Number.isInteger(r) && r >= 1 && r <= 6)).toBe(true);
  });
});
