// R6 — one battle as resumable state. The engine advances it until a side must decide
// (casualties, submerge/withdraw); the decision arrives later, from a player or the default policy.
import type { Dice } from "../rng";
import { nationIndex, otherTeam } from "../teams";
import { NATIONS, TEAMS, type Nation, type Team, type UnitCounts, type UnitType } from "../types";
import { UNIT_STATS, isAir, isShip } from "../units";
import { capacity, checkChoice, defaultCasualties, type Candidate } from "./casualties";
import { fire, type FireRecord, type Shooter } from "./fire";
import { sortInPlace } from "../sort";

export interface BattleUnit {
  id: number;
  nation: Nation;
  type: UnitType;
  team: Team;
  /** R6.1 — entered the territory by moving this turn: fires with attack, else defense. */
  attacking: boolean;
  damage: number;
  /** Land units aboard a transport: never fight, lost with it (R4.7). */
  cargo: { id: number; nation: Nation; type: UnitType }[];
  status: "in" | "dead" | "submerged" | "withdrawn";
  /** Marked as a casualty this round, removed at its end (R6.3 step 4). */
  marked?: boolean;
  /** The round whose record counts this unit as damaged (taken back if it is lost in that round). */
  damagedIn?: number;
}

export type CasualtyStep = "bombardment" | "submarine" | "general";

export interface CasualtyRequest {
  kind: "casualties";
  battle: string;
  round: number;
  step: CasualtyStep;
  team: Team;
  chooser: Nation;
  hits: number;
  candidates: Candidate[];
  /** The R6.9 default, one id per hit. */
  default: number[];
  /** Only one legal choice exists: nobody needs to be asked. */
  forced: boolean;
}

export interface RetreatRequest {
  kind: "retreat";
  battle: string;
  round: number;
  team: Team;
  chooser: Nation;
  submergeable: number[];
  withdrawable: number[];
}

export type DecisionRequest = CasualtyRequest | RetreatRequest;
export type Decision = { kind: "casualties"; units: number[] } | { kind: "retreat"; submerge: number[]; withdraw: number[] };
/** Who made a decision: a player, the default at a deadline or in a scenario (R6.9), a robot, or nobody (one legal choice). */
export type DecidedBy = "player" | "default" | "robot" | "forced";

export interface FireEntry extends FireRecord {
  step: "submarine" | "general";
  team: Team;
}

export interface ChoiceEntry {
  step: CasualtyStep | "retreat";
  team: Team;
  chooser: Nation;
  hits?: number;
  units: number[];
  /** The chosen units as nation and type, one per hit, for readers of the record. */
  picked?: { id: number; nation: Nation; type: UnitType }[];
  submerge?: number[];
  withdraw?: number[];
  by: DecidedBy;
}

export interface RoundRecord {
  round: number;
  hits: Record<Team, number>;
  lost: Record<Team, UnitCounts>;
  damaged: Record<Team, UnitCounts>;
  submerged: Record<Team, UnitCounts>;
  withdrawn: Record<Team, UnitCounts>;
  fire: FireEntry[];
  choices: ChoiceEntry[];
}

type Stage =
  | "bombard"
  | "bombard-casualties"
  | "round-start"
  | "submarine-casualties"
  | "general-fire"
  | "general-casualties"
  | "round-end"
  | "retreat"
  | "round-close"
  | "done";

export interface Bombardment {
  hits: number;
  lost: Partial<Record<Team, UnitCounts>>;
  fire?: FireRecord;
  choices: ChoiceEntry[];
}

export interface BattleState {
  territory: string;
  pass: "sea" | "land";
  lowLuck: boolean;
  units: BattleUnit[];
  stage: Stage;
  round: number;
  pending: DecisionRequest[];
  /** Battleships ordered to bombard before round 1 (R5.5), by the team they fire for. */
  bombarders: { id: number; nation: Nation; team: Team }[];
  bombardment: Bombardment;
  /** Teams whose side had a destroyer at the start of the current round (R6.3 step 1). */
  destroyerAtStart: Team[];
  current?: RoundRecord;
  rounds: RoundRecord[];
  destroyedAtOnce: Partial<Record<Team, UnitCounts>>;
  winner?: Team | "none";
}

export interface BattleSetup {
  territory: string;
  pass: "sea" | "land";
  lowLuck: boolean;
  units: Omit<BattleUnit, "status" | "damage">[];
  bombarders?: BattleState["bombarders"];
}

export function openBattle(setup: BattleSetup): BattleState {
  return {
    territory: setup.territory,
    pass: setup.pass,
    lowLuck: setup.lowLuck,
    units: setup.units.map((u) => ({ id: u.id, nation: u.nation, type: u.type, team: u.team, attacking: u.attacking, cargo: u.cargo, status: "in", damage: 0 })),
    stage: setup.bombarders && setup.bombarders.length > 0 ? "bombard" : "round-start",
    round: 0,
    pending: [],
    bombarders: setup.bombarders ?? [],
    bombardment: { hits: 0, lost: {}, choices: [] },
    destroyerAtStart: [],
    rounds: [],
    destroyedAtOnce: {},
  };
}

// ---- helpers -------------------------------------------------------------------------------

const inBattle = (b: BattleState, team: Team) => b.units.filter((u) => u.team === team && u.status === "in");

// The questions asked at every step of every round (is anyone left, is there a destroyer) walk the
// units without building a list: at 100 copies of the board those lists were a large share of what
// a phase allocated, and so of the collector's work.
function countInBattle(b: BattleState, team: Team): number {
  let n = 0;
  for (const u of b.units) if (u.team === team && u.status === "in") n++;
  return n;
}

function anyInBattle(b: BattleState, team: Team, test: (u: BattleUnit) => boolean): boolean {
  for (const u of b.units) if (u.team === team && u.status === "in" && test(u)) return true;
  return false;
}

const isDestroyer = (u: BattleUnit) => u.type === "destroyer";
const isSubmarine = (u: BattleUnit) => u.type === "submarine";
const firesInGeneral = (u: BattleUnit) => u.type !== "submarine" && valueOf(u) > 0;
const isShipUnit = (u: BattleUnit) => isShip(u.type);
const valueOf = (u: BattleUnit) => (u.attacking ? UNIT_STATS[u.type].attack : UNIT_STATS[u.type].defense);
const roomOf = (u: BattleUnit) => UNIT_STATS[u.type].hits - u.damage;

function add(counts: UnitCounts, type: UnitType, n = 1): void {
  counts[type] = (counts[type] ?? 0) + n;
}

function emptyByTeam(): Record<Team, UnitCounts> {
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

function candidates(b: BattleState, team: Team, step: CasualtyStep): Candidate[] {
  const out: Candidate[] = []; // one walk, no filtered lists
  for (const u of b.units) {
    if (u.team !== team || u.status !== "in" || u.marked || roomOf(u) <= 0) continue;
    if (step === "submarine" && !isShip(u.type)) continue; // R6.3: submarine hits only take ships
    out.push({ id: u.id, nation: u.nation, type: u.type, value: valueOf(u), room: roomOf(u) });
  }
  return out;
}

/** Every candidate alike (nation, type, value, room): any pick is the same choice. Compared field by field, with no key string a candidate. */
function allAlike(cands: readonly Candidate[]): boolean {
  const first = cands[0];
  if (first === undefined) return false;
  for (const c of cands) if (c.nation !== first.nation || c.type !== first.type || c.value !== first.value || c.room !== first.room) return false;
  return true;
}

function isForced(cands: Candidate[], hits: number, picks: number[]): boolean {
  if (hits >= capacity(cands)) return true;
  return allAlike(cands) && picks.length > 0;
}

function requestCasualties(b: BattleState, team: Team, step: CasualtyStep, hits: number): void {
  const cands = candidates(b, team, step);
  if (hits === 0 || cands.length === 0) return;
  const picks = defaultCasualties(cands, hits);
  b.pending.push({
    kind: "casualties",
    battle: b.territory,
    round: b.round,
    step,
    team,
    chooser: leadNation(b, team),
    hits,
    candidates: cands,
    default: picks,
    forced: isForced(cands, hits, picks),
  });
}

function removeUnit(b: BattleState, u: BattleUnit, lost: UnitCounts): void {
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

function teamFire(b: BattleState, dice: Dice, team: Team, step: "submarine" | "general"): FireEntry {
  const fires = (u: BattleUnit) => u.team === team && u.status === "in" && (u.type === "submarine") === (step === "submarine");
  // R6.5 in the same walk that makes the shooters: no list of units and no supported copy of the
  // shooters, as this runs for every side in every round of every battle.
  let support = 0;
  for (const u of b.units) if (u.type === "artillery" && u.attacking && fires(u)) support++;
  const group: Shooter[] = [];
  for (const u of b.units) {
    if (!fires(u)) continue;
    let value = valueOf(u);
    if (support > 0 && u.type === "infantry" && u.attacking) {
      support--;
      value += 1;
    }
    group.push({ id: u.id, nation: u.nation, type: u.type, value });
  }
  const stream = dice(`battle|${b.territory}|${b.pass}|round ${b.round}|${step}|${team}`);
  return { step, team, ...fire(group, stream, b.lowLuck) };
}

// ---- the stages ----------------------------------------------------------------------------

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
  const hurts = TEAMS.filter((t) => canHurt(b, t));
  if (hurts.length === 0) {
    b.winner = "none";
    return true;
  }
  if (hurts.length === 1) {
    const loser = otherTeam(hurts[0]!);
    const gone: UnitCounts = {};
    for (const u of inBattle(b, loser)) {
      if (u.type === "submarine") u.status = "submerged";
      else removeUnit(b, u, gone);
    }
    if (Object.keys(gone).length > 0) b.destroyedAtOnce[loser] = gone;
    b.winner = hurts[0]!;
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
  const entries = TEAMS.filter((t) => anyInBattle(b, t, firesInGeneral)).map((t) =>
    teamFire(b, dice, t, "general"),
  );
  for (const entry of entries) {
    record.fire.push(entry);
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

/** Apply hits to chosen units: a battleship's first hit is damage, the last one kills (R6.4). */
function applyHits(b: BattleState, req: CasualtyRequest, picks: number[]): void {
  const record = b.current;
  const lost = req.step === "bombardment" ? (b.bombardment.lost[req.team] ??= {}) : record!.lost[req.team];
  for (const id of picks) {
    const u = b.units.find((x) => x.id === id)!;
    u.damage += 1;
    if (roomOf(u) > 0) continue;
    // R6.3: without a destroyer, submarine hits are removed at once; R5.5: bombardment too.
    const atOnce = req.step === "bombardment" || (req.step === "submarine" && !b.destroyerAtStart.includes(req.team));
    if (atOnce) removeUnit(b, u, lost);
    else u.marked = true;
  }
  // Damaged: a unit this choice hit that is left with room for more (R6.4) — once per unit, and
  // never one the same choice then sank (both hits of a battleship in one choice are a loss).
  if (!record || req.step === "bombardment") return;
  for (let i = 0; i < picks.length; i++) {
    const id = picks[i]!;
    if (picks.indexOf(id) !== i) continue; // once per unit, with no set (a choice names a few ids)
    const u = b.units.find((x) => x.id === id)!;
    if (u.status !== "in" || u.marked || u.damage === 0 || u.damagedIn === record.round) continue;
    add(record.damaged[req.team], u.type);
    u.damagedIn = record.round;
  }
}

// ---- the public protocol -------------------------------------------------------------------

/** Run the battle forward until it needs a decision or is over. Does not mutate its input. */
export function advanceBattle(battle: BattleState, dice: Dice): BattleState {
  const b = structuredClone(battle);
  advanceInPlace(b, dice);
  return b;
}

function advanceInPlace(b: BattleState, dice: Dice): void {
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

export type DecideResult = { ok: true; battle: BattleState } | { ok: false; rule: string; message: string };

/** Apply one side's decision to its pending request. Refuses (changing nothing) what R6.6/R6.7 forbid. */
export function decideBattle(battle: BattleState, team: Team, decision: Decision, by: DecidedBy = "player"): DecideResult {
  const b = structuredClone(battle);
  const refusal = decideInPlace(b, team, decision, by);
  return refusal ? { ok: false, ...refusal } : { ok: true, battle: b };
}

type Refused = { rule: string; message: string };

const STEP_ORDER = ["bombardment", "submarine", "general", "retreat"];

/** The record must not depend on which side decided first: choices are kept in step, then team order. */
function canonicalOrder(log: ChoiceEntry[]): void {
  // Usually in order already (one entry, or the Axis before the Allies): no built-in sort's work array.
  sortInPlace(log, (a, b) => STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step) || TEAMS.indexOf(a.team) - TEAMS.indexOf(b.team));
}

function decideInPlace(b: BattleState, team: Team, decision: Decision, by: DecidedBy): Refused | undefined {
  const index = b.pending.findIndex((r) => r.team === team);
  const req = b.pending[index];
  if (!req) return { rule: "R6.3", message: `No decision is waiting for the ${team} in ${b.territory} (R6.3)` };
  const log = req.kind === "casualties" && req.step === "bombardment" ? b.bombardment.choices : b.current!.choices;
  if (req.kind === "casualties") {
    if (decision.kind !== "casualties") return { rule: "R6.6", message: "A casualty choice is expected (R6.6)" };
    const problem = checkChoice(req.candidates, req.hits, decision.units);
    if (problem) return { rule: "R6.6", message: `The ${team} ${problem} (R6.6)` };
    b.pending.splice(index, 1);
    applyHits(b, req, decision.units);
    const picked = decision.units.map((id) => {
      const u = b.units.find((x) => x.id === id)!;
      return { id, nation: u.nation, type: u.type };
    });
    log.push({ step: req.step, team, chooser: req.chooser, hits: req.hits, units: [...decision.units], picked, by });
    canonicalOrder(log);
    return undefined;
  }
  if (decision.kind !== "retreat") return { rule: "R6.7", message: "A submerge/withdraw choice is expected (R6.7)" };
  const badSub = decision.submerge.find((id) => !req.submergeable.includes(id));
  const badAir = decision.withdraw.find((id) => !req.withdrawable.includes(id));
  if (badSub !== undefined) return { rule: "R6.7", message: `Unit ${badSub} cannot submerge now: only submarines, and only if the other side has no destroyer (R6.7)` };
  if (badAir !== undefined) return { rule: "R6.7", message: `Unit ${badAir} cannot withdraw: only air units in the battle may (R6.7)` };
  b.pending.splice(index, 1);
  for (const id of new Set(decision.submerge)) {
    const u = b.units.find((x) => x.id === id)!;
    u.status = "submerged";
    add(b.current!.submerged[team], u.type);
  }
  for (const id of new Set(decision.withdraw)) {
    const u = b.units.find((x) => x.id === id)!;
    u.status = "withdrawn";
    add(b.current!.withdrawn[team], u.type);
  }
  log.push({ step: "retreat", team, chooser: req.chooser, units: [], submerge: [...decision.submerge], withdraw: [...decision.withdraw], by });
  canonicalOrder(log);
  return undefined;
}

/** A decision for a pending request and who made it; `undefined` when it is not made yet. */
export type PolicyAnswer = { decision: Decision; by: DecidedBy } | undefined;

/** How decisions are made for pending requests: a player's, the default (R6.9), or not yet. */
export type DecisionPolicy = (request: DecisionRequest, battle: BattleState) => PolicyAnswer;

/** R6.9 — the default: the default casualties, no submerge, no withdrawal. */
export function defaultDecision(request: DecisionRequest): Decision {
  return request.kind === "casualties" ? { kind: "casualties", units: request.default } : { kind: "retreat", submerge: [], withdraw: [] };
}

export const defaultPolicy: DecisionPolicy = (request) => ({ decision: defaultDecision(request), by: "default" });

/** Fight a battle until it ends or `policy` has no answer yet, asking it for every decision. */
export function fightBattle(battle: BattleState, dice: Dice, policy: DecisionPolicy = defaultPolicy): BattleState {
  return fightInPlace(structuredClone(battle), dice, policy);
}

/** fightBattle on a state the caller owns (a fresh `openBattle`), without copying it. */
export function fightInPlace(b: BattleState, dice: Dice, policy: DecisionPolicy = defaultPolicy): BattleState {
  advanceInPlace(b, dice);
  while (b.stage !== "done") {
    // Every side with a pending request answers; a side that has not answered yet pauses the battle.
    let waiting = false;
    for (const req of [...b.pending]) {
      const answer = policy(req, b);
      if (!answer) {
        waiting = true;
        continue;
      }
      const refused = decideInPlace(b, req.team, answer.decision, answer.by);
      if (refused) throw new Error(`decision for ${req.battle} broke ${refused.rule}: ${refused.message}`);
    }
    if (waiting) return b;
    advanceInPlace(b, dice);
  }
  return b;
}
