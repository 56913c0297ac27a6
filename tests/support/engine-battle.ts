// Fight an odds calculator's battle with the engine's own code (R5.1 AA fire as aa.ts does it, R5.5
// bombardment, R6 rounds), for one seed: the yardstick the exact odds are checked and timed against.
import { defaultCasualties } from "../../server/rulesets/1942/engine/combat/casualties";
import { fire } from "../../server/rulesets/1942/engine/combat/fire";
import { defaultDecision, fightInPlace, openBattle, type BattleState, type BattleUnit, type DecisionPolicy } from "../../server/rulesets/1942/engine/combat/battle";
import { diceStream } from "../../server/rulesets/1942/engine/rng";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import type { Nation, Team, UnitCounts, UnitType } from "../../server/rulesets/1942/engine/types";
import { UNIT_STATS, isAir, isCombatUnit, isLandUnit } from "../../server/rulesets/1942/engine/units";
import { exactOdds, type OddsInput } from "../../server/rulesets/1942/engine/odds";

export interface EngineOutcome {
  winner: "attacker" | "defender" | "none";
  /** The attacker's units all left by withdrawal or submerging. */
  withdrew: boolean;
  taken: boolean;
  rounds: number;
  left: { attacker: UnitCounts; defender: UnitCounts };
  loss: { attacker: number; defender: number };
}

type Unit = Omit<BattleUnit, "status" | "damage">;

function unitsOf(forces: OddsInput["attacker"], team: Team, attacking: boolean, first: number): Unit[] {
  const out: Unit[] = [];
  for (const [nation, counts] of Object.entries(forces) as [Nation, UnitCounts][]) {
    if (teamOf(nation) !== team) throw new Error(`${nation} is not of the ${team}`);
    for (const [type, n] of Object.entries(counts) as [UnitType, number][]) {
      if (!isCombatUnit(type)) continue;
      for (let i = 0; i < n; i++) out.push({ id: first + out.length, nation, type, team, attacking, cargo: [] });
    }
  }
  return out;
}

function teamOfForces(forces: OddsInput["attacker"]): Team {
  return teamOf(Object.keys(forces)[0] as Nation);
}

/** The chance of winning by fighting on from a battle's state, with no withdrawal (exact odds of what is left). */
function fightOnChance(battle: BattleState, forAttacker: boolean, sea: boolean): number {
  const forces = (attacking: boolean) => {
    const out: OddsInput["attacker"] = {};
    for (const u of battle.units) if (u.status === "in" && !u.marked && u.attacking === attacking) (out[u.nation] ??= {})[u.type] = (out[u.nation]?.[u.type] ?? 0) + 1;
    return out;
  };
  const damaged = battle.units.some((u) => u.status === "in" && u.damage > 0);
  if (damaged) throw new Error("fightOnChance: damaged battleships are not carried over");
  const odds = exactOdds({ attacker: forces(true), defender: forces(false), sea, lowLuck: battle.lowLuck });
  return forAttacker ? (sea ? odds.attackerWins : odds.taken) : odds.defenderWins;
}

/** The policy of the calculator's round-based choices; everything else the R6.9 default. */
function policyOf(input: OddsInput, attackerTeam: Team): DecisionPolicy {
  return (request, battle) => {
    if (request.kind === "casualties") return { decision: defaultDecision(request), by: "default" };
    const choices = request.team === attackerTeam ? input.attackerChoices : input.defenderChoices;
    const below = choices?.withdrawAirBelow !== undefined && fightOnChance(battle, request.team === attackerTeam, input.sea ?? false) < choices.withdrawAirBelow;
    const withdraw = (choices?.withdrawAirAfter !== undefined && battle.round >= choices.withdrawAirAfter) || below ? request.withdrawable : [];
    const submerge = choices?.submergeAfter !== undefined && battle.round >= choices.submergeAfter ? request.submergeable : [];
    return { decision: { kind: "retreat", withdraw, submerge }, by: "player" };
  };
}

export function fightWithEngine(input: OddsInput, seed: string): EngineOutcome {
  const attackerTeam = teamOfForces(input.attacker);
  const defenderTeam = teamOfForces(input.defender);
  let attackers = unitsOf(input.attacker, attackerTeam, true, 1);
  const defenders = unitsOf(input.defender, defenderTeam, false, 1000);
  const dice = (name: string) => diceStream(seed, name);
  const lowLuck = input.lowLuck ?? false;
  const cost = (units: { type: UnitType }[]) => units.reduce((s, u) => s + UNIT_STATS[u.type].cost, 0);
  const totalA = cost(attackers);
  // R5.1 as aa.ts fires: one group of value 1 per aircraft; the cheapest aircraft lost first.
  const aaGuns = Object.values(input.defender).some((u) => (u?.aaGun ?? 0) > 0);
  if (input.aa && aaGuns && !input.sea) {
    const aircraft = attackers.filter((u) => isAir(u.type));
    const record = fire(aircraft.map((u) => ({ ...u, value: 1 })), dice("aa"), lowLuck);
    const lost = new Set(defaultCasualties(aircraft.map((u) => ({ ...u, value: UNIT_STATS[u.type].attack, room: 1 })), record.hits));
    attackers = attackers.filter((u) => !lost.has(u.id));
  }
  const bombarders = Array.from({ length: input.sea ? 0 : (input.bombard ?? 0) }, (_, i) => ({ id: 5000 + i, nation: Object.keys(input.attacker)[0] as Nation, team: attackerTeam }));
  const battle = openBattle({ territory: "odds", pass: input.sea ? "sea" : "land", lowLuck, units: [...attackers, ...defenders], bombarders });
  const end = fightInPlace(battle, dice, policyOf(input, attackerTeam));
  const left = { attacker: {} as UnitCounts, defender: {} as UnitCounts };
  for (const u of end.units) {
    if (u.status === "dead") continue;
    const side = u.team === attackerTeam ? left.attacker : left.defender;
    side[u.type] = (side[u.type] ?? 0) + 1;
  }
  const aIn = end.units.filter((u) => u.team === attackerTeam && u.status === "in");
  const aOut = end.units.filter((u) => u.team === attackerTeam && (u.status === "withdrawn" || u.status === "submerged"));
  const winner = end.winner === attackerTeam ? "attacker" : end.winner === defenderTeam ? "defender" : "none";
  const leftCost = (team: Team) => cost(end.units.filter((u) => u.team === team && u.status !== "dead"));
  return {
    winner,
    withdrew: winner === "defender" && aIn.length === 0 && aOut.length > 0,
    taken: !input.sea && winner === "attacker" && aIn.some((u) => isLandUnit(u.type)),
    rounds: end.rounds.length,
    left,
    loss: { attacker: totalA - leftCost(attackerTeam), defender: cost(defenders) - leftCost(defenderTeam) },
  };
}
