// How an attack would go. `exactEstimate` prices it exactly (server/rulesets/1942/engine/odds, R6 with the
// default casualties R6.9); `estimateBattle` fights it several times with the engine's own battle
// resolution; `quickEdge` is a dice-free expected-hits sketch used to
// size a force before the engine confirms it, so a robot's turn stays fast.
import { UNIT_STATS, diceStream, exactOdds, fightBattle, openBattle, teamOf, type Forces, type Nation, type UnitType } from "../engine";

/** What an estimate needs of a unit: who owns it and what it is (ids only keep units apart). */
export interface Fighter {
  id: number;
  nation: Nation;
  type: UnitType;
}

export interface BattleEstimate {
  /** Share of trials the attackers won (land: with a land unit left to take the territory). */
  win: number;
  /** Average cost lost per trial, attackers and defenders (cargo not counted). */
  attackerLoss: number;
  defenderLoss: number;
}

const LAND = new Set<UnitType>(["infantry", "artillery", "armour"]);

/** R4 preamble: AA guns and factories never fight; cargo aboard never fights at sea. */
function fights(type: UnitType): boolean {
  return type !== "aaGun" && type !== "factory";
}

/**
 * The shortest prefix of `candidates` (at least `from` long) for which `good` holds, or undefined if
 * even all of them fall short. Binary search: `good` is taken to grow with the prefix.
 */
export function shortestPrefix<T>(candidates: readonly T[], good: (prefix: readonly T[]) => boolean, from = 0): number | undefined {
  if (!good(candidates)) return undefined;
  let lo = from;
  let hi = candidates.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (good(candidates.slice(0, mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Fight the battle `trials` times with the engine (R6) and average the outcome. */
export function estimateBattle(attackers: readonly Fighter[], defenders: readonly Fighter[], seed: string, trials = 6, pass: "land" | "sea" = "land"): BattleEstimate {
  const att = attackers.filter((u) => fights(u.type));
  const def = defenders.filter((u) => fights(u.type));
  if (att.length === 0) return { win: 0, attackerLoss: 0, defenderLoss: 0 };
  const team = teamOf(att[0]!.nation);
  const canTake = pass === "sea" || att.some((u) => LAND.has(u.type));
  if (def.length === 0) return { win: canTake ? 1 : 0, attackerLoss: 0, defenderLoss: 0 };
  // Ids must be distinct within one battle whatever the caller passed: number them afresh.
  const units = [
    ...att.map((u, i) => ({ id: i + 1, nation: u.nation, type: u.type, team, attacking: true, cargo: [] })),
    ...def.map((u, i) => ({ id: att.length + i + 1, nation: u.nation, type: u.type, team: teamOf(u.nation), attacking: false, cargo: [] })),
  ];
  let wins = 0;
  let attackerLoss = 0;
  let defenderLoss = 0;
  // Big battles vary less from trial to trial and cost more to fight: fewer trials for them.
  if (units.length > 40) trials = Math.min(trials, Math.max(4, Math.ceil((trials * 40) / units.length)));
  for (let i = 0; i < trials; i++) {
    const battle = openBattle({ territory: "estimate", pass, lowLuck: false, units });
    const end = fightBattle(battle, (name) => diceStream(`${seed}|${i}`, name));
    for (const u of end.units) {
      if (u.status !== "dead") continue;
      if (u.team === team) attackerLoss += UNIT_STATS[u.type].cost;
      else defenderLoss += UNIT_STATS[u.type].cost;
    }
    const taken = pass === "sea" || end.units.some((u) => u.team === team && u.status === "in" && LAND.has(u.type));
    if (end.winner === team && taken) wins++;
  }
  return { win: wins / trials, attackerLoss: attackerLoss / trials, defenderLoss: defenderLoss / trials };
}

/**
 * The exact estimate (server/rulesets/1942/engine/odds): the chance the attackers win (land: with a land unit
 * left to take the territory), AA fire of the target on their aircraft included (R5.1), and the
 * expected cost each side loses. No dice, so no seed and no trials.
 */
export function exactEstimate(attackers: readonly Fighter[], defenders: readonly Fighter[], pass: "land" | "sea" = "land"): BattleEstimate {
  const att = attackers.filter((u) => fights(u.type));
  if (att.length === 0) return { win: 0, attackerLoss: 0, defenderLoss: 0 };
  const forces = (units: readonly Fighter[]) => {
    const out: Forces = {};
    for (const u of units) {
      const counts = (out[u.nation] ??= {});
      counts[u.type] = (counts[u.type] ?? 0) + 1;
    }
    return out;
  };
  const def = defenders.filter((u) => fights(u.type) || (pass === "land" && u.type === "aaGun"));
  const canTake = pass === "sea" || att.some((u) => LAND.has(u.type));
  if (!def.some((u) => fights(u.type))) return { win: canTake ? 1 : 0, attackerLoss: 0, defenderLoss: 0 };
  const odds = exactOdds({ attacker: forces(att), defender: forces(def), sea: pass === "sea", aa: pass === "land" });
  return { win: pass === "sea" ? odds.attackerWins : odds.taken, attackerLoss: odds.attacker.expectedLoss, defenderLoss: odds.defender.expectedLoss };
}

/** Chance the attackers win, estimated by fighting the battle a few times with the engine (R6). */
export function attackOdds(attackers: readonly Fighter[], defenders: readonly Fighter[], seed: string, trials = 6, pass: "land" | "sea" = "land"): number {
  return estimateBattle(attackers, defenders, seed, trials, pass).win;
}

interface Entry {
  value: number;
  alive: number;
  land: boolean;
}

/** One side in default casualty order (R6.9): battleship damage first, then cheapest, weakest first. */
function sideOf(units: readonly Fighter[], attacking: boolean): Entry[] {
  const list = units.filter((u) => fights(u.type));
  const artillery = attacking ? list.filter((u) => u.type === "artillery").length : 0;
  let supported = 0;
  const entries: (Entry & { cost: number })[] = [];
  for (const u of list) {
    const stats = UNIT_STATS[u.type];
    let value = attacking ? stats.attack : stats.defense;
    if (attacking && u.type === "infantry" && supported < artillery) {
      value += 1; // R6.5 support
      supported++;
    }
    if (u.type === "battleship") entries.push({ value: 0, alive: 1, land: false, cost: -1 });
    entries.push({ value, alive: 1, land: LAND.has(u.type), cost: stats.cost });
  }
  return entries.sort((a, b) => a.cost - b.cost || a.value - b.value);
}

function take(side: Entry[], hits: number): void {
  for (const e of side) {
    if (hits <= 0) return;
    const lost = Math.min(e.alive, hits);
    e.alive -= lost;
    hits -= lost;
  }
}

const power = (side: Entry[]) => side.reduce((s, e) => s + e.value * e.alive, 0);
const count = (side: Entry[], landOnly = false) => side.reduce((s, e) => s + (landOnly && !e.land ? 0 : e.value > 0 || e.land ? e.alive : 0), 0);

/**
 * Dice-free sketch of a battle: both sides deal their expected hits (value / 6 per unit) each round.
 * Returns the units each side has left when it ends; the attackers are ahead when `defenders` is 0
 * and `attackers` (land units for a land battle) is comfortably above it.
 */
export function quickEdge(attackers: readonly Fighter[], defenders: readonly Fighter[], pass: "land" | "sea" = "land"): { attackers: number; defenders: number } {
  const a = sideOf(attackers, true);
  const d = sideOf(defenders, false);
  for (let round = 0; round < 30; round++) {
    if (count(d) < 0.05 || count(a) < 0.05) break;
    const [ha, hd] = [power(a) / 6, power(d) / 6];
    if (ha === 0 && hd === 0) break;
    take(d, ha);
    take(a, hd);
  }
  return { attackers: count(a, pass === "land"), defenders: count(d) };
}
