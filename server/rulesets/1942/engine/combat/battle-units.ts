// R6 — questions about the units in one battle (who is in, what they fire, who leads a side) and
// the removal of a lost unit with its record. Shared by the stages and the decisions.
import { nationIndex, otherTeam } from "../teams";
import { NATIONS, type Nation, type Team, type UnitCounts, type UnitType } from "../types";
import { UNIT_STATS, isShip } from "../units";
import type { BattleState, BattleUnit } from "./battle-types";

export const inBattle = (b: BattleState, team: Team) => b.units.filter((u) => u.team === team && u.status === "in");

// The questions asked at every step of every round (is anyone left, is there a destroyer) walk the
// units without building a list: at 100 copies of the board those lists were a large share of what
// a phase allocated, and so of the collector's work.
export function countInBattle(b: BattleState, team: Team): number {
  let n = 0;
  for (const u of b.units) if (u.team === team && u.status === "in") n++;
  return n;
}

export function anyInBattle(b: BattleState, team: Team, test: (u: BattleUnit) => boolean): boolean {
  for (const u of b.units) if (u.team === team && u.status === "in" && test(u)) return true;
  return false;
}

export const isDestroyer = (u: BattleUnit) => u.type === "destroyer";
export const isSubmarine = (u: BattleUnit) => u.type === "submarine";
export const firesInGeneral = (u: BattleUnit) => u.type !== "submarine" && valueOf(u) > 0;
export const isShipUnit = (u: BattleUnit) => isShip(u.type);
export const valueOf = (u: BattleUnit) => (u.attacking ? UNIT_STATS[u.type].attack : UNIT_STATS[u.type].defense);
export const roomOf = (u: BattleUnit) => UNIT_STATS[u.type].hits - u.damage;

export function add(counts: UnitCounts, type: UnitType, n = 1): void {
  counts[type] = (counts[type] ?? 0) + n;
}

export function emptyByTeam(): Record<Team, UnitCounts> {
  return { Axis: {}, Allies: {} };
}

/** R6.2 — the nation with the greatest total cost of units in the battle (cargo not counted). */
export function leadNation(b: BattleState, team: Team): Nation {
  // Cost a nation by its place in R1.1's order, then the first of the highest: no map, entries or
  // sort, as every retreat and casualty choice of every battle asks this.
  const cost: number[] = NATIONS.map(() => -1);
  for (const u of b.units) if (u.team === team && u.status === "in") cost[nationIndex(u.nation)] = Math.max(cost[nationIndex(u.nation)]!, 0) + UNIT_STATS[u.type].cost;
  let lead = -1;
  for (let i = 0; i < cost.length; i++) if (cost[i]! >= 0 && (lead < 0 || cost[i]! > cost[lead]!)) lead = i;
  return lead >= 0 ? NATIONS[lead]! : b.units.find((u) => u.team === team)!.nation;
}

/** Can `team` hurt the other side: a unit with a firing value and a target it may hit (R6.3, R6.10). */
export function canHurt(b: BattleState, team: Team): boolean {
  const enemy = otherTeam(team);
  if (countInBattle(b, enemy) === 0) return false;
  const anyShip = anyInBattle(b, enemy, isShipUnit);
  return anyInBattle(b, team, (u) => valueOf(u) > 0 && (u.type !== "submarine" || anyShip));
}

export function removeUnit(b: BattleState, u: BattleUnit, lost: UnitCounts): void {
  u.status = "dead";
  u.marked = false;
  // Damaged earlier in the round and lost in it (a battleship hit by submarines, then sunk): a loss only.
  const damaged = b.current && u.damagedIn === b.current.round ? b.current.damaged[u.team] : undefined;
  if (damaged && (damaged[u.type] ?? 0) > 0) {
    damaged[u.type]! -= 1;
    if (damaged[u.type] === 0) delete damaged[u.type];
  }
  add(lost, u.type);
  for (const c of u.cargo) add(lost, c.type); // R4.7: cargo is lost with its transport
}

