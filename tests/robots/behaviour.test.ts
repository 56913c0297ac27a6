// What a robot does in small, hand-made positions (R3.2): it holds a threatened capital, attacks only
// at good odds, sends aircraft only where a secure landing remains (R4.6, R7.1), ships troops by
// transport (R4.7), fights at sea when it should, and buys what the position needs (R4.10).
import { describe, expect, it } from "vitest";
import { resolveTurn, validateOrders, type GameState, type MoveOrder, type Nation, type Order, type PurchaseOrder } from "../../server/rulesets/1942/engine";
import { plannedOrders, robotOrders } from "../../server/rulesets/1942/robots/robot";
import { stateOf } from "../support/scenario";
import { ISLAND, ISLAND_BOARD, endsIn, moves, type Stack } from "./island";

const buys = (orders: Order[]) => orders.filter((o): o is PurchaseOrder => "destination" in o);

function ordersOf(state: GameState, nation: Nation, seed = "t"): Order[] {
  // Every list a robot plans must pass the engine's validation as a whole (R4.2, R4.10).
  const planned = plannedOrders(state, nation, seed);
  expect(validateOrders(state, nation, planned).results.filter((r) => !r.ok)).toEqual([]);
  const orders = robotOrders(state, nation, seed);
  expect(orders).toEqual(planned);
  return orders;
}

describe("a robot defends", () => {
  // Russia's capital M faces a German army in A; empty German B next door tempts an attack.
  const board = {
    territories: [
      { id: "M", kind: "land", value: 8, owner: "Russia", capitalOf: "Russia" },
      { id: "R", kind: "land", value: 1, owner: "Russia" },
      { id: "A", kind: "land", value: 2, owner: "Germany" },
      { id: "B", kind: "land", value: 3, owner: "Germany" },
      { id: "G", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
    ],
    edges: [["M", "R"], ["M", "A"], ["M", "B"], ["A", "G"], ["B", "G"]],
  };
  const russia: Stack[] = [
    { nation: "Russia", type: "factory", at: "M", count: 1 },
    { nation: "Russia", type: "infantry", at: "M", count: 4 },
    { nation: "Russia", type: "armour", at: "M", count: 1 },
    { nation: "Russia", type: "infantry", at: "R", count: 3 },
  ];
  const germanArmy: Stack[] = [
    { nation: "Germany", type: "infantry", at: "A", count: 5 },
    { nation: "Germany", type: "armour", at: "A", count: 3 },
  ];

  it("keeps its threatened capital's garrison, calls in reinforcements and buys infantry there", () => {
    const state = stateOf({ board, units: [...russia, ...germanArmy], treasury: { Russia: 24 } });
    const orders = ordersOf(state, "Russia");
    expect(moves(orders).filter((o) => o.from === "M")).toEqual([]);
    expect(moves(orders).some((o) => o.from === "R" && endsIn(o) === "M")).toBe(true);
    expect(buys(orders).filter((o) => o.destination === "M" && o.type === "infantry").reduce((n, o) => n + o.count, 0)).toBeGreaterThan(0);
  });

  it("with no threat, the same garrison goes out and takes the empty land next door", () => {
    const state = stateOf({ board, units: russia, treasury: { Russia: 24 } });
    const orders = ordersOf(state, "Russia");
    expect(moves(orders).some((o) => o.from === "M" && endsIn(o) === "B")).toBe(true);
  });
});

describe("a robot attacks", () => {
  const board = {
    territories: [
      { id: "G", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
      { id: "A", kind: "land", value: 2, owner: "Germany" },
      { id: "B", kind: "land", value: 3, owner: "Russia" },
      { id: "M", kind: "land", value: 8, owner: "Russia", capitalOf: "Russia" },
    ],
    edges: [["G", "A"], ["A", "B"], ["B", "M"]],
  };
  const defenders: Stack = { nation: "Russia", type: "infantry", at: "B", count: 4 };

  it("never at bad odds", () => {
    const state = stateOf({ board, units: [defenders, { nation: "Germany", type: "infantry", at: "A", count: 3 }, { nation: "Germany", type: "armour", at: "A", count: 1 }] });
    expect(moves(ordersOf(state, "Germany")).filter((o) => endsIn(o) === "B")).toEqual([]);
  });

  it("where the engine's battles say it wins, with units from several territories", () => {
    const state = stateOf({
      board,
      units: [
        defenders,
        { nation: "Germany", type: "infantry", at: "A", count: 3 },
        { nation: "Germany", type: "armour", at: "A", count: 3 },
        { nation: "Germany", type: "armour", at: "G", count: 4 },
      ],
    });
    const attacks = moves(ordersOf(state, "Germany")).filter((o) => endsIn(o) === "B");
    expect(new Set(attacks.map((o) => o.from))).toEqual(new Set(["A", "G"]));
  });
});

describe("a robot's aircraft", () => {
  // Germany's fighters in F can reach Russian T (3 steps) with 1 step to spare: the only landing
  // within reach is B, where German armour stands — safe unless the Russian army in C can take it.
  // The armour alone is too weak for T's five infantry: the attack needs the fighters.
  const board = {
    territories: [
      { id: "F", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
      { id: "X", kind: "land", value: 0, owner: "Germany" },
      { id: "B", kind: "land", value: 1, owner: "Germany" },
      { id: "T", kind: "land", value: 3, owner: "Russia" },
      { id: "C", kind: "land", value: 1, owner: "Russia" },
      { id: "M", kind: "land", value: 8, owner: "Russia", capitalOf: "Russia" },
    ],
    edges: [["F", "X"], ["X", "B"], ["B", "T"], ["T", "M"], ["C", "B"], ["C", "M"]],
  };
  const units = (cArmy: number): Stack[] => [
    { nation: "Germany", type: "fighter", at: "F", count: 3 },
    { nation: "Germany", type: "armour", at: "B", count: 4 },
    { nation: "Russia", type: "infantry", at: "T", count: 5 },
    { nation: "Russia", type: "infantry", at: "M", count: 10 },
    ...(cArmy > 0 ? [{ nation: "Russia" as Nation, type: "infantry", at: "C", count: cArmy }] : []),
  ];
  const fightersTo = (orders: Order[], t: string) => moves(orders).filter((o) => o.units.fighter && endsIn(o) === t);

  it("join an attack when a secure landing is within their unused movement", () => {
    const orders = ordersOf(stateOf({ board, units: units(0) }), "Germany");
    expect(fightersTo(orders, "T").length).toBeGreaterThan(0);
  });

  it("stay out of it when the only landing in reach may fall this turn", () => {
    const orders = ordersOf(stateOf({ board, units: units(12) }), "Germany");
    expect(fightersTo(orders, "T")).toEqual([]);
  });
});

describe("a robot at sea", () => {
  // The United Kingdom is an island: its troops reach German coast G only by transport.
  const board = ISLAND_BOARD;
  const island = ISLAND;

  it("loads troops on transports and lands them in an enemy coastal territory", () => {
    const state = stateOf({ board, units: [...island, { nation: "Germany", type: "infantry", at: "G", count: 1 }] });
    const orders = ordersOf(state, "United Kingdom");
    const shipping = moves(orders).filter((o) => o.units.transport && o.unload === "G");
    expect(shipping.length).toBeGreaterThan(0);
    for (const o of shipping) expect(o.load?.from).toBe("U");
    const after = resolveTurn({ state, orders: { "United Kingdom": orders }, seed: "landing" }).state;
    expect(after.units.some((u) => u.nation === "United Kingdom" && u.at === "G")).toBe(true);
  });

  it("has a battleship bombard the territory its transports unload into (R4.8)", () => {
    const state = stateOf({
      board,
      units: [...island, { nation: "United Kingdom", type: "battleship", at: "S1", count: 1 }, { nation: "Germany", type: "infantry", at: "G", count: 2 }],
    });
    const orders = moves(ordersOf(state, "United Kingdom"));
    const landing = orders.find((o) => o.units.transport && o.unload === "G");
    expect(landing).toBeDefined();
    expect(orders.some((o) => o.units.battleship && o.bombard === "G" && endsIn(o) === endsIn(landing!))).toBe(true);
  });

  it("attacks a weak hostile fleet with its warships", () => {
    const state = stateOf({
      board,
      units: [
        { nation: "United Kingdom", type: "battleship", at: "S1", count: 1 },
        { nation: "United Kingdom", type: "destroyer", at: "S1", count: 2 },
        { nation: "Germany", type: "transport", at: "S2", count: 1 },
        { nation: "Germany", type: "submarine", at: "S2", count: 1 },
      ],
    });
    expect(moves(ordersOf(state, "United Kingdom")).some((o) => endsIn(o) === "S2")).toBe(true);
  });

  it("does not attack a stronger fleet", () => {
    const state = stateOf({
      board,
      units: [
        { nation: "United Kingdom", type: "destroyer", at: "S1", count: 2 },
        { nation: "Germany", type: "battleship", at: "S2", count: 3 },
      ],
    });
    expect(moves(ordersOf(state, "United Kingdom")).filter((o) => endsIn(o) === "S2")).toEqual([]);
  });

  it("buys transports when its troops wait on an island, placed next to its factory (R4.10)", () => {
    const state = stateOf({
      board,
      units: [
        { nation: "United Kingdom", type: "factory", at: "U", count: 1 },
        { nation: "United Kingdom", type: "infantry", at: "U", count: 8 },
        { nation: "Germany", type: "infantry", at: "G", count: 6 },
      ],
      treasury: { "United Kingdom": 40 },
    });
    const bought = buys(ordersOf(state, "United Kingdom"));
    expect(bought.filter((o) => o.type === "transport")).not.toEqual([]);
    for (const o of bought.filter((o) => o.type === "transport")) expect([o.destination, o.from]).toEqual(["S1", "U"]);
  });
});

describe("allies strike a capital together", () => {
  // Germany's capital G, 7 infantry, borders Russian R and British U: neither army takes it alone,
  // both together do — and each robot, replaying its ally's turn, sees that the other one comes too.
  const board = {
    territories: [
      { id: "R", kind: "land", value: 2, owner: "Russia" },
      { id: "U", kind: "land", value: 2, owner: "United Kingdom" },
      { id: "G", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
    ],
    edges: [["R", "G"], ["U", "G"], ["R", "U"]],
  };
  const army = (nation: Nation, at: string): Stack[] => [
    { nation, type: "infantry", at, count: 5 },
    { nation, type: "armour", at, count: 2 },
  ];
  const germany: Stack[] = [{ nation: "Germany", type: "infantry", at: "G", count: 7 }];
  const attacksG = (orders: Order[]) => moves(orders).filter((o) => endsIn(o) === "G").length > 0;

  it("alone, neither attacks", () => {
    for (const [nation, at] of [["Russia", "R"], ["United Kingdom", "U"]] as [Nation, string][]) {
      const state = stateOf({ board, units: [...army(nation, at), ...germany], treasury: {} });
      expect(attacksG(ordersOf(state, nation))).toBe(false);
    }
  });

  it("together, both attack in the same turn and the capital falls more often than not", () => {
    const state = stateOf({ board, units: [...army("Russia", "R"), ...army("United Kingdom", "U"), ...germany], treasury: {} });
    const orders = { Russia: ordersOf(state, "Russia"), "United Kingdom": ordersOf(state, "United Kingdom") };
    expect(attacksG(orders.Russia)).toBe(true);
    expect(attacksG(orders["United Kingdom"])).toBe(true);
    let taken = 0;
    for (let i = 0; i < 10; i++) if (resolveTurn({ state, orders, seed: `strike|${i}` }).state.owners.G !== "Germany") taken++;
    expect(taken).toBeGreaterThan(5);
  });
});

describe("a robot against an island capital", () => {
  // Japan's capital J is an island four zones from the British island U; Germany's capital H stands
  // on the continent behind G. Troops reach J only by transport, and transports only where warships
  // keep the sea (R4.7).
  const board = (germanyHolds: boolean) => ({
    territories: [
      { id: "U", kind: "land", value: 8, owner: "United Kingdom", capitalOf: "United Kingdom" },
      { id: "J", kind: "land", value: 8, owner: "Japan", capitalOf: "Japan" },
      { id: "H", kind: "land", value: 8, owner: germanyHolds ? "Germany" : "Russia", capitalOf: "Germany" },
      { id: "G", kind: "land", value: 2, owner: germanyHolds ? "Germany" : "Russia" },
      { id: "S1", kind: "sea" },
      { id: "S2", kind: "sea" },
      { id: "S3", kind: "sea" },
      { id: "S4", kind: "sea" },
    ],
    edges: [["U", "S1"], ["S1", "S2"], ["S2", "S3"], ["S3", "S4"], ["S4", "J"], ["S2", "G"], ["G", "H"]],
  });
  const japan: Stack[] = [{ nation: "Japan", type: "infantry", at: "J", count: 2 }];
  const waiting: Stack[] = [
    { nation: "United Kingdom", type: "factory", at: "U", count: 1 },
    { nation: "United Kingdom", type: "infantry", at: "U", count: 12 },
  ];
  const bought = (orders: Order[], type: string) => buys(orders).filter((o) => o.type === type).reduce((n, o) => n + o.count, 0);

  it("sails its idle warships towards the enemy capital's coast", () => {
    const state = stateOf({ board: board(false), units: [...japan, { nation: "United Kingdom", type: "destroyer", at: "S1", count: 2 }] });
    expect(moves(ordersOf(state, "United Kingdom")).some((o) => o.units.destroyer === 2 && endsIn(o) === "S3")).toBe(true);
  });

  it("but not into a zone a stronger fleet can reach", () => {
    const state = stateOf({
      board: board(false),
      units: [...japan, { nation: "Japan", type: "battleship", at: "S4", count: 3 }, { nation: "United Kingdom", type: "destroyer", at: "S1", count: 2 }],
    });
    expect(moves(ordersOf(state, "United Kingdom")).filter((o) => ["S2", "S3"].includes(endsIn(o)))).toEqual([]);
  });

  it("buys no transports where a hostile fleet would sink them as they appear (R8.3)", () => {
    const state = stateOf({ board: board(false), units: [...japan, ...waiting, { nation: "Japan", type: "battleship", at: "S3", count: 2 }], treasury: { "United Kingdom": 40 } });
    expect(bought(ordersOf(state, "United Kingdom"), "transport")).toBe(0);
  });

  it("with only island capitals left to take, buys destroyers for its waiting troops as well as transports", () => {
    const state = stateOf({ board: board(false), units: [...japan, ...waiting], treasury: { "United Kingdom": 60 } });
    const orders = ordersOf(state, "United Kingdom");
    expect(bought(orders, "transport")).toBeGreaterThan(0);
    expect(bought(orders, "destroyer")).toBeGreaterThan(0);
  });

  it("while a capital on the continent remains, buys no destroyers for them", () => {
    const state = stateOf({ board: board(true), units: [...japan, ...waiting], treasury: { "United Kingdom": 60 } });
    expect(bought(ordersOf(state, "United Kingdom"), "destroyer")).toBe(0);
  });
});
