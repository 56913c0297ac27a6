// The optional house rules of seed 004 (RULES.md R9), where a conformance case cannot say it:
// off by default the engine behaves exactly as without them; the options travel in the state, so a
// stored state re-adjudicates identically (R3.3); commerce raiding's dice come from their own
// seeded streams and never change a combat die.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_BOARD,
  DEFAULT_SETUP,
  NATIONS,
  commerceRaids,
  createState,
  diceStream,
  endTurn,
  finishTurn,
  indexBoard,
  infantryLimits,
  resolveCombatPhase,
  resolveTurn,
  validateOrder,
  victoryCitiesOf,
  type BoardData,
  type Dice,
  type GameState,
  type HouseRules,
  type Nation,
} from "../../server/rulesets/1942/engine";
import { makeRand, randomOrders } from "../support/random-orders";

const ALL_ON: HouseRules = { victoryCities: true, minorVictoryTurn: 10, vcInfantry: true, commerceRaiding: true };
const plain = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const allOff = createState(DEFAULT_BOARD, DEFAULT_SETUP, {});
const allOn = createState(DEFAULT_BOARD, DEFAULT_SETUP, ALL_ON);

/** A UK island with a factory beside S1; `units` stand in S1 (or wherever they say). */
function island(units: { nation: Nation; type: "destroyer" | "submarine" | "battleship" | "fighter" | "carrier"; at: string }[], rules: HouseRules = { commerceRaiding: true }): GameState {
  const board: BoardData = {
    territories: [
      { id: "U", kind: "land", value: 8, owner: "United Kingdom", capitalOf: "United Kingdom" },
      { id: "I", kind: "land", value: 10, owner: "United Kingdom" },
      { id: "G", kind: "land", value: 10, owner: "Germany", capitalOf: "Germany" },
      { id: "S1", kind: "sea" },
      { id: "S3", kind: "sea" },
    ],
    edges: [["U", "S1"], ["G", "S1"], ["I", "S3"]],
  };
  return createState(board, { units: [{ nation: "United Kingdom", type: "factory", at: "U", count: 1 }, ...units.map((u) => ({ ...u, count: 1 }))], treasury: {} }, rules);
}

describe("house rules off by default (R9)", () => {
  it("leaves the state without house rules or a turn number, as before", () => {
    expect("houseRules" in plain).toBe(false);
    expect("turn" in plain).toBe(false);
    const { state } = resolveTurn({ state: plain, orders: {}, seed: "s" });
    expect("houseRules" in state).toBe(false);
    expect("turn" in state).toBe(false);
  });

  it("gives the same reports with no house rules and with every house rule off, over random turns", () => {
    for (let gen = 1; gen <= 8; gen++) {
      const orders = randomOrders(plain, makeRand(gen));
      const seed = `off-${gen}`;
      const a = resolveTurn({ state: plain, orders, seed });
      const b = resolveTurn({ state: allOff, orders, seed });
      expect(JSON.stringify(b.report)).toBe(JSON.stringify(a.report));
      expect(a.report).not.toHaveProperty("commerceRaiding");
      expect(a.report).not.toHaveProperty("victoryPoints");
      expect(a.report.victory).not.toHaveProperty("rule");
      // With every rule off, only the options themselves and the turn count are added to the state.
      const { houseRules, turn, ...rest } = b.state;
      expect(houseRules).toEqual({});
      expect(turn).toBe(2);
      expect(JSON.stringify(rest)).toBe(JSON.stringify(a.state));
    }
  });

  it("keeps every combat die when the house rules are on", () => {
    for (let gen = 1; gen <= 5; gen++) {
      const orders = randomOrders(plain, makeRand(100 + gen));
      const seed = `dice-${gen}`;
      const off = resolveCombatPhase({ state: plain, orders: stripPurchases(orders), seed });
      const on = resolveCombatPhase({ state: createState(DEFAULT_BOARD, DEFAULT_SETUP, { victoryCities: true, commerceRaiding: true }), orders: stripPurchases(orders), seed });
      expect(JSON.stringify(on.report)).toBe(JSON.stringify(off.report));
    }
  });
});

/** Moves only: R9.2 changes which purchases are valid, which is not what these tests compare. */
function stripPurchases(orders: ReturnType<typeof randomOrders>): ReturnType<typeof randomOrders> {
  return Object.fromEntries(Object.entries(orders).map(([n, list]) => [n, list!.filter((o) => !("destination" in o))]));
}

describe("house rules travel in the state (R3.3)", () => {
  it("are carried through the combat phase, landing and the end of the turn, which counts turns", () => {
    const combat = resolveCombatPhase({ state: allOn, orders: {}, seed: "x" });
    expect(combat.state.houseRules).toEqual(ALL_ON);
    const turn1 = finishTurn(allOn, combat, {}, "x");
    expect(turn1.state.houseRules).toEqual(ALL_ON);
    expect(turn1.state.turn).toBe(2);
    expect(turn1.report.victoryPoints?.turn).toBe(1);
    const turn2 = resolveTurn({ state: turn1.state, orders: {}, seed: "y" });
    expect(turn2.state.turn).toBe(3);
    expect(turn2.report.victoryPoints?.turn).toBe(2);
  });

  it("re-adjudicate a stored (JSON round-tripped) state identically", () => {
    const orders = randomOrders(allOn, makeRand(7));
    const stored = JSON.parse(JSON.stringify(allOn)) as GameState;
    const a = resolveTurn({ state: allOn, orders, seed: "stored" });
    const b = resolveTurn({ state: stored, orders, seed: "stored" });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it("resolveTurn passes its seed to finishTurn for the commerce dice", () => {
    const state = island([{ nation: "Germany", type: "submarine", at: "S1" }]);
    const viaResolve = resolveTurn({ state, orders: {}, seed: "pass-the-seed" });
    const viaFinish = finishTurn(state, resolveCombatPhase({ state, orders: {}, seed: "pass-the-seed" }), {}, "pass-the-seed");
    expect(JSON.stringify(viaFinish.report)).toBe(JSON.stringify(viaResolve.report));
    const unseeded = finishTurn(state, resolveCombatPhase({ state, orders: {}, seed: "pass-the-seed" }));
    expect(unseeded.report.commerceRaiding![0]!.zones[0]!.rolls.map((r) => r.roll)).toEqual(rolls("", "commerce|United Kingdom|S1", 3));
  });
});

function rolls(seed: string, stream: string, n: number): number[] {
  const s = diceStream(seed, stream);
  return Array.from({ length: n }, () => s.d6());
}

describe("commerce raiding dice (R9.3)", () => {
  const state = island([
    { nation: "Germany", type: "submarine", at: "S1" },
    { nation: "Germany", type: "destroyer", at: "S1" },
  ]);

  it("are the stream commerce|nation|zone of the turn's seed: surface units first, then 3 per submarine", () => {
    for (const seed of ["a", "b", "c"]) {
      const raid = resolveTurn({ state, orders: {}, seed }).report.commerceRaiding![0]!;
      expect(raid.zones[0]!.rolls.map((r) => `${r.type}:${r.roll}`)).toEqual(
        rolls(seed, "commerce|United Kingdom|S1", 4).map((roll, i) => `${i === 0 ? "destroyer" : "submarine"}:${roll}`),
      );
    }
  });

  it("repeat for the same seed and differ between seeds", () => {
    const of = (seed: string) => JSON.stringify(resolveTurn({ state, orders: {}, seed }).report.commerceRaiding);
    expect(of("same")).toBe(of("same"));
    const seen = new Set(Array.from({ length: 12 }, (_, i) => of(`seed-${i}`)));
    expect(seen.size).toBeGreaterThan(1);
  });

  it("count damage only for rolls that would hit as an attacker, whatever the seed", () => {
    for (let i = 0; i < 40; i++) {
      const raid = resolveTurn({ state, orders: {}, seed: `hits-${i}` }).report.commerceRaiding![0]!;
      for (const r of raid.zones[0]!.rolls) expect(r.damage).toBe(r.roll <= 2 ? r.roll : 0); // destroyer and submarine: attack 2
      expect(raid.lost).toBeLessThanOrEqual(10); // U's cap: min(32, 18) − 8
      expect(raid.lost).toBe(raid.factories[0]!.lost);
    }
  });

  it("are not stopped by the raided nation's own ships in the zone", () => {
    const mixed = island([
      { nation: "Germany", type: "battleship", at: "S1" },
      { nation: "United Kingdom", type: "destroyer", at: "S1" },
    ]);
    const raid = endTurn(mixed, [], "own-ships").report.commerceRaiding!;
    expect(raid).toHaveLength(1);
    expect(raid[0]!.zones[0]!.rolls.map((r) => `${r.nation} ${r.type}`)).toEqual(["Germany battleship"]);
  });

  it("never take more than the income counted, even when the factories' caps add up to more", () => {
    // Two UK factory islands of value 4 and an island of value 8: counted 16, each cap min(16, 16) − 4 = 12.
    const board: BoardData = {
      territories: [
        { id: "A", kind: "land", value: 4, owner: "United Kingdom" },
        { id: "B", kind: "land", value: 4, owner: "United Kingdom" },
        { id: "C", kind: "land", value: 8, owner: "United Kingdom" },
        { id: "SA", kind: "sea" },
        { id: "SB", kind: "sea" },
      ],
      edges: [["A", "SA"], ["B", "SB"]],
    };
    const units = ["A", "B"].map((at) => ({ nation: "United Kingdom" as const, type: "factory" as const, at, count: 1 }));
    const raiders = ["SA", "SB"].flatMap((at) => [
      { nation: "Germany" as const, type: "battleship" as const, at, count: 1 },
      { nation: "Germany" as const, type: "submarine" as const, at, count: 3 },
    ]);
    const state = createState(board, { units: [...units, ...raiders], treasury: {} }, { commerceRaiding: true });
    // Loaded dice: each zone's first roll is 4 (the battleship), every other a 2: 4 + 2 + 2 + 2 = 10 per zone.
    const loaded: Dice = () => {
      let first = true;
      return { d6: () => (first ? ((first = false), 4) : 2) };
    };
    const income = Object.fromEntries(NATIONS.map((n) => [n, n === "United Kingdom" ? 16 : 0])) as Record<Nation, number>;
    const [raid] = commerceRaids(indexBoard(board), state, income, loaded);
    expect(raid!.zones.map((z) => z.damage)).toEqual([10, 10]);
    expect(raid!.factories.map((f) => [f.cap, f.lost])).toEqual([[12, 10], [12, 10]]);
    expect(raid!.lost).toBe(16);
  });
});

describe("victory cities on the default board (R9.1, R9.2)", () => {
  it("gives each nation five cities worth 5, 3, 2, 2 and 1", () => {
    const byNation = new Map<Nation, number[]>();
    for (const t of DEFAULT_BOARD.territories)
      for (const c of victoryCitiesOf(t)) {
        const nation = c.nation ?? t.originalOwner ?? t.owner!;
        byNation.set(nation, [...(byNation.get(nation) ?? []), c.points]);
      }
    for (const n of NATIONS) expect([...byNation.get(n)!].sort(), n).toEqual([1, 2, 2, 3, 5]);
  });

  it("states each city's infantry limit at the start of the game", () => {
    const limit = (nation: Nation, t: string) => infantryLimits(allOn, nation, t).map((l) => `${l.city} ${l.limit}`);
    expect(limit("Russia", "Russia")).toEqual(["Moscow 5"]);
    expect(limit("Russia", "Karelia S.S.R.")).toEqual(["Leningrad 2"]);
    expect(limit("Japan", "Manchuria")).toEqual(["Changchun 1"]); // Tokyo is on an island: never connected
    expect(limit("Japan", "Japan")).toEqual(["Tokyo 5"]);
    expect(limit("United Kingdom", "United Kingdom")).toEqual(["London 3"]);
    expect(limit("United Kingdom", "Australia")).toEqual(["Sydney 2"]);
    expect(limit("United States", "East US")).toEqual(["Washington 3", "Chicago 2"]);
    expect(limit("United States", "China")).toEqual(["Chongqing 2"]);
  });

  it("refuses under R9.2 when saving an order, as at resolution", () => {
    const refused = validateOrder(allOn, "Japan", { id: "j1", type: "infantry", count: 2, destination: "Manchuria" });
    expect(refused).toMatchObject({ ok: false, rule: "R9.2" });
    expect(validateOrder(plain, "Japan", { id: "j1", type: "infantry", count: 2, destination: "Japan" })).toEqual({ ok: true });
  });
});
