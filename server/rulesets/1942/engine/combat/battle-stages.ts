// R6.3 — the stages of a battle that need no decision: bombardment, the end check, each round's
// fire, and the retreat offer at a round's end. `advanceInPlace` runs them until a side must decide.
import type { Dice, DiceStream } from "../rng";
import { otherTeam } from "../teams";
import { TEAMS, type Team, type UnitCounts } from "../types";
import { UNIT_STATS, isAir } from "../units";
import { fire, lowLuckFire, rollDie, type DieRecord, type FireRecord, type Shooter } from "./fire";
import type { BattleState, BattleUnit, FireEntry } from "./battle-types";
import { anyInBattle, canHurt, countInBattle, emptyByTeam, firesInGeneral, inBattle, isDestroyer, isSubmarine, leadNation, removeUnit, valueOf } from "./battle-units";
import { requestCasualties } from "./battle-requests";

function teamFire(b: BattleState, dice: Dice, team: Team, step: "submarine" | "general"): FireEntry {
  const fires = (u: BattleUnit) => u.team === team && u.status === "in" && (u.type === "submarine") === (step === "submarine");
  // R6.5 in the same walk that checks the order of the firing units: no list of units and no
  // supported copy of the shooters, as this runs for every side in every round of every battle.
  let support = 0;
  let inIdOrder = true;
  let lastId = -Infinity;
  for (const u of b.units) {
    if (!fires(u)) continue;
    if (u.type === "artillery" && u.attacking) support++;
    if (u.id <= lastId) inIdOrder = false;
    lastId = u.id;
  }
  const stream = dice(`battle|${b.territory}|${b.pass}|round ${b.round}|${step}|${team}`);
  // A battle's units are listed by id (`participants`), so they fire as they stand: each die's record
  // is made straight from its unit, with no list of shooters beside it. At 100 copies of the board
  // those shooters were the largest single share of what a phase allocated (a tenth of 50 MB).
  const record = inIdOrder ? fireInPlace(b, fires, support, stream) : fire(shootersOf(b, fires, support), stream, b.lowLuck);
  return record.dice ? { step, team, dice: record.dice, hits: record.hits } : { step, team, lowLuck: record.lowLuck, hits: record.hits };
}

/** R6.5 — an attacking infantry unit fires at 2 while an attacking artillery unit is left to pair with it. */
function supportedValue(u: BattleUnit, support: { left: number }): number {
  const value = valueOf(u);
  if (support.left > 0 && u.type === "infantry" && u.attacking) {
    support.left--;
    return value + 1;
  }
  return value;
}

/** `fire` over the units in their order, which is id order; units without a firing value do not fire. */
function fireInPlace(b: BattleState, fires: (u: BattleUnit) => boolean, support: number, stream: DiceStream): FireRecord {
  const left = { left: support };
  if (b.lowLuck) {
    let total = 0;
    for (const u of b.units) if (fires(u)) total += Math.max(0, supportedValue(u, left));
    return lowLuckFire(total, stream);
  }
  const rolled: DieRecord[] = [];
  let hits = 0;
  for (const u of b.units) {
    if (!fires(u)) continue;
    const value = supportedValue(u, left);
    if (value <= 0) continue;
    const die = rollDie(stream, u.id, u.nation, u.type, value);
    if (die.hit) hits++;
    rolled.push(die);
  }
  return { dice: rolled, hits };
}

/** The firing units as shooters, for `fire` to sort by id (a battle set up out of id order). */
function shootersOf(b: BattleState, fires: (u: BattleUnit) => boolean, support: number): Shooter[] {
  const left = { left: support };
  const group: Shooter[] = [];
  for (const u of b.units) if (fires(u)) group.push({ id: u.id, nation: u.nation, type: u.type, value: supportedValue(u, left) });
  return group;
}

function bombard(b: BattleState, dice: Dice): void {
  const team = b.bombarders[0]!.team;
  const group = b.bombarders.map((s) => ({ id: s.id, nation: s.nation, type: "battleship" as const, value: UNIT_STATS.battleship.attack }));
  const record = fire(group, dice(`bombard|${b.territory}`), b.lowLuck);
  b.bombardment.fire = record;
  b.bombardment.hits = record.hits;
  requestCasualties(b, otherTeam(team), "bombardment", record.hits);
  b.stage = "bombard-casualties";
}

/** R6.10 — before each round: end, or a side that cannot hurt an enemy that can hurt it is lost. */
function endCheck(b: BattleState): boolean {
  const axis = countInBattle(b, "Axis");
  const allies = countInBattle(b, "Allies");
  if (axis === 0 || allies === 0) {
    b.winner = axis > 0 ? "Axis" : allies > 0 ? "Allies" : "none";
    return true;
  }
  // Which sides can hurt the other, asked without a list of them (this runs before every round).
  const axisHurts = canHurt(b, "Axis");
  const alliesHurts = canHurt(b, "Allies");
  if (!axisHurts && !alliesHurts) {
    b.winner = "none";
    return true;
  }
  if (axisHurts !== alliesHurts) {
    const winner: Team = axisHurts ? "Axis" : "Allies";
    const loser = otherTeam(winner);
    const gone: UnitCounts = {};
    for (const u of inBattle(b, loser)) {
      if (u.type === "submarine") u.status = "submerged";
      else removeUnit(b, u, gone);
    }
    if (Object.keys(gone).length > 0) b.destroyedAtOnce[loser] = gone;
    b.winner = winner;
    return true;
  }
  return false;
}

function roundStart(b: BattleState, dice: Dice): void {
  if (endCheck(b)) {
    b.stage = "done";
    return;
  }
  b.round += 1;
  b.current = {
    round: b.round,
    hits: { Axis: 0, Allies: 0 },
    lost: emptyByTeam(),
    damaged: emptyByTeam(),
    submerged: emptyByTeam(),
    withdrawn: emptyByTeam(),
    fire: [],
    choices: [],
  };
  b.destroyerAtStart = TEAMS.filter((t) => anyInBattle(b, t, isDestroyer));
  for (const team of TEAMS) {
    if (!anyInBattle(b, team, isSubmarine)) continue;
    const entry = teamFire(b, dice, team, "submarine");
    b.current.fire.push(entry);
    b.current.hits[team] += entry.hits;
    requestCasualties(b, otherTeam(team), "submarine", entry.hits);
  }
  b.stage = "submarine-casualties";
}

function generalFire(b: BattleState, dice: Dice): void {
  const record = b.current!;
  // Both sides fire before either takes casualties (R6.3), each side's entry straight into the
  // round's record: no filtered and mapped lists of the two teams, every round of every battle.
  const first = record.fire.length;
  for (const t of TEAMS) if (anyInBattle(b, t, firesInGeneral)) record.fire.push(teamFire(b, dice, t, "general"));
  for (let i = first; i < record.fire.length; i++) {
    const entry = record.fire[i]!;
    record.hits[entry.team] += entry.hits;
    requestCasualties(b, otherTeam(entry.team), "general", entry.hits);
  }
  b.stage = "general-casualties";
}

function roundEnd(b: BattleState): void {
  const record = b.current!;
  for (const u of b.units) if (u.marked) removeUnit(b, u, record.lost[u.team]); // removing one unit changes no other's mark
  for (const team of TEAMS) {
    if (countInBattle(b, otherTeam(team)) === 0) continue;
    const enemyDestroyer = anyInBattle(b, otherTeam(team), isDestroyer);
    // The ids straight from the battle's units: no filtered copies, every round of every battle.
    const submergeable: number[] = [];
    const withdrawable: number[] = [];
    for (const u of b.units) {
      if (u.team !== team || u.status !== "in") continue;
      if (u.type === "submarine" && !enemyDestroyer) submergeable.push(u.id);
      if (isAir(u.type)) withdrawable.push(u.id);
    }
    if (submergeable.length + withdrawable.length === 0) continue;
    b.pending.push({ kind: "retreat", battle: b.territory, round: b.round, team, chooser: leadNation(b, team), submergeable, withdrawable });
  }
  b.stage = "retreat";
}

export function advanceInPlace(b: BattleState, dice: Dice): void {
  while (b.stage !== "done" && b.pending.length === 0) {
    switch (b.stage) {
      case "bombard":
        bombard(b, dice);
        break;
      case "bombard-casualties":
        b.stage = "round-start";
        break;
      case "round-start":
        roundStart(b, dice);
        break;
      case "submarine-casualties":
        b.stage = "general-fire";
        break;
      case "general-fire":
        generalFire(b, dice);
        break;
      case "general-casualties":
        b.stage = "round-end";
        break;
      case "round-end":
        roundEnd(b);
        break;
      case "retreat":
        b.stage = "round-close";
        break;
      case "round-close":
        b.rounds.push(b.current!);
        b.current = undefined;
        b.stage = "round-start";
        break;
    }
  }
}

