// The casualty picker's groups and taps (app/game/[id]/battle/casualty-groups.ts): a tap on a unit's
// icon marks one unit of that type as a casualty, a tap on a marked one gives it back; a battleship
// takes two taps to sink (R6.4); the hits become one unit id per hit for battle.decide.
import { describe, expect, it } from "vitest";
import { groupsOf, hitsPerUnit, idsOf, outcomeOf, outcomeText, tapUnit } from "../../app/game/[id]/battle/casualty-groups";

const candidates = [
  { id: 1, nation: "Germany" as const, type: "infantry" as const, value: 1, room: 1 },
  { id: 2, nation: "Germany" as const, type: "infantry" as const, value: 1, room: 1 },
  { id: 3, nation: "Germany" as const, type: "armour" as const, value: 3, room: 1 },
  { id: 4, nation: "Germany" as const, type: "battleship" as const, value: 4, room: 2 },
];

describe("casualty groups and taps", () => {
  const groups = groupsOf(candidates);
  const [infantry, armour, battleship] = groups;

  it("group alike units", () => {
    expect(groups.map((g) => [g.type, g.ids])).toEqual([
      ["infantry", [1, 2]],
      ["armour", [3]],
      ["battleship", [4]],
    ]);
    expect(infantry!.testId).toBe("pick-germany-infantry");
  });

  it("a tap on an unmarked unit adds one hit to its group; a tap on a marked one takes it back", () => {
    expect(tapUnit(infantry!, 0, 1)).toBe(1);
    expect(hitsPerUnit(infantry!, 1)).toEqual([1, 0]);
    expect(tapUnit(infantry!, 1, 1)).toBe(2); // the other, unmarked, infantry: one more
    expect(tapUnit(infantry!, 2, 0)).toBe(1); // a marked one: given back
    expect(tapUnit(armour!, 1, 0)).toBe(0);
  });

  it("a battleship is damaged by the first tap, sunk by the second, whole again by the third", () => {
    expect(tapUnit(battleship!, 0, 0)).toBe(1);
    expect(outcomeText(outcomeOf(groups, idsOf(groups, { [battleship!.key]: 1 })))).toBe("damage 1 battleship");
    expect(tapUnit(battleship!, 1, 0)).toBe(2);
    expect(outcomeText(outcomeOf(groups, idsOf(groups, { [battleship!.key]: 2 })))).toBe("lose 1 battleship");
    expect(tapUnit(battleship!, 2, 0)).toBe(0);
  });

  it("turn the taps into one unit id per hit", () => {
    const hits = { [infantry!.key]: 1, [armour!.key]: 1, [battleship!.key]: 2 };
    expect(idsOf(groups, hits)).toEqual([1, 3, 4, 4]);
    expect(outcomeText(outcomeOf(groups, idsOf(groups, hits)))).toBe("lose 1 infantry, 1 armour, 1 battleship");
  });
});
