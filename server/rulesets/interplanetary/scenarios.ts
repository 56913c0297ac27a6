// IP9: the scenarios and their setup: who flies what from where.
import { BOARD, bodyNamed, gravityHexesOf } from "./board";
import hull from "./data/hull.json";
import { hex, key, ring } from "./hex";
import { ORDNANCE } from "./ordnance-data";
import { ORDNANCE_KINDS, RULESET_ID, RULESET_VERSION, type BaseState, type OrdnanceKind, type ScenarioId, type Ship, type State } from "./types";

export const SCENARIOS: ScenarioId[] = ["training", "planet-race", "last-man-standing", "hostile-takeover"];

/** IP9.6: what a ship carries, bought with ship points. */
export interface Loadout {
  guns: number;
  extraFuel: number;
  ordnance: Partial<Record<Exclude<OrdnanceKind, "buster">, number>>;
}

export interface SetupOptions {
  sides: string[];
  loadouts?: Record<string, Loadout>;
  turnLimit?: number;
}

type Fail = { ok: false; rule: string; message: string };
const fail = (rule: string, message: string): Fail => ({ ok: false, rule, message: `${message} (${rule})` });

const DEFAULT_LOADOUT: Loadout = { guns: 1, extraFuel: 0, ordnance: { mine: 2, missile: 1 } };
const TAKEOVER_LOADOUT: Loadout = { guns: 1, extraFuel: 0, ordnance: { mine: 1, missile: 1 } };
const EMPTY: Loadout = { guns: 0, extraFuel: 0, ordnance: {} };
/** IP9.4: the kinetic busters each headquarters starts with. */
export const HQ_BUSTERS = 1;

/** IP9.6: what a ship of this scenario carries when its side bought no loadout of its own. */
const defaultLoadout = (id: ScenarioId): Loadout => (id === "training" ? EMPTY : id === "hostile-takeover" ? TAKEOVER_LOADOUT : DEFAULT_LOADOUT);

/** A ship's manifest as the scenario's default loadout starts it: fuel full, undamaged (IP9.6). */
export function startingManifest(id: ScenarioId): Pick<Ship, "fuel" | "maxFuel" | "guns" | "stock" | "hp"> {
  const { fuel, maxFuel, guns, stock, hp } = makeShip("", "", defaultLoadout(id));
  return { fuel, maxFuel, guns, stock, hp };
}

export function loadoutCost(l: Loadout): number {
  return l.guns * hull.gunCost + l.extraFuel + Object.entries(l.ordnance).reduce((a, [k, n]) => a + ORDNANCE[k as OrdnanceKind].cost * (n ?? 0), 0);
}

function checkLoadout(l: Loadout, points: number, side: string): Fail | null {
  const counts = [l.guns, l.extraFuel, ...Object.values(l.ordnance)];
  if (!counts.every((n) => Number.isInteger(n) && (n ?? 0) >= 0)) return fail("IP9.6", `${side}: loadout counts are whole numbers`);
  if (Object.keys(l.ordnance).some((k) => !ORDNANCE_KINDS.includes(k as OrdnanceKind) || k === "buster")) return fail("IP9.6", `${side}: unknown ordnance in loadout`);
  if (l.guns > hull.maxGuns) return fail("IP9.6", `${side}: at most ${hull.maxGuns} guns`);
  if (Object.values(l.ordnance).reduce((a, b) => a + (b ?? 0), 0) > hull.launchers) return fail("IP9.6", `${side}: at most ${hull.launchers} weapons in the launchers`);
  if (loadoutCost(l) > points) return fail("IP9.6", `${side}: the loadout costs ${loadoutCost(l)} ship points, more than ${points}`);
  return null;
}

function makeShip(id: string, side: string, l: Loadout): Ship {
  const stock = Object.fromEntries(ORDNANCE_KINDS.map((k) => [k, 0])) as Record<OrdnanceKind, number>;
  for (const [k, n] of Object.entries(l.ordnance)) stock[k as OrdnanceKind] = n ?? 0;
  const maxFuel = hull.maxFuel + l.extraFuel * hull.fuelPerPoint;
  return {
    id, side, pos: hex(0, 0), vel: hex(0, 0), fuel: maxFuel, maxFuel, guns: l.guns, stock,
    hp: { structure: hull.structure, guns: hull.gunMounts, launchers: hull.launchers, reactor: hull.reactor, systems: hull.systems },
    disabled: 0, pending: [], status: "flying", base: null, orbit: null, visited: [],
  };
}

function land(ship: Ship, baseId: string): Ship {
  ship.status = "landed";
  ship.base = baseId;
  ship.pos = BOARD.bases.get(baseId)!.hex;
  return ship;
}

const EARTH_BASES = ["earth-e", "earth-ne", "earth-nw", "earth-w", "earth-sw", "earth-se"];

export function setupScenario(scenario: unknown, options: SetupOptions): { ok: true; state: State } | Fail {
  if (!SCENARIOS.includes(scenario as ScenarioId)) return fail("IP9.0", `unknown scenario ${String(scenario)}: one of ${SCENARIOS.join(", ")}`);
  const id = scenario as ScenarioId;
  const sides = options?.sides;
  const max = id === "hostile-takeover" ? 2 : 6;
  if (!Array.isArray(sides) || sides.length < 2 || sides.length > max || new Set(sides).size !== sides.length || !sides.every((s) => typeof s === "string" && s.length > 0))
    return fail("IP9.0", `${id} needs 2 to ${max} sides with distinct names`);
  const points = id === "training" ? 0 : id === "hostile-takeover" ? 5 : 6;
  const loadout = (side: string) => options.loadouts?.[side] ?? defaultLoadout(id);
  for (const side of sides) {
    const bad = checkLoadout(loadout(side), points, side);
    if (bad) return bad;
  }
  const bases: Record<string, BaseState> = Object.fromEntries([...BOARD.bases.keys()].map((b) => [b, { owner: null, closed: false, destroyed: false, busters: 0 }]));
  const ships: Ship[] = [];
  if (id === "training" || id === "planet-race") {
    sides.forEach((side, i) => ships.push(land(makeShip(`${side}-1`, side, loadout(side)), EARTH_BASES[i]!)));
  } else if (id === "last-man-standing") {
    // IP9.3: speed 0 on a circle of radius 11 around the Sun, evenly spaced, off gravity and asteroids.
    const circle = ring(hex(0, 0), 11);
    sides.forEach((side, i) => {
      let j = Math.floor((i * circle.length) / sides.length);
      while (BOARD.gravity.has(key(circle[j % circle.length]!)) || BOARD.asteroids.has(key(circle[j % circle.length]!))) j++;
      const ship = makeShip(`${side}-1`, side, loadout(side));
      ship.pos = circle[j % circle.length]!;
      ships.push(ship);
    });
  } else {
    // IP9.4: two corporations, two ships each, at Io station and Mercury's base facing Earth.
    const [io, mercury] = sides as [string, string];
    for (const b of Object.values(bases)) b.closed = true;
    for (const m of ["mars-w", "mars-se"]) bases[m]!.closed = false;
    bases["io-station"] = { owner: io, closed: false, destroyed: false, busters: HQ_BUSTERS, guns: 1 };
    bases["mercury-se"] = { owner: mercury, closed: false, destroyed: false, busters: HQ_BUSTERS, guns: 1 };
    const ioHex = BOARD.bases.get("io-station")!.hex;
    for (const n of [1, 2]) {
      const s = makeShip(`${io}-${n}`, io, loadout(io));
      s.pos = gravityHexesOf("Io")[n]!;
      ships.push(s);
      ships.push(land(makeShip(`${mercury}-${n}`, mercury, loadout(mercury)), "mercury-se"));
    }
    void ioHex;
  }
  const state: State = {
    ruleset: RULESET_ID, version: RULESET_VERSION, scenario: id, turn: 1, sides: [...sides], ships, ordnance: [], bases, nextOrdnance: 1,
    noFireZone: id === "planet-race", hqDestroyed: {}, turnLimit: options.turnLimit ?? 100, ended: null,
  };
  if (id === "hostile-takeover") {
    // IP9.4: each headquarters deploys a mine field two hexes out, at speed 0, lasting for ever.
    const [io, mercury] = sides as [string, string];
    const mines = [
      { side: io, at: ring(bodyNamed("Io").hex, 2).find((h) => !BOARD.gravity.has(key(h)) && !BOARD.bodyAt.has(key(h)))! },
      { side: mercury, at: ring(bodyNamed("Mercury").hex, 2)[0]! },
    ];
    for (const m of mines) state.ordnance.push({ id: `o${state.nextOrdnance++}`, kind: "mine", side: m.side, ship: "base", pos: m.at, vel: hex(0, 0), pending: [], turnsLeft: null, fuel: 0 });
  }
  return { ok: true, state };
}
