// What a player needs to plot a turn, computed exactly by the rules' own code: the ghost of next
// turn's course with the gravity already due (IP4.1), the seven endpoints of a ship's burn (IP3.2),
// the gravity choices it may make (IP4.3, IP4.4), a launch's course (IP6.1) and the odds of a gun
// shot from the attack table (IP7.2, IP7.5, IP7.7). Pure: the screen and the robot share it.
import { disableOf, hitsOf, type AttackResult, type Table } from "./attack";
import { gunGeometry } from "./combat";
import { hit } from "./damage";
import tables from "./data/tables.json";
import { DIRS, add, DIR_VECTORS, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseOf, tipOf, type Course } from "./movement";
import { ORDNANCE } from "./ordnance-data";
import type { DiceStream } from "../shared/dice";
import type { OrdnanceKind, PendingGravity, Ship } from "./types";

/** What moves: a ship or a piece of ordnance, as a view shows it. */
export interface Mover {
  pos: Hex;
  vel: Hex;
  pending: PendingGravity[];
}

export type GravityChoices = Record<string, Dir | "ignore">;

/** The course this mover flies with these gravity choices and burns (none: it drifts). */
export function ghostCourse(m: Mover, choices: GravityChoices = {}, burns: Dir[] = []): Course {
  const { tip, applied } = tipOf(m.pos, m.vel, m.pending, choices, burns);
  return { ...courseOf(m.pos, tip), applied };
}

export interface Endpoint {
  /** The burn (null: no burn). */
  burn: Dir | null;
  course: Course;
  /** Asteroid hexes entered fast (IP5.4): each is an asteroid roll. */
  asteroids: number;
}

/** IP3.2: the seven endpoints of a ship's course: no burn, and each of the six burns when it may burn. */
export function endpoints(m: Mover, choices: GravityChoices = {}, canBurn = true): Endpoint[] {
  const burns: (Dir | null)[] = canBurn ? [null, ...DIRS] : [null];
  return burns.map((burn) => {
    const course = ghostCourse(m, choices, burn ? [burn] : []);
    return { burn, course, asteroids: asteroidHexes(course).length };
  });
}

/** Whether a ship may burn this turn (IP3.2, IP7.6). */
export const mayBurn = (s: Pick<Ship, "status" | "disabled"> & { fuel?: number }): boolean => s.status === "flying" && s.disabled === 0 && (s.fuel ?? 0) > 0;

export interface GravityChoice {
  hex: string;
  /** What may be chosen; the first is what applies without a choice. */
  options: (Dir | "ignore")[];
}

/** IP4.3, IP4.4: the pending gravity hexes where the mover has a choice to make. */
export function gravityChoices(pending: PendingGravity[]): GravityChoice[] {
  const out: GravityChoice[] = [];
  for (const p of pending) {
    if (p.arrows.length > 1) out.push({ hex: p.hex, options: [...p.arrows] });
    else if (p.weak && !p.forced) out.push({ hex: p.hex, options: [p.arrows[0]!, "ignore"] });
  }
  return out;
}

/** IP6.1, IP6.2: the course of a weapon launched this turn with these launch burns. */
export function launchCourse(ship: Mover, burns: Dir[]): Course {
  // The weapon keeps the ship's old vector and the gravity the ship felt, plus its own burns; its
  // gravity choices are the defaults (it has none of its own yet).
  const vel = burns.reduce((v: Hex, d) => add(v, DIR_VECTORS[d]), ship.vel);
  return ghostCourse({ pos: ship.pos, vel, pending: ship.pending });
}

/** IP6.2: how many burns a weapon of this kind may make at launch. */
export const launchBurns = (kind: OrdnanceKind): number => ORDNANCE[kind].launchThrust + Math.min(ORDNANCE[kind].fuel, 1);

const RESULTS: AttackResult[] = ["M", "D1", "D2", "H", "H+D2", "2H"];

/** IP7.5: the chance (in sixths) of each result on a table at a modifier. */
export function resultOdds(table: Table, modifier: number): Record<AttackResult, number> {
  const out = Object.fromEntries(RESULTS.map((r) => [r, 0])) as Record<AttackResult, number>;
  for (let roll = 1; roll <= 6; roll++) {
    const r = (tables[table] as AttackResult[])[Math.max(0, Math.min(7, roll + modifier))]!;
    out[r] += 1;
  }
  return out;
}

/** Two d6 queued in order, for reading the damage rules' own code over every roll. */
const fixedDice = (rolls: number[]): DiceStream => {
  let i = 0;
  return { d6: () => rolls[i++]! };
};

/**
 * IP7.7: the chance that `hits` hits destroy a ship with this damage and fuel, over every location
 * and damage roll (36 outcomes a hit), by the damage rules' own code.
 */
export function destroyOdds(target: Pick<Ship, "hp" | "fuel" | "stock">, hits: number): number {
  if (hits === 0) return 0;
  let destroyed = 0;
  for (let loc = 1; loc <= 6; loc++)
    for (let dmg = 1; dmg <= 6; dmg++) {
      const ship = { id: "x", status: "flying", hp: { ...target.hp }, fuel: target.fuel, stock: { ...target.stock } } as Ship;
      hit(ship, fixedDice([loc, dmg]), []);
      destroyed += ship.status === "destroyed" ? 36 : 36 * destroyOdds(ship, hits - 1);
    }
  return destroyed / 36 / 36;
}

export interface ShotOdds {
  range: number;
  relative: number;
  modifier: number;
  inRange: boolean;
  /** Chance in [0, 1] of at least one hit, of being disabled, and of the target being destroyed (when its damage is known). */
  hit: number;
  disable: number;
  destroy: number | null;
  results: Record<AttackResult, number>;
}

/**
 * IP7.2, IP7.5: the odds of one gun shot between two courses (the target's as far as it is known:
 * its drift when its side's plot is secret). `target` gives its damage when the manifest is shown.
 */
export function shotOdds(mine: Course, theirs: Course, target: Pick<Ship, "hp" | "fuel" | "stock"> | null, gunRange = 10): ShotOdds {
  const g = gunGeometry(mine, theirs);
  const results = resultOdds("gun", g.modifier);
  const inRange = g.range <= gunRange;
  const chance = (f: (r: AttackResult) => boolean) => (inRange ? RESULTS.filter(f).reduce((a, r) => a + results[r], 0) / 6 : 0);
  const destroy = target && inRange ? RESULTS.reduce((a, r) => a + (results[r] / 6) * destroyOdds(target, hitsOf(r)), 0) : target ? 0 : null;
  return { ...g, inRange, hit: chance((r) => hitsOf(r) > 0), disable: chance((r) => disableOf(r) > 0), destroy, results };
}
