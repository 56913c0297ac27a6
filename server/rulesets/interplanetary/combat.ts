// IP7: guns. Every gun fires at once; range and relative velocity are taken at the closest points
// of the two courses (IP7.2); every roll is made before any damage lands, so a ship destroyed this
// turn still fires (IP7.3); a targeted ship's idle guns return fire in the same volley (IP7.4).
import { rollAttack } from "./attack";
import { workingGuns } from "./damage";
import hull from "./data/hull.json";
import { BOARD } from "./board";
import { distance, length, sub } from "./hex";
import { courseHexes, endOf, type Course } from "./movement";
import { applyResult } from "./ordnance";
import { inNoFireZone, isSafe } from "./ships";
import type { Dice } from "../shared/dice";
import type { ReportLine, Ship, ShipOrders, State } from "./types";

/** IP7.2: the closest distance between two courses and their relative velocity. */
export function gunGeometry(a: Course, b: Course): { range: number; relative: number; modifier: number } {
  let range = Infinity;
  for (const x of courseHexes(a)) for (const y of courseHexes(b)) range = Math.min(range, distance(x.hex, y.hex));
  const relative = length(sub(a.vel, b.vel));
  return { range, relative, modifier: -Math.max(0, range - 2) - Math.max(0, relative - 2) };
}

/** IP7.8: a base fires at ships within 2 hexes (its control zone); a mass driver adds 2. */
const BASE_ZONE = 2;
const MASS_DRIVER_BONUS = 2;

interface Shot {
  shooter: Ship;
  target: Ship;
  gun: number;
  retaliation: boolean;
}

export function gunPhase(state: State, courses: Map<string, Course>, orders: Map<string, ShipOrders>, disabledAtStart: Set<string>, dice: Dice, lines: ReportLine[]): void {
  // IP7.6: a ship disabled at the start of the turn fires no gun this turn, retaliation included.
  const canFire = (s: Ship) => s.status === "flying" && !isSafe(s) && !disabledAtStart.has(s.id) && workingGuns(s) > 0;
  const shots: Shot[] = [];
  for (const shooter of state.ships.filter(canFire)) {
    (orders.get(shooter.id)?.fire ?? []).slice(0, workingGuns(shooter)).forEach((t, gun) => {
      const target = state.ships.find((s) => s.id === t)!;
      shots.push({ shooter, target, gun, retaliation: false });
    });
  }
  // IP7.4: idle guns of a ship fired upon answer the first ship (by id) that fired at it.
  for (const target of state.ships.filter(canFire)) {
    const attackers = shots.filter((s) => s.target === target && !s.retaliation).map((s) => s.shooter).sort((a, b) => (a.id < b.id ? -1 : 1));
    const used = shots.filter((s) => s.shooter === target).length;
    if (attackers.length === 0) continue;
    for (let gun = used; gun < workingGuns(target); gun++) shots.push({ shooter: target, target: attackers[0]!, gun, retaliation: true });
  }
  const rolled: { target: Ship; r: ReturnType<typeof rollAttack>; key: string }[] = [];
  for (const shot of shots) {
    const { shooter, target } = shot;
    const where = `${shooter.id} gun ${shot.gun + 1}${shot.retaliation ? " (retaliation)" : ""}`;
    if (target.status !== "flying" || isSafe(target)) {
      lines.push({ rule: "IP7.1", kind: "no-shot", text: `${where}: ${target.id} is no longer a target`, ship: shooter.id, target: target.id });
      continue;
    }
    const a = courses.get(shooter.id)!;
    const b = courses.get(target.id)!;
    if (inNoFireZone(state, endOf(a)) || inNoFireZone(state, endOf(b))) {
      lines.push({ rule: "IP9.2", kind: "no-shot", text: `${where}: ${target.id} is in Earth's no-fire zone`, ship: shooter.id, target: target.id });
      continue;
    }
    const g = gunGeometry(a, b);
    if (g.range > hull.gunRange) {
      lines.push({ rule: "IP7.1", kind: "no-shot", text: `${where}: ${target.id} is out of range (${g.range} > ${hull.gunRange})`, ship: shooter.id, target: target.id, range: g.range });
      continue;
    }
    const key = `gun:${shooter.id}:${shot.gun}`;
    const r = rollAttack("gun", g.modifier, dice(key));
    rolled.push({ target, r, key });
    lines.push({
      rule: shot.retaliation ? "IP7.4" : "IP7.2",
      kind: "gun",
      text: `${where} fires at ${target.id}: range ${g.range}, relative velocity ${g.relative}, modifier ${g.modifier}, roll ${r.roll} → ${r.result}`,
      ship: shooter.id,
      target: target.id,
      range: g.range,
      relative: g.relative,
      modifier: g.modifier,
      roll: r.roll,
      result: r.result,
      retaliation: shot.retaliation,
    });
  }
  rolled.push(...baseGuns(state, courses, dice, lines));
  // IP7.3: damage lands after every roll.
  for (const { target, r, key } of rolled) applyResult(target, r.result, dice(`damage:${key}`), lines);
}

/** IP7.8: a headquarters' mass driver fires at the nearest enemy ship in its zone, in the same volley. */
function baseGuns(state: State, courses: Map<string, Course>, dice: Dice, lines: ReportLine[]) {
  const out: { target: Ship; r: ReturnType<typeof rollAttack>; key: string }[] = [];
  for (const [id, b] of Object.entries(state.bases).sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (!b.guns || b.destroyed || b.owner === null) continue;
    const at = BOARD.bases.get(id)!.hex;
    const inZone = state.ships
      .filter((s) => s.side !== b.owner && s.status === "flying" && !isSafe(s) && courses.has(s.id))
      .map((s) => ({ s, range: Math.min(...courseHexes(courses.get(s.id)!).map((t) => distance(t.hex, at))), relative: length(courses.get(s.id)!.vel) }))
      .filter((x) => x.range <= BASE_ZONE)
      .sort((x, y) => x.range - y.range || (x.s.id < y.s.id ? -1 : 1));
    const target = inZone[0];
    if (!target) continue;
    const modifier = MASS_DRIVER_BONUS - Math.max(0, target.relative - 2);
    const key = `base:${id}`;
    const r = rollAttack("gun", modifier, dice(key));
    out.push({ target: target.s, r, key });
    lines.push({ rule: "IP7.8", kind: "gun", text: `${id}'s mass driver fires at ${target.s.id}: range ${target.range}, relative velocity ${target.relative}, modifier ${modifier}, roll ${r.roll} → ${r.result}`, base: id, target: target.s.id, range: target.range, relative: target.relative, modifier, roll: r.roll, result: r.result });
  }
  return out;
}
