// The exact odds (server/rulesets/1942/engine/odds) against an independent brute force written from the rulebook
// (odds-reference.ts): every probability within 1e-12.
import { describe, expect, it } from "vitest";
import { exactOdds, type OddsInput } from "../../server/rulesets/1942/engine/odds";
import { reference } from "./odds-reference";

const CASES: [string, OddsInput][] = [
  ["land, support", { attacker: { Germany: { infantry: 2, artillery: 1, armour: 1 } }, defender: { Russia: { infantry: 3 } } }],
  ["land with air and AA fire (R5.1)", { aa: true, attacker: { Germany: { infantry: 1, fighter: 1, bomber: 1 } }, defender: { Russia: { infantry: 2, aaGun: 1 } } }],
  ["amphibious with bombardment (R5.5)", { bombard: 2, attacker: { "United States": { infantry: 2, armour: 1 } }, defender: { Japan: { infantry: 3 } } }],
  ["low luck (R6.8)", { lowLuck: true, aa: true, attacker: { Germany: { infantry: 3, artillery: 1, fighter: 2 } }, defender: { Russia: { infantry: 3, armour: 1, aaGun: 1 } } }],
  ["several nations (R6.2, R6.9 nation tie-break)", { attacker: { Germany: { infantry: 2, fighter: 1 }, Japan: { infantry: 1, armour: 1 } }, defender: { Russia: { infantry: 2 }, "United Kingdom": { infantry: 1, fighter: 1 } } }],
  ["sea: submarines without destroyers (R6.3), battleship (R6.4)", { sea: true, attacker: { Japan: { submarine: 2, cruiser: 1 } }, defender: { "United States": { battleship: 1, transport: 1, fighter: 1 } } }],
  ["sea: submarines against a destroyer", { sea: true, attacker: { Germany: { submarine: 2, destroyer: 1, bomber: 1 } }, defender: { "United Kingdom": { destroyer: 1, submarine: 1, carrier: 1 } } }],
  ["sea: submarines only against air (R6.6, R6.10)", { sea: true, attacker: { Germany: { submarine: 2 } }, defender: { "United Kingdom": { fighter: 1, transport: 1 } } }],
  ["transports alone (R6.10 draw)", { sea: true, attacker: { Germany: { transport: 2 } }, defender: { "United Kingdom": { transport: 1 } } }],
  ["air withdraws after round 2 (R6.7)", { attacker: { Germany: { infantry: 1, fighter: 2 } }, defender: { Russia: { infantry: 3 } }, attackerChoices: { withdrawAirAfter: 2 } }],
  ["submarines submerge after round 1 (R6.7)", { sea: true, attacker: { Germany: { submarine: 3 } }, defender: { "United Kingdom": { cruiser: 1, transport: 1 } }, attackerChoices: { submergeAfter: 1 } }],
  ["a player's order: fighters lost last, two land units kept", { aa: true, attacker: { Germany: { infantry: 3, armour: 1, fighter: 2, bomber: 1 } }, defender: { Russia: { infantry: 4, aaGun: 1 } }, attackerChoices: { keepLast: ["armour", "fighter"], keepLand: 2 } }],
  ["the defender's order at sea: the carrier lost last", { sea: true, attacker: { Japan: { submarine: 2, destroyer: 1, fighter: 1 } }, defender: { "United States": { carrier: 1, transport: 1, destroyer: 1, fighter: 1 } }, defenderChoices: { keepLast: ["carrier"] } }],
  ["bombardment taken by the defender's order", { bombard: 2, attacker: { "United States": { infantry: 2 } }, defender: { Japan: { infantry: 1, artillery: 1, armour: 1 } }, defenderChoices: { keepLast: ["infantry"] } }],
  ["defender's air withdraws, low luck", { lowLuck: true, attacker: { Japan: { infantry: 3, armour: 2 } }, defender: { "United States": { infantry: 2, fighter: 2 } }, defenderChoices: { withdrawAirAfter: 1 } }],
  [
    "AA fire on the way, order by order (R5.1): two territories at one order, one at another",
    {
      attacker: { Germany: { infantry: 1, fighter: 2, bomber: 1 } },
      defender: { Russia: { infantry: 2 } },
      flights: [
        { nation: "Germany", aircraft: { fighter: 1, bomber: 1 }, aaFire: 2 },
        { nation: "Germany", aircraft: { fighter: 1 }, aaFire: 1 },
      ],
    },
  ],
  [
    "AA fire on the way, low luck, two nations' orders, then the target's AA",
    {
      lowLuck: true,
      aa: true,
      attacker: { Germany: { infantry: 2, fighter: 2 }, Japan: { fighter: 1, bomber: 2 } },
      defender: { Russia: { infantry: 2, aaGun: 1 } },
      flights: [
        { nation: "Germany", aircraft: { fighter: 2 }, aaFire: 1 },
        { nation: "Japan", aircraft: { fighter: 1, bomber: 2 }, aaFire: 2 },
      ],
    },
  ],
  [
    "damaged battleships on both sides (R6.4), from the middle of a sea battle",
    {
      sea: true,
      attacker: { Japan: { battleship: 2, destroyer: 1 } },
      defender: { "United States": { battleship: 1, cruiser: 1 }, "United Kingdom": { battleship: 1 } },
      damaged: { attacker: { Japan: 1 }, defender: { "United States": 1 } },
    },
  ],
];

describe("exact odds against the rulebook's brute force", () => {
  for (const [name, input] of CASES) {
    it(name, () => {
      const odds = exactOdds(input);
      const ref = reference(input);
      expect(odds.pruned).toBeLessThan(1e-12);
      for (const k of ["attackerWins", "defenderWins", "bothDestroyed", "draw", "attackerWithdrew", "taken", "expectedRounds"] as const)
        expect(Math.abs(odds[k] - ref[k]), k).toBeLessThan(1e-12);
      expect(odds.attackerWins + odds.defenderWins + odds.bothDestroyed + odds.draw + odds.attackerWithdrew).toBeCloseTo(1, 12);
      for (const side of ["attacker", "defender"] as const) {
        for (const [type, dist] of Object.entries(ref.survivors[side])) {
          const mine = odds[side].survivors[type as keyof typeof odds.attacker.survivors] ?? [];
          for (let k = 0; k < Math.max(dist.length, mine.length); k++) expect(Math.abs((mine[k] ?? 0) - (dist[k] ?? 0)), `${side} ${type} ${k}`).toBeLessThan(1e-12);
        }
      }
    });
  }
});
