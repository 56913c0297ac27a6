// Whole-turn odds (issue 24): exact against a brute-force enumeration of small turns, within a band of
// the engine's own resolution of the whole turn over thousands of seeds, and objectives combined.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveCombatPhase, resolveTurn } from "../../server/rulesets/1942/engine";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";
import { turnOdds, type Objective, type TurnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { validateOrders } from "../../server/rulesets/1942/engine/orders/validate";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import type { Team } from "../../server/rulesets/1942/engine/types";
import { isCombatUnit } from "../../server/rulesets/1942/engine/units";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { bombardTurn, landingTurn, raidTurn, reinforcedTurn, type Turn } from "./turn-odds.fixtures";
import { referenceTurn, type RefLand, type RefSea, type World } from "./turn-reference";

const other = (t: Team): Team => (t === "Axis" ? "Allies" : "Axis");

/** The reference's answer: the mass of the worlds where the objective holds. */
function refProbability(worlds: World[], start: Record<string, Team>, o: Objective): number {
  const holds = (w: World, o: Objective): boolean => {
    if ("and" in o) return o.and.every((x) => holds(w, x));
    if ("or" in o) return o.or.some((x) => holds(w, x));
    if ("not" in o) return !holds(w, o.not);
    if ("owned" in o) return (w.owner.get(o.owned) ?? start[o.owned]) === o.team;
    return !w.afloat.get(o.cleared)!.has(other(o.team));
  };
  return worlds.reduce((s, w) => s + (holds(w, o) ? w.p : 0), 0);
}

const take = (t: string): Objective => ({ owned: t, team: "Axis" });
const sink = (zone: string): Objective => ({ cleared: zone, team: "Axis" });

/** The landing turn's transports in the order the engine loses them (R6.9's last tie-break: the lower id first). */
function transportsOf(turn: Turn): RefSea["transports"] {
  const moves = validateOrders(turn.state, "Germany", turn.orders.Germany!).moves;
  const id = (order: string) => moves.find((m) => m.order.id === order)!.units.find((u) => u.type === "transport")!.id;
  return [
    { nation: "Germany" as const, to: "E", cargo: { infantry: 1, armour: 1 }, id: id("t1") },
    { nation: "Germany" as const, to: "F", cargo: { infantry: 1 }, id: id("t2") },
  ]
    .sort((a, b) => a.id - b.id)
    .map(({ id: _, ...t }) => t);
}

const OBJECTIVES: [string, Objective][] = [
  ["take C", take("C")],
  ["take E", take("E")],
  ["take F", take("F")],
  ["take G", take("G")],
  ["sink the fleet in S2", sink("S2")],
  ["Russia keeps C", { owned: "C", team: "Allies" }],
  ["take C and E", { and: [take("C"), take("E")] }],
  ["take E but not F", { and: [take("E"), { not: take("F") }] }],
  ["take E or F", { or: [take("E"), take("F")] }],
  ["take C although the fleet in S2 survives", { and: [take("C"), { not: sink("S2") }] }],
  ["sink the fleet, yet take neither E nor F", { and: [sink("S2"), { not: take("E") }, { not: take("F") }] }],
  ["keep A and take C, E and F", { and: [take("A"), take("C"), take("E"), take("F")] }],
];

describe("whole-turn odds against a brute-force enumeration (to 1e-9)", () => {
  for (const lowLuck of [false, true]) {
    it(`a sea battle decides two landings; AA fire over C${lowLuck ? " (low luck, R6.8)" : ""}`, () => {
      const turn = landingTurn();
      const odds = turnOdds({ ...turn, lowLuck });
      const sea: RefSea[] = [
        {
          zone: "S2",
          attacker: "Axis",
          input: { sea: true, lowLuck, attacker: { Germany: { transport: 2, destroyer: 1 } }, defender: { "United Kingdom": { submarine: 1, destroyer: 1 } } },
          transports: transportsOf(turn),
        },
      ];
      const land: RefLand[] = [
        {
          territory: "C",
          attacker: "Axis",
          owner: "Allies",
          input: { lowLuck, attacker: { Germany: { infantry: 2, armour: 1, fighter: 1 } }, defender: { Russia: { infantry: 2 } }, flights: [{ nation: "Germany", aircraft: { fighter: 1 }, aaFire: 1 }] },
        },
        { territory: "E", attacker: "Axis", owner: "Allies", input: { lowLuck, attacker: {}, defender: { Russia: { infantry: 1 } } } },
        { territory: "F", attacker: "Axis", owner: "Allies", input: { lowLuck, attacker: {}, defender: { Russia: { infantry: 1 } } } },
      ];
      const worlds = referenceTurn(sea, land);
      expect(odds.battles.map((b) => `${b.pass} ${b.territory} ${b.dependsOn.join(",")}`)).toEqual(["sea S2 ", "land C ", "land E S2", "land F S2"]);
      const start = Object.fromEntries(Object.entries(turn.state.owners).map(([t, n]) => [t, teamOf(n)]));
      for (const [name, o] of OBJECTIVES) {
        const want = refProbability(worlds, start, o);
        expect(Math.abs(odds.probability(o) - want), `${name}: ${odds.probability(o)} against ${want}`).toBeLessThanOrEqual(1e-9);
      }
      // The landings are not independent of each other: both hang on the same sea battle.
      const e = odds.probability(take("E"));
      const f = odds.probability(take("F"));
      expect(odds.probability({ and: [take("E"), take("F")] })).toBeGreaterThan(e * f + 1e-3);
    });
  }

  it("a bombarded landing from a quiet zone (R5.5) beside an independent sea battle", () => {
    const turn = bombardTurn();
    const odds = turnOdds(turn);
    const sea: RefSea[] = [{ zone: "S2", attacker: "Axis", input: { sea: true, attacker: { Germany: { submarine: 2 } }, defender: { "United Kingdom": { destroyer: 1 } } }, transports: [] }];
    const land: RefLand[] = [{ territory: "G", attacker: "Axis", owner: "Allies", input: { bombard: 1, attacker: { Germany: { infantry: 1, armour: 1 } }, defender: { Russia: { infantry: 2 } } } }];
    const worlds = referenceTurn(sea, land);
    const start = Object.fromEntries(Object.entries(turn.state.owners).map(([t, n]) => [t, teamOf(n)]));
    for (const [name, o] of OBJECTIVES) {
      const want = refProbability(worlds, start, o);
      expect(Math.abs(odds.probability(o) - want), `${name}: ${odds.probability(o)} against ${want}`).toBeLessThanOrEqual(1e-9);
    }
    // Independent battles multiply.
    expect(odds.probability({ and: [take("G"), sink("S2")] })).toBeCloseTo(odds.probability(take("G")) * odds.probability(sink("S2")), 12);
  });
});

describe("objectives combined with AND, OR and NOT", () => {
  const odds = turnOdds(landingTurn());
  it("NOT is the complement, AND of an objective with its negation is impossible, OR is inclusion–exclusion", () => {
    for (const [, o] of OBJECTIVES) {
      expect(odds.probability({ not: o }) + odds.probability(o)).toBeCloseTo(1, 12);
      expect(odds.probability({ and: [o, { not: o }] })).toBe(0);
    }
    const [e, f] = [take("E"), take("F")];
    expect(odds.probability({ or: [e, f] })).toBeCloseTo(odds.probability(e) + odds.probability(f) - odds.probability({ and: [e, f] }), 12);
  });
  it("a landing needs its fleet: taking E implies the sea battle in S2 was won", () => {
    expect(odds.probability(take("E"))).toBeGreaterThan(0.05);
    expect(odds.probability({ and: [take("E"), { not: sink("S2") }] })).toBe(0);
  });
  it("a territory no battle touches keeps its owner for sure", () => {
    expect(odds.probability(take("A"))).toBe(1);
    expect(odds.probability(take("G"))).toBe(0);
  });
  it("each battle's outcomes add up to 1", () => {
    for (const b of odds.battles) expect(Object.values(b.p).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
  });
});

describe("what the turn's battles are", () => {
  it("each battle is priced with its own choices (R6.7)", () => {
    const plain = turnOdds(landingTurn()).battles.find((b) => b.territory === "C")!;
    const withdrawing = turnOdds({ ...landingTurn(), choices: { C: { attacker: { withdrawAirAfter: 1 } } } }).battles.find((b) => b.territory === "C")!;
    const alone = exactOdds({ ...plain.input, attackerChoices: { withdrawAirAfter: 1 } });
    expect(withdrawing.p.taken).toBeCloseTo(alone.taken, 12);
    expect(withdrawing.p.taken).not.toBeCloseTo(plain.p.taken, 3);
  });
  it("a raiding bomber fights no battle (R5.4)", () => {
    const turn = raidTurn();
    expect(resolveCombatPhase({ ...turn, seed: "raid" }).report.raids.length).toBe(1);
    const [c] = turnOdds(turn).battles;
    expect(c!.input.attacker).toEqual({ Germany: { infantry: 3 } });
  });
  it("a battle where the defending side moved in too is marked approximate (its movers fire at attack values)", () => {
    const [b] = turnOdds(reinforcedTurn()).battles;
    expect(b).toMatchObject({ territory: "B", attacker: "Allies", approximate: true });
    expect(turnOdds(landingTurn()).battles.some((x) => x.approximate)).toBe(false);
  });
});

describe("whole-turn odds over a robot game", () => {
  it("eight turns, all five nations at once: outcomes add up to 1, a battle nothing waits on is its own exact odds", () => {
    let state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    let battles = 0;
    for (let turn = 1; turn <= 8; turn++) {
      const orders = Object.fromEntries(NATIONS.map((n) => [n, robotOrders(state, n, `game ${turn}`)]));
      const odds = turnOdds({ state, orders });
      for (const b of odds.battles) {
        expect(Object.values(b.p).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
        if (b.dependsOn.length > 0) continue;
        const alone = exactOdds(b.input);
        const won = b.pass === "land" ? alone.taken : alone.attackerWins;
        const objective: Objective = b.pass === "land" ? { owned: b.territory, team: b.attacker } : { cleared: b.territory, team: b.attacker };
        expect(b.pass === "land" ? b.p.taken : b.p.attackerWins).toBeCloseTo(won, 12);
        if (b.pass === "land") expect(odds.probability(objective)).toBeCloseTo(won, 12);
        battles++;
      }
      state = resolveTurn({ state, orders, seed: `game ${turn} dice` }).state;
    }
    expect(battles).toBeGreaterThan(20);
  });
});

/** The objectives a turn's battles offer: each battle won by its attacker, and all of them at once. */
function engineObjectives(odds: TurnOdds): [string, Objective][] {
  const each = odds.battles.map((b): [string, Objective] => [`${b.attacker} wins ${b.territory}`, b.pass === "land" ? { owned: b.territory, team: b.attacker } : { cleared: b.territory, team: b.attacker }]);
  return [...each, ["all of them", { and: each.map(([, o]) => o) }], ["the first but not the last", { and: [each[0]![1], { not: each[each.length - 1]![1] }] }]];
}

/** Whether an objective held after the engine resolved the turn. */
function heldAfter(o: Objective, result: ReturnType<typeof resolveCombatPhase>): boolean {
  if ("and" in o) return o.and.every((x) => heldAfter(x, result));
  if ("or" in o) return o.or.some((x) => heldAfter(x, result));
  if ("not" in o) return !heldAfter(o.not, result);
  if ("owned" in o) return teamOf(result.report.owners[o.owned]!) === o.team;
  return !result.state.units.some((u) => u.at === o.cleared && u.aboard === undefined && isCombatUnit(u.type) && teamOf(u.nation) !== o.team);
}

const SEEDS = 4000;

describe(`whole-turn odds against the engine's resolution of the turn over ${SEEDS} seeds`, () => {
  const opening = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  const turns: [string, () => Turn][] = [
    ["a sea battle deciding two landings", landingTurn],
    ["a bombarded landing and an independent sea battle", bombardTurn],
    ["Germany's robot orders on the default board, turn 1", () => ({ state: opening, orders: { Germany: robotOrders(opening, "Germany", "turn-odds") } })],
    ["the United Kingdom's robot orders on the default board, turn 1", () => ({ state: opening, orders: { "United Kingdom": robotOrders(opening, "United Kingdom", "turn-odds") } })],
  ];
  for (const [name, make] of turns) {
    it(name, () => {
      const turn = make();
      const odds = turnOdds(turn);
      const objectives = engineObjectives(odds);
      expect(odds.battles.length).toBeGreaterThan(1);
      expect(odds.battles.filter((b) => b.approximate)).toEqual([]);
      const held = objectives.map(() => 0);
      for (let i = 0; i < SEEDS; i++) {
        const result = resolveCombatPhase({ ...turn, seed: `turn-odds ${i}` });
        objectives.forEach(([, o], k) => (held[k]! += heldAfter(o, result) ? 1 : 0));
      }
      objectives.forEach(([what, o], k) => {
        const p = odds.probability(o);
        // Four standard deviations (wider than three: many comparisons), and never under one run's worth.
        const band = Math.max(4 * Math.sqrt((p * (1 - p)) / SEEDS), 1 / SEEDS);
        expect(Math.abs(held[k]! / SEEDS - p), `${what}: ${held[k]! / SEEDS} against ${p} (band ${band})`).toBeLessThanOrEqual(band);
      });
    });
  }
});
