// Small turns for the whole-turn odds tests: a board with two sea zones along a Russian coast.
import type { Order } from "../../server/rulesets/1942/engine/orders/types";
import type { GameState } from "../../server/rulesets/1942/engine/state";
import type { Nation } from "../../server/rulesets/1942/engine/types";
import { stateOf } from "../support/scenario";

export const COAST_BOARD = {
  territories: [
    { id: "A", kind: "land", value: 3, owner: "Germany", capitalOf: "Germany" },
    { id: "B", kind: "land", value: 1, owner: "Germany" },
    { id: "C", kind: "land", value: 2, owner: "Russia" },
    { id: "E", kind: "land", value: 1, owner: "Russia" },
    { id: "F", kind: "land", value: 1, owner: "Russia" },
    { id: "G", kind: "land", value: 4, owner: "Russia", capitalOf: "Russia" },
    { id: "S1", kind: "sea" },
    { id: "S2", kind: "sea" },
  ],
  edges: [
    ["A", "B"],
    ["B", "C"],
    ["A", "S1"],
    ["C", "S1"],
    ["G", "S1"],
    ["S1", "S2"],
    ["E", "S2"],
    ["F", "S2"],
  ],
};

export interface Turn {
  state: GameState;
  orders: Partial<Record<Nation, Order[]>>;
}

/** A sea battle in S2 decides two landings (E and F); a land attack on C flies over its AA gun (R5.1). */
export function landingTurn(): Turn {
  const state = stateOf({
    board: COAST_BOARD,
    units: [
      { nation: "Germany", type: "transport", at: "S1", count: 2 },
      { nation: "Germany", type: "destroyer", at: "S1", count: 1 },
      { nation: "Germany", type: "infantry", at: "A", count: 2 },
      { nation: "Germany", type: "armour", at: "A", count: 1 },
      { nation: "Germany", type: "infantry", at: "B", count: 2 },
      { nation: "Germany", type: "armour", at: "B", count: 1 },
      { nation: "Germany", type: "fighter", at: "B", count: 1 },
      { nation: "United Kingdom", type: "submarine", at: "S2", count: 1 },
      { nation: "United Kingdom", type: "destroyer", at: "S2", count: 1 },
      { nation: "Russia", type: "infantry", at: "E", count: 1 },
      { nation: "Russia", type: "infantry", at: "F", count: 1 },
      { nation: "Russia", type: "infantry", at: "C", count: 2 },
      { nation: "Russia", type: "aaGun", at: "C", count: 1 },
    ],
  });
  const orders: Partial<Record<Nation, Order[]>> = {
    Germany: [
      { id: "t1", units: { transport: 1 }, from: "S1", path: ["S2"], load: { from: "A", units: { infantry: 1, armour: 1 }, atStep: 0 }, unload: "E" },
      { id: "t2", units: { transport: 1 }, from: "S1", path: ["S2"], load: { from: "A", units: { infantry: 1 }, atStep: 0 }, unload: "F" },
      { id: "d1", units: { destroyer: 1 }, from: "S1", path: ["S2"] },
      { id: "g3", units: { infantry: 2, armour: 1 }, from: "B", path: ["C"] },
      { id: "f1", units: { fighter: 1 }, from: "B", path: ["C"] },
    ],
  };
  return { state, orders };
}

/** An amphibious assault on G with a battleship bombarding from a quiet zone (R5.5), beside an independent sea battle in S2. */
export function bombardTurn(): Turn {
  const state = stateOf({
    board: COAST_BOARD,
    units: [
      { nation: "Germany", type: "transport", at: "S1", count: 1 },
      { nation: "Germany", type: "battleship", at: "S1", count: 1 },
      { nation: "Germany", type: "submarine", at: "S1", count: 2 },
      { nation: "Germany", type: "infantry", at: "A", count: 1 },
      { nation: "Germany", type: "armour", at: "A", count: 1 },
      { nation: "United Kingdom", type: "destroyer", at: "S2", count: 1 },
      { nation: "Russia", type: "infantry", at: "G", count: 2 },
    ],
  });
  const orders: Partial<Record<Nation, Order[]>> = {
    Germany: [
      { id: "t1", units: { transport: 1 }, from: "S1", path: [], load: { from: "A", units: { infantry: 1, armour: 1 }, atStep: 0 }, unload: "G" },
      { id: "b1", units: { battleship: 1 }, from: "S1", path: [], bombard: "G" },
      { id: "s1", units: { submarine: 2 }, from: "S1", path: ["S2"] },
    ],
  };
  return { state, orders };
}

/** A bomber raids C's factory (R5.4) while infantry attack C: the raider stays out of the battle. */
export function raidTurn(): Turn {
  const state = stateOf({
    board: COAST_BOARD,
    units: [
      { nation: "Germany", type: "infantry", at: "B", count: 3 },
      { nation: "Germany", type: "bomber", at: "B", count: 1 },
      { nation: "Russia", type: "infantry", at: "C", count: 2 },
      { nation: "Russia", type: "factory", at: "C", count: 1 },
    ],
  });
  const orders: Partial<Record<Nation, Order[]>> = {
    Germany: [
      { id: "g1", units: { infantry: 3 }, from: "B", path: ["C"] },
      { id: "r1", units: { bomber: 1 }, from: "B", path: ["C"], raid: true },
    ],
  };
  return { state, orders };
}

/** Russia attacks B while Germany reinforces it with infantry from A: a defender that moved in. */
export function reinforcedTurn(): Turn {
  const state = stateOf({
    board: COAST_BOARD,
    units: [
      { nation: "Germany", type: "infantry", at: "A", count: 2 },
      { nation: "Germany", type: "infantry", at: "B", count: 1 },
      { nation: "Russia", type: "infantry", at: "C", count: 3 },
    ],
  });
  const orders: Partial<Record<Nation, Order[]>> = {
    Germany: [{ id: "g1", units: { infantry: 2 }, from: "A", path: ["B"] }],
    Russia: [{ id: "r1", units: { infantry: 3 }, from: "C", path: ["B"] }],
  };
  return { state, orders };
}
