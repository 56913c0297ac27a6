// The battle from here, after a casualty choice (issue 13, "In a battle"): the units still in it,
// less the casualties picked, as the exact odds calculator's input. Pure.
//
// Marked units (hit this round, removed at its end) are out; the other side's casualties of this
// round still to be chosen are not known yet, so they are in. A battleship hit once (earlier or by
// the picks) goes in damaged (R6.4): one more hit sinks it.
import type { BattleUnit } from "../../../server/rulesets/1942/engine/combat/battle";
import type { OddsInput } from "../../../server/rulesets/1942/engine/odds";
import type { Nation, Team, UnitCounts } from "../../../server/rulesets/1942/engine/types";
import { isCombatUnit, UNIT_STATS } from "../../../server/rulesets/1942/engine/units";

export interface BattleLike {
  pass: "sea" | "land";
  units: readonly BattleUnit[];
}

/** The odds input after `picks` (one unit id per hit, as the casualty request takes them; `lowLuck`: R6.8); undefined for a battle of mixed sides (a meeting) or nobody left. */
export function battleFromHere(battle: BattleLike, picks: readonly number[], lowLuck = false): OddsInput | undefined {
  const hits = new Map<number, number>();
  for (const id of picks) hits.set(id, (hits.get(id) ?? 0) + 1);
  const left = battle.units.filter((u) => u.status === "in" && !u.marked && isCombatUnit(u.type) && u.damage + (hits.get(u.id) ?? 0) < UNIT_STATS[u.type].hits);
  const attackers = battle.units.filter((u) => u.attacking);
  const teams = new Set(attackers.map((u) => u.team));
  if (teams.size !== 1) return undefined;
  const attackerTeam = [...teams][0] as Team;
  if (battle.units.some((u) => u.team === attackerTeam && !u.attacking)) return undefined;
  const forces = (team: Team, attacking: boolean) => {
    const units: Partial<Record<Nation, UnitCounts>> = {};
    const damaged: Partial<Record<Nation, number>> = {};
    for (const u of left.filter((x) => (x.team === team) === attacking)) {
      const c = (units[u.nation] ??= {});
      c[u.type] = (c[u.type] ?? 0) + 1;
      if (u.damage + (hits.get(u.id) ?? 0) > 0) damaged[u.nation] = (damaged[u.nation] ?? 0) + 1;
    }
    return { units, damaged: Object.keys(damaged).length > 0 ? damaged : undefined };
  };
  const attacker = forces(attackerTeam, true);
  const defender = forces(attackerTeam, false);
  if (Object.keys(attacker.units).length === 0 && Object.keys(defender.units).length === 0) return undefined;
  const damaged = attacker.damaged || defender.damaged ? { damaged: { ...(attacker.damaged ? { attacker: attacker.damaged } : {}), ...(defender.damaged ? { defender: defender.damaged } : {}) } } : {};
  return { attacker: attacker.units, defender: defender.units, sea: battle.pass === "sea", ...damaged, ...(lowLuck ? { lowLuck } : {}) };
}

/** The chance that `team` comes out on top: the attacker takes the land (wins at sea); the defender holds. */
export function chanceFor(team: Team, attackerTeam: Team, result: { taken: number; attackerWins: number }, sea: boolean): number {
  const attackerGets = sea ? result.attackerWins : result.taken;
  return team === attackerTeam ? attackerGets : 1 - attackerGets;
}
