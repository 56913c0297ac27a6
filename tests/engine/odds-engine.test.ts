// The exact odds against the engine's own battle resolution (R5.1 AA fire, R5.5 bombardment, R6):
// each battle fought over 20,000 seeds; every frequency within three standard deviations of the
// exact probability, and the mean rounds and losses within three standard errors.
import { describe, expect, it } from "vitest";
import { exactOdds, type OddsInput } from "../../server/rulesets/1942/engine/odds";
import { fightWithEngine } from "../support/engine-battle";

const SEEDS = 20_000;

const BATTLES: [string, OddsInput][] = [
  ["land, support and air", { attacker: { Germany: { infantry: 3, artillery: 2, armour: 2, fighter: 1 } }, defender: { Russia: { infantry: 5, armour: 1 } } }],
  ["land with AA fire (R5.1)", { aa: true, attacker: { Germany: { infantry: 2, fighter: 2, bomber: 1 } }, defender: { Russia: { infantry: 3, aaGun: 1 } } }],
  ["amphibious with bombardment (R5.5)", { bombard: 2, attacker: { "United Kingdom": { infantry: 2, armour: 1 } }, defender: { Germany: { infantry: 3 } } }],
  ["low luck with AA fire (R6.8)", { lowLuck: true, aa: true, attacker: { Germany: { infantry: 4, artillery: 1, fighter: 2 } }, defender: { Russia: { infantry: 5, aaGun: 1 } } }],
  ["several nations a side (R6.2)", { attacker: { Germany: { infantry: 2, armour: 1 }, Japan: { infantry: 2, fighter: 1 } }, defender: { Russia: { infantry: 3 }, "United Kingdom": { armour: 1, fighter: 1 } } }],
  ["sea: submarines and a destroyer", { sea: true, attacker: { Japan: { submarine: 3, destroyer: 1, fighter: 1 } }, defender: { "United States": { battleship: 1, transport: 2, submarine: 1 } } }],
  ["sea: submarines, no destroyer, carrier", { sea: true, attacker: { Japan: { submarine: 3, cruiser: 1 } }, defender: { "United States": { carrier: 1, fighter: 2, transport: 1 } } }],
  ["sea, low luck, two battleships", { sea: true, lowLuck: true, attacker: { Germany: { battleship: 2, submarine: 2 } }, defender: { "United Kingdom": { destroyer: 2, cruiser: 1, fighter: 1 } } }],
  ["air withdraws after round 2 (R6.7)", { attacker: { Germany: { infantry: 2, fighter: 2 } }, defender: { Russia: { infantry: 3 } }, attackerChoices: { withdrawAirAfter: 2 } }],
  ["air withdraws when the chance falls below 40 % (R6.7)", { attacker: { Germany: { infantry: 3, fighter: 2, bomber: 1 } }, defender: { Russia: { infantry: 4, armour: 1 } }, attackerChoices: { withdrawAirBelow: 0.4 } }],
  ["submarines submerge (R6.7)", { sea: true, attacker: { Germany: { submarine: 3 } }, defender: { "United Kingdom": { cruiser: 1, transport: 1 } }, attackerChoices: { submergeAfter: 1 } }],
  ["a bigger land battle", { attacker: { Japan: { infantry: 8, artillery: 4, armour: 4, fighter: 2, bomber: 1 } }, defender: { "United States": { infantry: 10, armour: 2, fighter: 2 }, "United Kingdom": { infantry: 3 } } }],
];

/** |observed − expected| within three standard errors (of at least one trial's worth). */
function within(name: string, observed: number, expected: number, sd: number): void {
  const se = Math.max(sd / Math.sqrt(SEEDS), 1 / SEEDS);
  expect(Math.abs(observed - expected), `${name}: ${observed} against ${expected} (3σ = ${3 * se})`).toBeLessThanOrEqual(3 * se);
}

describe("exact odds against the engine over 20,000 seeds", () => {
  for (const [name, input] of BATTLES) {
    it(name, () => {
      const odds = exactOdds(input);
      const n = { attacker: 0, defender: 0, withdrew: 0, none: 0, taken: 0 };
      let rounds = 0;
      let rounds2 = 0;
      let loss = 0;
      let loss2 = 0;
      for (let i = 0; i < SEEDS; i++) {
        const o = fightWithEngine(input, `seed ${i}`);
        if (o.withdrew) n.withdrew++;
        else n[o.winner]++;
        if (o.taken) n.taken++;
        rounds += o.rounds;
        rounds2 += o.rounds ** 2;
        loss += o.loss.attacker;
        loss2 += o.loss.attacker ** 2;
      }
      const freq = (p: number, k: number, what: string) => within(what, k / SEEDS, p, Math.sqrt(p * (1 - p)));
      freq(odds.attackerWins, n.attacker, "attacker wins");
      freq(odds.defenderWins, n.defender, "defender wins");
      freq(odds.attackerWithdrew, n.withdrew, "attacker withdrew");
      freq(odds.bothDestroyed + odds.draw, n.none, "no winner");
      freq(odds.taken, n.taken, "taken");
      const mean = (s: number, s2: number) => [s / SEEDS, Math.sqrt(Math.max(0, s2 / SEEDS - (s / SEEDS) ** 2))] as const;
      const [r, rsd] = mean(rounds, rounds2);
      within("rounds", r, odds.expectedRounds, rsd);
      const [l, lsd] = mean(loss, loss2);
      within("attacker's loss", l, odds.attacker.expectedLoss, lsd);
    });
  }
});
