// The battle from here after a casualty choice (app/game/[id]/casualty-odds-input.ts).
import { describe, expect, it } from "vitest";
import { battleFromHere, chanceFor } from "../../app/game/[id]/casualty-odds-input";
import type { BattleUnit } from "../../server/engine/combat/battle";
import { exactOdds } from "../../server/engine/odds";

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

  it("a battleship picked once is damaged, not sunk; a damaged one picked again sinks", () => {
    const sea = [unit(1, "Japan", "battleship", true), unit(2, "Japan", "battleship", true, { damage: 1 }), unit(3, "United States", "destroyer", false)];
    expect(battleFromHere({ pass: "sea", units: sea }, [1])!.attacker).toEqual({ Japan: { battleship: 2 } });
    expect(battleFromHere({ pass: "sea", units: sea }, [2])!.attacker).toEqual({ Japan: { battleship: 1 } });
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
