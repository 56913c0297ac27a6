// IP10.4: a sandbox under fog of war starts from what one side knows — the ruleset's knownState is
// built from the side's view alone, hidden numbers replaced by the scenario's starting assumptions.
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { distance, key, ring } from "../../../server/rulesets/interplanetary/hex";
import { knownState } from "../../../server/rulesets/interplanetary/known-state";
import { setupScenario, startingManifest } from "../../../server/rulesets/interplanetary/scenarios";
import type { Ship, State } from "../../../server/rulesets/interplanetary/types";
import { DETECTION_RANGE, viewState } from "../../../server/rulesets/interplanetary/view";

function setup(scenario: "hostile-takeover" | "last-man-standing"): State {
  const made = setupScenario(scenario, { sides: ["red", "blue"] });
  if (!made.ok) throw new Error(made.message);
  return made.state;
}

const manifest = (s: Ship) => ({ fuel: s.fuel, maxFuel: s.maxFuel, guns: s.guns, stock: s.stock, hp: s.hp });
const ship = (state: State, id: string) => state.ships.find((s) => s.id === id)!;

/**
 * A hostile takeover a few turns in, seen by red: blue-1 sits at Mercury beyond detection with
 * fuel 3, a damaged hull and a stock of its own; blue-2 flies within 2 hexes of red-1 (detected);
 * each side has a torpedo that spent its fuel; each headquarters has a stock of busters.
 */
function takeover(hidden: { fuel: number; structure: number; busters: number; torpedoFuel: number }): State {
  const state = structuredClone(setup("hostile-takeover"));
  const red1 = ship(state, "red-1");
  red1.fuel = 9;
  red1.hp.launchers = 5;
  Object.assign(ship(state, "blue-1"), { fuel: hidden.fuel, maxFuel: 25, guns: 2, stock: { mine: 0, rocket: 2, missile: 0, torpedo: 1, buster: 1 } });
  ship(state, "blue-1").hp.structure = hidden.structure;
  const near = ring(red1.pos, 2).find((h) => !BOARD.bodyAt.has(key(h)) && !BOARD.gravity.has(key(h)))!;
  Object.assign(ship(state, "blue-2"), { pos: near, status: "flying", base: null, fuel: 11, guns: 0, stock: { mine: 0, rocket: 0, missile: 1, torpedo: 2, buster: 0 } });
  ship(state, "blue-2").hp.guns = 4;
  const far = BOARD.bases.get("mercury-se")!.hex;
  state.ordnance.push(
    { id: "o10", kind: "torpedo", side: "blue", ship: "blue-1", pos: { q: far.q, r: far.r - 4 }, vel: { q: 1, r: 0 }, pending: [], turnsLeft: 3, fuel: hidden.torpedoFuel },
    { id: "o11", kind: "torpedo", side: "red", ship: "red-1", pos: { q: red1.pos.q + 4, r: red1.pos.r }, vel: { q: 0, r: 1 }, pending: [], turnsLeft: 3, fuel: 0 },
  );
  state.bases["mercury-se"]!.busters = hidden.busters;
  state.bases["io-station"]!.busters = 2;
  state.turn = 4;
  return state;
}

describe("IP10.4 what a side knows of a fog-of-war position", () => {
  const real = takeover({ fuel: 3, structure: 7, busters: 3, torpedoFuel: 0 });
  const known = knownState(real, "red");

  it("is the test's premise: blue-1 is beyond red's detection and blue-2 within it", () => {
    const eyes = [ship(real, "red-1").pos, ship(real, "red-2").pos, BOARD.bases.get("io-station")!.hex];
    expect(eyes.every((h) => distance(h, ship(real, "blue-1").pos) > DETECTION_RANGE)).toBe(true);
    expect(distance(ship(real, "red-1").pos, ship(real, "blue-2").pos)).toBeLessThanOrEqual(DETECTION_RANGE);
    const seen = viewState(real, { kind: "side", side: "red" });
    if (seen.viewer === "outsider") throw new Error("a side's view");
    expect(seen.ships.map((s) => [s.id, s.manifest])).toEqual([["red-1", "shown"], ["blue-1", "hidden"], ["red-2", "shown"], ["blue-2", "shown"]]);
  });

  it("gives an undetected enemy ship the scenario's starting loadout, full fuel and no damage — never its real manifest", () => {
    const assumed = manifest(ship(known, "blue-1"));
    expect(assumed).toEqual(startingManifest("hostile-takeover"));
    expect(assumed).toEqual({ fuel: 20, maxFuel: 20, guns: 1, stock: { mine: 1, rocket: 0, missile: 1, torpedo: 0, buster: 0 }, hp: { structure: 8, guns: 6, launchers: 6, reactor: 6, systems: 6 } });
    expect(assumed.fuel).not.toBe(3);
    // What the view shows of it stays: where it is, how it moves, that it is landed at Mercury.
    const { fuel: _f, maxFuel: _m, guns: _g, stock: _s, hp: _h, ...shown } = ship(real, "blue-1");
    expect(ship(known, "blue-1")).toMatchObject(shown);
  });

  it("gives another side's torpedo its full fuel and the enemy headquarters its starting buster; keeps the side's own", () => {
    expect(known.ordnance.find((o) => o.id === "o10")!.fuel).toBe(1);
    expect(known.ordnance.find((o) => o.id === "o11")!.fuel).toBe(0);
    expect(known.bases["mercury-se"]!.busters).toBe(1);
    expect(known.bases["io-station"]!.busters).toBe(2);
    expect(Object.entries(known.bases).filter(([id]) => id !== "mercury-se" && id !== "io-station").every(([, b]) => b.busters === 0)).toBe(true);
  });

  it("keeps a detected enemy's real manifest and the side's own ships as they are", () => {
    expect(ship(known, "blue-2")).toEqual(ship(real, "blue-2"));
    expect(ship(known, "red-1")).toEqual(ship(real, "red-1"));
    expect(ship(known, "red-2")).toEqual(ship(real, "red-2"));
  });

  it("depends on the side's view alone: other hidden numbers give the same state, and the side sees in it what it saw", () => {
    const other = takeover({ fuel: 17, structure: 2, busters: 0, torpedoFuel: 1 });
    expect(viewState(other, { kind: "side", side: "red" })).toEqual(viewState(real, { kind: "side", side: "red" }));
    expect(knownState(other, "red")).toEqual(known);
    expect(viewState(known, { kind: "side", side: "red" })).toEqual(viewState(real, { kind: "side", side: "red" }));
    // The other side's knowledge is its own: red-1's damage and fuel are hidden from blue only while undetected.
    expect(manifest(ship(knownState(real, "blue"), "red-1"))).toEqual(manifest(ship(real, "red-1")));
    expect(manifest(ship(knownState(real, "blue"), "blue-1"))).toEqual(manifest(ship(real, "blue-1")));
  });

  it("is a state the ruleset plays on: every side's robot orders are legal in it and the turn resolves", () => {
    const orders = Object.fromEntries(known.sides.map((side) => [side, ip.robot(known, side, "guess")]));
    for (const [side, batch] of Object.entries(orders)) expect(ip.validate(known, side, batch)).toEqual({ ok: true });
    const next = ip.resolve(known, orders, null, "seed").state;
    expect(next.turn).toBe(known.turn + 1);
    expect(ip.knownState).toBe(knownState);
  });

  it("is the state itself at the start of a hostile takeover (the assumptions are its setup), and wherever nothing is hidden", () => {
    const start = setup("hostile-takeover");
    expect(knownState(start, "red")).toEqual(start);
    expect(knownState(start, "blue")).toEqual(start);
    const open = setup("last-man-standing");
    open.ships[1]!.fuel = 3;
    expect(knownState(open, "red")).toEqual(open);
  });
});
