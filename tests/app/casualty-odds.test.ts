// The battle from here after a casualty choice (app/game/[id]/casualty-odds-input.ts).
import { describe, expect, it } from "vitest";
import { battleFromHere, chanceFor } from "../../app/game/[id]/casualty-odds-input";
import type { BattleUnit } from "../../server/rulesets/1942/engine/combat/battle";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";

const unit = (id: number, nation: BattleUnit["nation"], type: BattleUnit["type"], attacking: boolean, extra: Partial<BattleUnit> = {}): BattleUnit => ({
  id,
  nation,
  type,
  team: nation === "Germany" || nation === "Japan" ? "Axis" : "Allies",
  attacking,
  damage: 0,
  cargo: [],
  status: "in",
  ...extra,
});

const units: BattleUnit[] = [
  unit(1, "Germany", "infantry", true),
  unit(2, "Germany", "infantry", true),
  unit(3, "Germany", "armour", true),
  unit(4, "Germany", "fighter", true),
  unit(5, "Germany", "infantry", true, { status: "dead" }),
  unit(10, "Russia", "infantry", false),
  unit(11, "Russia", "infantry", false, { marked: true }),
  unit(12, "Russia", "infantry", false),
  unit(13, "Russia", "aaGun", false),
];

describe("the battle from here", () => {
  it("leaves out the dead, the marked and the picked casualties; AA guns do not fight on", () => {
    expect(battleFromHere({ pass: "land", units }, [1])).toEqual({
      attacker: { Germany: { infantry: 1, armour: 1, fighter: 1 } },
      defender: { Russia: { infantry: 2 } },
      sea: false,
    });
    expect(battleFromHere({ pass: "land", units }, [4])!.attacker).toEqual({ Germany: { infantry: 2, armour: 1 } });
    expect(battleFromHere({ pass: "land", units }, [4], true)!.lowLuck).toBe(true);
  });

  it("a battleship picked once is damaged, not sunk; a damaged one picked again sinks (R6.4)", () => {
    const sea = [unit(1, "Japan", "battleship", true), unit(2, "Japan", "battleship", true, { damage: 1 }), unit(3, "United States", "destroyer", false)];
    expect(battleFromHere({ pass: "sea", units: sea }, [1])).toEqual({ attacker: { Japan: { battleship: 2 } }, defender: { "United States": { destroyer: 1 } }, sea: true, damaged: { attacker: { Japan: 2 } } });
    expect(battleFromHere({ pass: "sea", units: sea }, [2])).toEqual({ attacker: { Japan: { battleship: 1 } }, defender: { "United States": { destroyer: 1 } }, sea: true });
    expect(battleFromHere({ pass: "sea", units: sea }, [3])!.damaged).toEqual({ attacker: { Japan: 1 } });
  });

  it("prices the battle from its damaged state: a damaged battleship sinks at its next hit (R6.4)", () => {
    // One Japanese battleship, damaged earlier, against two American destroyers.
    const sea = [unit(1, "Japan", "battleship", true, { damage: 1 }), unit(2, "United States", "destroyer", false), unit(3, "United States", "destroyer", false)];
    const fromHere = exactOdds(battleFromHere({ pass: "sea", units: sea }, [])!);
    // By hand: a round from (battleship, k destroyers): the battleship hits on ≤ 4, each destroyer on
    // ≤ 2; Japan wins only by sinking both destroyers before any destroyer hits once.
    // From k destroyers the battleship must hit while none does (rounds where nothing hits repeat).
    const miss = (k: number) => (4 / 6) ** k;
    const step = (k: number) => ((4 / 6) * miss(k)) / (1 - (2 / 6) * miss(k));
    const win = step(2) * step(1);
    expect(Math.abs(fromHere.attackerWins - win)).toBeLessThan(1e-12);
    // Counted as unharmed it would win more often.
    expect(exactOdds({ ...battleFromHere({ pass: "sea", units: sea }, [])!, damaged: undefined }).attackerWins).toBeGreaterThan(win + 0.05);
  });

  it("losing the armour rather than infantry changes the odds, for the side that chooses", () => {
    const keepArmour = battleFromHere({ pass: "land", units }, [1])!;
    const loseArmour = battleFromHere({ pass: "land", units }, [3])!;
    const a = exactOdds(keepArmour);
    const b = exactOdds(loseArmour);
    expect(chanceFor("Axis", "Axis", a, false)).toBeGreaterThan(chanceFor("Axis", "Axis", b, false));
    expect(chanceFor("Allies", "Axis", a, false)).toBeCloseTo(1 - a.taken, 12);
  });

  it("has no single battle to price when a side both attacks and defends (a meeting)", () => {
    expect(battleFromHere({ pass: "land", units: [...units, unit(20, "Japan", "infantry", false)] }, [])).toBeUndefined();
  });
});
