// A robot prices its planned attacks together with the whole-turn odds (issue 24): a landing waits
// on the sea battle in its transports' zone (R5.3), so a landing sized with its own battle's odds
// can fall short once a transport may sink. The robot then drops it or escorts it (review.ts).
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, teamOf, validateOrders, type GameState, type MoveOrder, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { turnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { attackSuccess } from "../../server/rulesets/1942/engine/odds/turn-objectives";
import { ATTACK_ODDS } from "../../server/rulesets/1942/robots/attack";
import { exactEstimate } from "../../server/rulesets/1942/robots/odds";
import { plannedTurn, robotOrders } from "../../server/rulesets/1942/robots/robot";
import { stateOf } from "../support/scenario";
import { ISLAND, ISLAND_BOARD, endsIn, moves } from "./island";

// The United Kingdom's troops reach German coast G only by transport from S2, where a German
// destroyer stands: its transports sail into the sea battle and unload only if they survive it.
const board = ISLAND_BOARD;
const island = [
  ...ISLAND,
  { nation: "United Kingdom", type: "destroyer", at: "S1", count: 2 },
  { nation: "Germany", type: "destroyer", at: "S2", count: 1 },
];
const stateWith = (germanInfantryInG: number) => stateOf({ board, units: [...island, { nation: "Germany", type: "infantry", at: "G", count: germanInfantryInG }] });

const landingsIn = (orders: Order[], t: string) => moves(orders).filter((o) => o.units.transport && o.unload === t);

function planned(state: GameState, nation: Nation = "United Kingdom") {
  const turn = plannedTurn(state, nation, "joint");
  // Every order stays legal (R4.2): the list passes the engine's validation as a whole.
  expect(validateOrders(state, nation, turn.orders).results.filter((r) => !r.ok)).toEqual([]);
  expect(robotOrders(state, nation, "joint")).toEqual(turn.orders);
  return turn;
}

/** The review's figures against turnOdds run here on the robot's final orders. */
function expectReported(state: GameState, nation: Nation, turn: ReturnType<typeof planned>): void {
  const team = teamOf(nation);
  const odds = turnOdds({ state, orders: { [nation]: moves(turn.orders) } });
  const attacks = odds.battles.filter((b) => b.attacker === team && !b.approximate && (b.pass === "sea" || teamOf(state.owners[b.territory]!) !== team));
  expect(turn.odds!.attacks.length).toBeGreaterThan(0);
  expect(attacks.map((b) => b.territory).sort()).toEqual(turn.odds!.attacks.map((a) => a.territory).sort());
  for (const a of turn.odds!.attacks) expect(a.p).toBeCloseTo(odds.probability(attackSuccess(attacks.find((b) => b.territory === a.territory)!)), 12);
  expect(turn.odds!.joint).toBeCloseTo(odds.probability({ and: attacks.map(attackSuccess) }), 12);
  expect(turn.odds!.joint).toBeLessThanOrEqual(Math.min(...turn.odds!.attacks.map((a) => a.p)) + 1e-12);
}

describe("a robot weighs its landing with the sea battle it waits on", () => {
  it("does not launch a landing its own battle's odds favour but the joint odds do not", () => {
    const state = stateWith(3);
    // Alone, the landing's battle (2 armour, 2 infantry against 3 infantry) clears ATTACK_ODDS…
    const cargo = [1, 2, 3, 4].map((id) => ({ id, nation: "United Kingdom" as const, type: id <= 2 ? ("armour" as const) : ("infantry" as const) }));
    const germans = [1, 2, 3].map((id) => ({ id, nation: "Germany" as const, type: "infantry" as const }));
    expect(exactEstimate(cargo, germans).win).toBeGreaterThanOrEqual(ATTACK_ODDS);
    const turn = planned(state);
    // …and the plan sized attack by attack launched it, but priced with the sea battle it falls short.
    const first = turn.weighed[0]!;
    expect(first.choice).toBe("as planned");
    expect(first.sound).toBe(false);
    expect(first.joint).toBeLessThan(ATTACK_ODDS);
    // So the robot keeps its troops home; its destroyers still attack the fleet in S2.
    expect(turn.choice).toBe("dropped");
    expect(landingsIn(turn.orders, "G")).toEqual([]);
    expect(moves(turn.orders).some((o) => o.units.destroyer && endsIn(o) === "S2")).toBe(true);
    expect(turn.odds!.attacks.map((a) => a.territory)).toEqual(["S2"]);
  });

  it("escorts a landing with every warship in reach when that makes it sound and worth more", () => {
    const turn = planned(stateWith(1));
    expect(turn.weighed[0]!.sound).toBe(false);
    expect(turn.choice).toBe("reinforced");
    expect(landingsIn(turn.orders, "G").length).toBeGreaterThan(0);
    const escort = moves(turn.orders).filter((o) => o.units.destroyer && endsIn(o) === "S2").reduce((n, o) => n + o.units.destroyer!, 0);
    expect(escort).toBe(2);
    const g = turn.odds!.attacks.find((a) => a.territory === "G")!;
    expect(g.p).toBeGreaterThanOrEqual(ATTACK_ODDS);
    // The chosen plan is sound and worth most among the sound ones weighed.
    const sound = turn.weighed.filter((w) => w.sound);
    expect(turn.odds!.value).toBe(Math.max(...sound.map((w) => w.value)));
  });

  for (const infantry of [1, 2, 3])
    it(`reports the joint probability the whole-turn odds give its orders (${infantry} German infantry in G)`, () => {
      const state = stateWith(infantry);
      expectReported(state, "United Kingdom", planned(state));
    });

  for (const nation of ["Germany", "United Kingdom"] as const)
    it(`reports the joint probability of ${nation}'s opening attacks, landings waiting on sea battles among them`, () => {
      const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
      const turn = planned(state, nation);
      expect(turn.odds!.attacks.some((a) => a.dependsOn.length > 0)).toBe(true);
      expectReported(state, nation, turn);
    });
});

describe("a robot's review stays within a robot's time", () => {
  // Russia's army in R against a German one in B: a battle of more than 80 units.
  const board = {
    territories: [
      { id: "M", kind: "land", value: 8, owner: "Russia", capitalOf: "Russia" },
      { id: "R", kind: "land", value: 1, owner: "Russia" },
      { id: "B", kind: "land", value: 3, owner: "Germany" },
      { id: "G", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
    ],
    edges: [["M", "R"], ["R", "B"], ["B", "G"]],
  };
  const armies = (infantry: number, germans: number) =>
    stateOf({
      board,
      units: [
        { nation: "Russia", type: "infantry", at: "R", count: infantry },
        { nation: "Russia", type: "armour", at: "R", count: 20 },
        { nation: "Germany", type: "infantry", at: "B", count: germans },
      ],
    });
  const attackers = (orders: Order[]) => moves(orders).filter((o) => endsIn(o) === "B").reduce((n, o) => n + Object.values(o.units).reduce((s: number, k) => s + (k ?? 0), 0), 0);

  it("prices a battle of a few dozen units", () => {
    const turn = planned(armies(40, 30), "Russia");
    expect(attackers(turn.orders) + 30).toBeLessThanOrEqual(80);
    expect(turn.odds!.attacks.map((a) => a.territory)).toEqual(["B"]);
  });

  it("leaves a bigger one unreviewed, as attack.ts sized it", () => {
    const turn = planned(armies(60, 45), "Russia");
    expect(attackers(turn.orders) + 45).toBeGreaterThan(80);
    expect(turn.odds).toBeUndefined();
    expect(turn.weighed).toEqual([]);
    expect(turn.choice).toBe("as planned");
  });
});
