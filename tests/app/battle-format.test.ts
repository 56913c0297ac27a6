// The words the game page and the history use for battles (app/components/battle-format.ts).
import { describe, expect, it } from "vitest";
import { choiceText, durationText, fireText, ruleWords, unitsFromDice, type RoundRecord } from "../../app/components/battle-format";

const round = (over: Partial<RoundRecord> = {}): RoundRecord => ({
  round: 1,
  hits: { Axis: 1, Allies: 2 },
  lost: { Axis: { infantry: 1, armour: 1 }, Allies: { infantry: 1 } },
  damaged: { Axis: {}, Allies: {} },
  submerged: { Axis: {}, Allies: {} },
  withdrawn: { Axis: {}, Allies: {} },
  fire: [],
  choices: [],
  ...over,
});

describe("battle words", () => {
  it("says game deadlines in words", () => {
    expect(durationText(0.006)).toBe("22 s");
    expect(durationText(0.25)).toBe("15 min");
    expect(durationText(12)).toBe("12 hours");
    expect(durationText(24)).toBe("1 day");
    expect(durationText(26.5)).toBe("1 day 2 hours 30 min");
  });

  it("explains low luck (R6.8) with and without a roll", () => {
    expect(fireText({ lowLuck: { total: 6, sure: 1, remainder: 0 }, hits: 1 })).toBe("total 6: 1 sure hit, no remainder");
    expect(fireText({ lowLuck: { total: 13, sure: 2, remainder: 1, roll: 2 }, hits: 2 })).toBe(
      "total 13: 2 sure hits; remainder 1, rolled 2 (needed ≤ 1): no extra hit",
    );
    expect(fireText({ lowLuck: { total: 11, sure: 1, remainder: 5, roll: 5 }, hits: 2 })).toContain("1 more hit");
  });

  it("names chosen units from the dice, else from the round's losses, else by number", () => {
    const fire = { step: "general" as const, team: "Axis" as const, hits: 1, dice: [{ unit: 7, type: "armour" as const, nation: "Germany" as const, value: 3, roll: 2, hit: true }] };
    const known = unitsFromDice([round({ fire: [fire] })]);
    const chose = { step: "general" as const, team: "Axis" as const, chooser: "Germany" as const, hits: 1, units: [7], by: "player" as const };
    expect(choiceText(chose, round(), known)).toBe("took 1 hit on 1 armour");
    const unknown = { ...chose, hits: 2, units: [3, 4] };
    expect(choiceText(unknown, round({ choices: [unknown] }), new Map())).toBe("took 2 hits: lost 1 infantry, 1 armour");
    expect(choiceText(unknown, round({ choices: [unknown, { ...unknown, step: "submarine" }] }), new Map())).toBe("took 2 hits on 2 units");
    const stay = { step: "retreat" as const, team: "Allies" as const, chooser: "Russia" as const, units: [], submerge: [], withdraw: [], by: "default" as const };
    expect(choiceText(stay, round(), new Map())).toBe("after the round: fought on");
  });

  it("names the chosen units from the record even when they rolled no dice, and counts units, not hits", () => {
    // A transport never fires, and low luck names no unit: the record's `picked` still does.
    const transport = { step: "general" as const, team: "Allies" as const, chooser: "United Kingdom" as const, hits: 1, units: [33], picked: [{ id: 33, nation: "United Kingdom" as const, type: "transport" as const }], by: "robot" as const };
    expect(choiceText(transport, round({ choices: [transport, { ...transport, step: "submarine" }] }), new Map())).toBe("took 1 hit on 1 transport");
    const battleship = { ...transport, hits: 2, units: [9, 9], picked: [9, 9].map((id) => ({ id, nation: "Japan" as const, type: "battleship" as const })) };
    expect(choiceText(battleship, round(), new Map())).toBe("took 2 hits on 1 battleship");
  });

  it("adds what a cited rule is about", () => {
    expect(ruleWords("This side must take exactly 2 hits; the choice names 1 (R6.6)")).toBe(
      "This side must take exactly 2 hits; the choice names 1 (rule R6.6, casualty choice)",
    );
    expect(ruleWords("Something (R9.9)")).toBe("Something (R9.9)");
  });
});
