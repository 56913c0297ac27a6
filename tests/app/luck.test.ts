// The luck lines of the turn review (app/game/[id]/turn/luck.ts) are true to the numbers: a battle
// fought by the engine, its report, and every figure a sentence states — the actual swing from the
// report's losses, the share of outcomes it beats checked against the engine's own battles over
// many seeds, and nations' luck that adds up to nothing between the two sides.
import { describe, expect, it } from "vitest";
import { battleLuck, battleLuckLines, luckLine, nationLuck, type BattleLuck } from "../../app/game/[id]/turn/luck";
import { fightBattle, openBattle, type BattleSetup } from "../../server/rulesets/1942/engine/combat/battle";
import type { BattleReport } from "../../server/rulesets/1942/engine/report";
import { diceStream } from "../../server/rulesets/1942/engine/rng";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import type { Nation, UnitType } from "../../server/rulesets/1942/engine/types";

type Stack = [Nation, UnitType, number, boolean];

function setup(stacks: Stack[], pass: "land" | "sea", lowLuck: boolean, bombard = 0): BattleSetup {
  let id = 0;
  const units = stacks.flatMap(([nation, type, n, attacking]) => Array.from({ length: n }, () => ({ id: ++id, nation, type, team: teamOf(nation), attacking, cargo: [] })));
  const attacker = stacks.find((s) => s[3])![0];
  const bombarders = Array.from({ length: bombard }, () => ({ id: ++id, nation: attacker, team: teamOf(attacker) }));
  return { territory: "Ukraine S.S.R.", pass, lowLuck, units, bombarders };
}

/** The battle's report as the combat phase writes it (server/rulesets/1942/engine/combat/battles.ts). */
function fight(stacks: Stack[], pass: "land" | "sea", lowLuck: boolean, seed: string, bombard = 0): BattleReport {
  const end = fightBattle(openBattle(setup(stacks, pass, lowLuck, bombard)), (name) => diceStream(seed, name));
  const sides: BattleReport["sides"] = { Axis: [], Allies: [] };
  for (const [nation, type, count, attacking] of stacks) sides[teamOf(nation)].push({ nation, type, count, attacking });
  return {
    territory: "Ukraine S.S.R.",
    pass,
    amphibious: bombard > 0,
    winner: end.winner,
    bombardment: { hits: end.bombardment.hits, lost: end.bombardment.lost, fire: end.bombardment.fire, choices: end.bombardment.choices },
    destroyedAtOnce: end.destroyedAtOnce,
    rounds: end.rounds,
    sides,
  };
}

const BATTLES: { name: string; stacks: Stack[]; pass: "land" | "sea"; lowLuck: boolean; bombard?: number }[] = [
  { name: "land, two nations a side", pass: "land", lowLuck: false, stacks: [["Germany", "infantry", 4, true], ["Germany", "armour", 2, true], ["Japan", "fighter", 1, true], ["Russia", "infantry", 4, false], ["United Kingdom", "fighter", 1, false]] },
  { name: "amphibious, low luck", pass: "land", lowLuck: true, bombard: 1, stacks: [["United States", "infantry", 3, true], ["United States", "artillery", 1, true], ["Japan", "infantry", 3, false]] },
  { name: "sea", pass: "sea", lowLuck: false, stacks: [["Japan", "submarine", 2, true], ["Japan", "cruiser", 1, true], ["United States", "destroyer", 1, false], ["United States", "transport", 1, false]] },
];

describe("luck lines", () => {
  for (const { name, stacks, pass, lowLuck, bombard } of BATTLES) {
    it(`${name}: every figure of the sentences follows from the report and the odds`, () => {
      const report = fight(stacks, pass, lowLuck, "luck 1", bombard);
      const luck = battleLuck(report, lowLuck) as BattleLuck;
      expect("actual" in luck).toBe(true);

      // The actual swing is the cost each side lost in the report.
      const cost: Record<string, number> = { infantry: 3, artillery: 4, armour: 5, fighter: 10, submarine: 6, destroyer: 8, cruiser: 12, transport: 7 };
      const lost = (team: "Axis" | "Allies") =>
        [report.bombardment.lost[team], report.destroyedAtOnce[team], ...report.rounds.map((r) => r.lost[team])].reduce((s, c) => s + Object.entries(c ?? {}).reduce((x, [t, n]) => x + cost[t]! * (n ?? 0), 0), 0);
      const defender = luck.attacker === "Axis" ? "Allies" : "Axis";
      expect(luck.actual).toBe(lost(defender) - lost(luck.attacker));

      // The share of outcomes it beats, against the engine's own battles over 3,000 seeds.
      const N = 3000;
      let worse = 0;
      let better = 0;
      for (let i = 0; i < N; i++) {
        const r = battleLuck(fight(stacks, pass, lowLuck, `other ${i}`, bombard), lowLuck) as BattleLuck;
        if (r.actual < luck.actual) worse++;
        if (r.actual > luck.actual) better++;
      }
      const close = (p: number, k: number) => expect(Math.abs(k / N - p)).toBeLessThanOrEqual(3 * Math.sqrt(Math.max(p * (1 - p), 1 / N) / N));
      close(luck.worseForAttacker, worse);
      close(luck.betterForAttacker, better);

      // The sentences say exactly those numbers, for each side's lead nation (R6.2).
      const [a, d] = battleLuckLines(luck);
      const pc = (p: number) => Math.floor(p * 100 + 1e-9);
      const beats = (p: number) => (p === 0 ? "no possible outcome was worse" : `better than ${pc(p)} % of the possible outcomes`);
      const beaten = (p: number) => (p === 0 ? "none was better" : `${pc(p)} % were better`);
      expect(a).toContain(`${luck.lead[luck.attacker]}'s result in Ukraine S.S.R.: ${beats(luck.worseForAttacker)}; ${beaten(luck.betterForAttacker)} (`);
      expect(d).toContain(`${luck.lead[defender]}'s result in Ukraine S.S.R.: ${beats(luck.betterForAttacker)}; ${beaten(luck.worseForAttacker)} (`);
      const swing = luck.actual > 0 ? `+${luck.actual}` : luck.actual < 0 ? `−${-luck.actual}` : "0";
      expect(a).toContain(`(swing ${swing} against`);

      // One side's luck is the other's bad luck.
      const nations = nationLuck([luck]);
      expect(nations.reduce((s, [, x]) => s + x, 0)).toBeCloseTo(0, 9);
      for (const n of nations) {
        const line = luckLine(n);
        if (Math.round(n[1] * 10) / 10 > 0) expect(line).toContain(`${n[0]} was luckier than expected by ${Math.round(n[1] * 10) / 10}`);
        if (Math.round(n[1] * 10) / 10 < 0) expect(line).toContain(`${n[0]} was unluckier than expected by ${-Math.round(n[1] * 10) / 10}`);
      }
    });
  }

  it("a nation's luck over several battles is the sum of its shares", () => {
    const battles = ["g1", "g2", "g3"].map((seed) => battleLuck(fight(BATTLES[0]!.stacks, "land", false, seed), false) as BattleLuck);
    const total = nationLuck(battles);
    for (const [nation, x] of total) expect(x).toBeCloseTo(battles.reduce((s, b) => s + (b.luck[nation] ?? 0), 0), 9);
    // Germany and Japan share the Axis side's luck by their starting cost: 4 infantry and 2 armour (22) against a fighter (10).
    for (const b of battles) expect(b.luck.Germany! / b.luck.Japan!).toBeCloseTo(22 / 10, 9);
  });

  it("a meeting (both sides moved in) is not priced, and says why", () => {
    const report = fight([["Germany", "infantry", 2, true], ["Russia", "infantry", 2, true]], "land", false, "m");
    expect(battleLuck(report, false)).toEqual({ territory: "Ukraine S.S.R.", reason: "both sides moved in (a meeting)" });
  });
});
