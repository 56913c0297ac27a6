// The battles of the battle phase as marks on the map (app/game/[id]/map/battle-marks.ts): who fights,
// the round, whose decision waits, and whose odds the mark shows.
import { describe, expect, it } from "vitest";
import { battleMarks, defaultPicks, goalWords } from "../../app/game/[id]/map/battle-marks";
import type { LiveBattle } from "../../app/game/[id]/game-types";
import type { BattleUnit, RoundRecord } from "../../server/rulesets/1942/engine/combat/battle";

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

const round = (n: number) => ({ round: n }) as RoundRecord;

const karelia: LiveBattle = {
  territory: "Karelia S.S.R.",
  pass: "land",
  rounds: [round(1)],
  units: [unit(1, "Germany", "infantry", true), unit(2, "Germany", "armour", true, { status: "dead" }), unit(3, "Russia", "infantry", false), unit(4, "United Kingdom", "fighter", false)],
};
const sea: LiveBattle = {
  territory: "Baltic Sea",
  pass: "sea",
  rounds: [],
  units: [unit(10, "United Kingdom", "destroyer", true), unit(11, "Germany", "submarine", false)],
};

describe("battle marks", () => {
  it("name the attackers first, then the defenders, each in the rulebook's order of nations", () => {
    const [m] = battleMarks([karelia], [], []);
    expect(m!.sides.map((s) => [s.team, s.attacking, s.nations])).toEqual([
      ["Axis", true, ["Germany"]],
      ["Allies", false, ["Russia", "United Kingdom"]],
    ]);
    expect(m!.label).toBe("Battle in Karelia S.S.R.: Germany attacks Russia and United Kingdom, round 2");
  });

  it("take the round from a waiting decision, else the next after the rounds fought", () => {
    expect(battleMarks([karelia], [], [])[0]!.round).toBe(2);
    expect(battleMarks([karelia], [{ battle: "Karelia S.S.R.", round: 1, mine: false }], [])[0]!.round).toBe(1);
    expect(battleMarks([sea], [], [])[0]!.round).toBe(1);
  });

  it("say 'your decision needed' only where a request of the viewer's waits in that battle", () => {
    const requests = [
      { battle: "Karelia S.S.R.", round: 2, mine: true },
      { battle: "Baltic Sea", round: 1, mine: false },
    ];
    const [k, b] = battleMarks([karelia, sea], requests, ["Germany"]);
    expect(k!.mine).toBe(true);
    expect(k!.label).toMatch(/, your decision needed$/);
    expect(b!.mine).toBe(false);
    expect(b!.label).not.toMatch(/decision/);
  });

  it("show the viewer's side's odds where the viewer fights, else the attacker's, in the words of the goal", () => {
    const asRussia = battleMarks([karelia], [], ["Russia"])[0]!;
    expect(asRussia.oddsFor).toBe("Allies");
    expect(goalWords(asRussia)).toBe("to hold");
    const asGermany = battleMarks([karelia], [], ["Germany"])[0]!;
    expect(goalWords(asGermany)).toBe("to take");
    const watching = battleMarks([karelia], [], ["Japan"])[0]!;
    expect(watching.oddsFor).toBe("Axis");
    expect(goalWords(battleMarks([sea], [], ["Germany"])[0]!)).toBe("to win");
  });

  it("count only units still in the battle as fighting (a nation whose units are all lost drops out)", () => {
    const gone: LiveBattle = { ...karelia, units: [...karelia.units.slice(0, 3), unit(4, "United Kingdom", "fighter", false, { status: "dead" })] };
    expect(battleMarks([gone], [], [])[0]!.sides[1]!.nations).toEqual(["Russia"]);
  });

  it("count the hits of this round by the defaults of the casualty choices still open there, and only those", () => {
    const requests = [
      { battle: "Karelia S.S.R.", kind: "casualties", default: [1, 1] },
      { battle: "Karelia S.S.R.", kind: "retreat" },
      { battle: "Karelia S.S.R.", kind: "casualties", default: [3] },
      { battle: "Baltic Sea", kind: "casualties", default: [11] },
    ];
    expect(defaultPicks("Karelia S.S.R.", requests)).toEqual([1, 1, 3]);
    expect(defaultPicks("Baltic Sea", requests)).toEqual([11]);
    expect(defaultPicks("Caucasus", requests)).toEqual([]);
  });
});
