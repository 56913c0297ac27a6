// A standing casualty preference reorders the R6.9 default and stays within R6.6.
import { describe, expect, it } from "vitest";
import { checkChoice, defaultCasualties, type Candidate } from "../../server/rulesets/1942/engine/combat/casualties";
import { preferredCasualties, preferredDecision } from "../../server/rulesets/1942/engine/combat/preference";

const c = (id: number, type: Candidate["type"], room = 1): Candidate => ({ id, nation: "Germany", type, value: 1, room });
const army = [c(1, "infantry"), c(2, "armour"), c(3, "fighter"), c(4, "artillery")];

describe("casualty preferences", () => {
  it("keeps fighters for last where the default would lose one", () => {
    // Default: infantry, artillery, armour, then the fighter (cost order).
    expect(defaultCasualties(army, 4)).toEqual([1, 4, 2, 3]);
    const fleet = [c(1, "transport"), c(3, "fighter"), c(5, "cruiser")];
    expect(defaultCasualties(fleet, 2)).toEqual([1, 3]);
    expect(preferredCasualties(fleet, 2, "keep-air")).toEqual([1, 5]);
  });

  it("keeps armour for last, taking fighters first if it must", () => {
    expect(preferredCasualties(army, 3, "keep-armour")).toEqual([1, 4, 3]);
    expect(preferredCasualties(army, 4, "keep-armour")).toEqual([1, 4, 3, 2]);
  });

  it("is always a legal choice: exact hits within room, battleships damaged first (R6.6, R6.9)", () => {
    const fleet = [c(1, "battleship", 2), c(2, "fighter"), c(3, "destroyer")];
    for (const pref of ["default", "keep-air", "keep-armour"] as const)
      for (let hits = 0; hits <= 5; hits++) expect(checkChoice(fleet, hits, preferredCasualties(fleet, hits, pref))).toBeUndefined();
    expect(preferredCasualties(fleet, 3, "keep-air")).toEqual([1, 3, 1]);
  });

  it("never submerges or withdraws", () => {
    const request = { kind: "retreat" as const, battle: "Karelia S.S.R.", round: 1, team: "Axis" as const, chooser: "Germany" as const, submergeable: [], withdrawable: [3] };
    expect(preferredDecision(request, "keep-air")).toEqual({ kind: "retreat", submerge: [], withdraw: [] });
  });
});
