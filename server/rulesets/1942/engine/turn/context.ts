// The working state of one combat phase. Built from a copy of the input, so inputs never change.
import { indexBoard, type Board } from "../board/board";
import type { Dice } from "../rng";
import { copyOwners, type GameState, type Unit } from "../state";
import { teamOf } from "../teams";
import type { Nation, Team } from "../types";
import type { MoveOrder } from "../orders/types";
import type { StartView } from "../orders/start-view";
import type { CombatReport } from "../report";
import { isCombatUnit } from "../units";

export interface Piece extends Unit {
  alive: boolean;
  /** R6.1 — entered its current territory by moving this turn. */
  moved: boolean;
  /** The number of `at` on the board (`Board.number`): the phase's indexes are arrays by this number. */
  where: number;
  /** Out of battle: submerged submarine or withdrawn aircraft (R6.7). */
  out?: "submerged" | "withdrawn";
  /** Came ashore from a transport this phase (R5.3): its battle is an amphibious assault. */
  unloaded?: boolean;
}

export type RunStatus = "moving" | "completed" | "stopped" | "bounced" | "destroyed";

/** A valid move order in flight. */
export interface Run {
  nation: Nation;
  team: Team;
  order: MoveOrder;
  pass: "sea" | "land";
  /** Its own units (not cargo). */
  unitIds: number[];
  /** Land units it loads at `load.atStep`. */
  loadIds: number[];
  airOnly: boolean;
  stealth: boolean;
  /**
   * The numbers on the board (`Board.number`) of `order.from` and each territory of its path, looked
   * up once when the run is made: `steps[pos]` is where it stands. A pass then groups and moves runs
   * by number, with no probe of the board's table of every territory at each step.
   */
  steps: number[];
  /** Steps of the path entered so far. */
  pos: number;
  status: RunStatus;
  reason?: string;
  rule?: string;
  unloaded?: boolean;
  unloadReason?: string;
  /** Set on the land-pass run of unloading cargo: its transport run (R5.3). */
  cargoOf?: Run;
  /** Its units alive when the current pass began (a cache of the pass). */
  live?: Piece[];
}

const NO_IDS: number[] = [];

/**
 * A run with every field present from the start, so all runs share one object shape: fields set
 * later (reason, rule, cargoOf, the pass's cache) would otherwise give runs several shapes (and a
 * second block of properties each), and the loops over thousands of runs several cases to check.
 * Runs that load nothing share one empty list (never written to).
 */
export function newRun(fields: Pick<Run, "nation" | "team" | "order" | "pass" | "unitIds" | "airOnly" | "stealth" | "steps"> & { loadIds?: number[]; cargoOf?: Run }): Run {
  return {
    nation: fields.nation,
    team: fields.team,
    order: fields.order,
    pass: fields.pass,
    unitIds: fields.unitIds,
    loadIds: fields.loadIds !== undefined && fields.loadIds.length > 0 ? fields.loadIds : NO_IDS,
    airOnly: fields.airOnly,
    stealth: fields.stealth,
    steps: fields.steps,
    pos: 0,
    status: "moving",
    reason: undefined,
    rule: undefined,
    unloaded: undefined,
    unloadReason: undefined,
    cargoOf: fields.cargoOf,
    live: undefined,
  };
}

export interface Phase {
  start: GameState;
  board: Board;
  view: StartView;
  dice: Dice;
  lowLuck: boolean;
  pieces: Piece[];
  /**
   * The phase's indexes are arrays by number (unit id, territory number), not maps and sets by
   * key: at 100 copies of the board a set a territory and a map entry a unit were much of what the
   * garbage collector copied at every scavenge, and probes of 12,800 string keys missed the caches.
   */
  byId: (Piece | undefined)[];
  /** Index: pieces standing in each territory by its number (cargo included, at its zone), dead ones too. Kept by moveTo. */
  here: (Piece[] | undefined)[];
  /** Index: cargo aboard each transport by its id, in the order it came aboard. Kept by embark/disembark. */
  aboard: (Piece[] | undefined)[];
  /**
   * The owners as the phase changes them. The start state's own object until the first change
   * (`ownersToWrite`): at 100 copies of the board a copy of 12,800 owners made at the phase's start
   * lived through every scavenge of the phase; most phases change few owners, and late.
   */
  owners: Record<string, Nation>;
  /** Whether `owners` is the phase's own copy yet. */
  ownersCopied: boolean;
  treasury: Record<Nation, number>;
  runs: Run[];
  /** Territories whose sea battle this phase a piece took part in (R5.5). */
  foughtAtSea: Set<number>;
  report: CombatReport;
}

export function newPhase(state: GameState, view: StartView, dice: Dice, lowLuck: boolean): Phase {
  const board = indexBoard(state.board);
  // The indexes by number are made at their full length, holes and all: filled out of order from
  // an empty array (a transport's id, a territory's number), V8 turns an array whose first index is
  // more than about a thousand past its end into a hash table, and every read of it becomes a probe.
  // At 100 copies of the board `aboard` was one, read at each step of every moving unit.
  let maxId = -1;
  for (const u of state.units) if (u.id > maxId) maxId = u.id;
  const pieces = new Array<Piece>(state.units.length);
  const here: Phase["here"] = new Array(board.ids.length);
  const aboard: Phase["aboard"] = new Array(maxId + 1);
  const byId: Phase["byId"] = new Array(maxId + 1);
  // A state lists its units mostly territory by territory: a unit standing where the one before it
  // stood needs no probe of the board's table (at 100 copies of the board each probe missed the caches).
  let lastAt: string | undefined;
  let lastWhere = -1;
  // Each territory's list is made at its full length, counted first: a list grown by `push` from
  // one piece reserves room for 17, and these lists live to the phase's end (at 100 copies of the
  // board about a megabyte of room that every scavenge copied).
  const wheres = new Int32Array(state.units.length);
  const counts = new Int32Array(board.ids.length);
  for (let i = 0; i < state.units.length; i++) {
    const u = state.units[i]!;
    const where = u.at === lastAt ? lastWhere : territoryNumber(board, u.at);
    lastAt = u.at;
    lastWhere = where;
    wheres[i] = where;
    counts[where]! += 1;
  }
  for (let i = 0; i < state.units.length; i++) {
    const u = state.units[i]!;
    const where = wheres[i]!;
    // `at` is the board's own string: later probes of it compare pointers, not characters.
    // Every field present from the start (`out`, `unloaded` too): one shape for all pieces.
    const p: Piece = { id: u.id, nation: u.nation, type: u.type, at: board.ids[where]!, aboard: u.aboard, alive: true, moved: false, where, out: undefined, unloaded: undefined };
    pieces[i] = p;
    byId[p.id] = p;
    let list = here[where];
    if (!list) {
      here[where] = list = new Array<Piece>(counts[where]!);
      counts[where] = 0; // from here on the count of pieces written
    }
    list[counts[where]!++] = p;
    if (p.aboard !== undefined) addTo(aboard, p.aboard, p);
  }
  return {
    start: state,
    board,
    view,
    dice,
    lowLuck,
    pieces,
    byId,
    here,
    aboard,
    owners: state.owners,
    ownersCopied: false,
    treasury: { ...state.treasury },
    runs: [],
    foughtAtSea: new Set(),
    report: { orders: [], aa: [], conflicts: [], battles: [], raids: [], captures: [], transfers: [], purchases: [], units: [], owners: {}, treasury: state.treasury },
  };
}

function territoryNumber(board: Board, territory: string): number {
  const n = board.number(territory);
  if (n < 0) throw new Error(`unknown territory ${territory}`);
  return n;
}

/** The phase's own owners, to change: copied (in the same key order) at the first change. */
export function ownersToWrite(ph: Phase): Record<string, Nation> {
  if (!ph.ownersCopied) {
    ph.owners = copyOwners(ph.owners, ph.board.ids);
    ph.ownersCopied = true;
  }
  return ph.owners;
}

export function piece(ph: Phase, id: number): Piece {
  const p = ph.byId[id];
  if (!p) throw new Error(`no unit ${id}`);
  return p;
}

// The look-ups below run for every unit at every step: plain loops, no intermediate arrays (at
// 100 copies of the board their garbage was what made the collector's work grow faster than the board).
// The lists are made at their length, counted first: a list grown by `push` from one element
// reserves room for 17, and a run keeps its living units through a pass (at 100 copies of the
// board 9,300 such lists, mostly room, copied by every scavenge of the pass).
export function aliveOf(ph: Phase, ids: readonly number[]): Piece[] {
  let count = 0;
  for (const id of ids) if (piece(ph, id).alive) count += 1;
  const out = new Array<Piece>(count);
  let i = 0;
  for (const id of ids) {
    const p = piece(ph, id);
    if (p.alive) out[i++] = p;
  }
  return out;
}

/** Whether any of the units is alive: asked without a list of them. */
export function anyAlive(ph: Phase, ids: readonly number[]): boolean {
  for (const id of ids) if (piece(ph, id).alive) return true;
  return false;
}

function alivePieces(list: readonly Piece[] | undefined): Piece[] {
  const out: Piece[] = [];
  if (list) for (const p of list) if (p.alive) out.push(p);
  return out;
}

// Lists kept in the order pieces came in, as the sets before them were: every reader's order is unchanged.
function addTo(index: (Piece[] | undefined)[], key: number, p: Piece): void {
  const list = index[key];
  if (list) list.push(p);
  else index[key] = [p];
}

function removeFrom(index: (Piece[] | undefined)[], key: number, p: Piece): void {
  const list = index[key];
  if (!list) return;
  const i = list.indexOf(p);
  if (i < 0) return;
  // Shifted down by hand: `splice` makes a list of what it removed, and this runs for every unit at every step.
  for (let j = i + 1; j < list.length; j++) list[j - 1] = list[j]!;
  list.length -= 1;
}

/** Living cargo aboard a transport. */
export function cargoPieces(ph: Phase, transportId: number): Piece[] {
  return alivePieces(ph.aboard[transportId]);
}

/** Cargo aboard a transport as the index holds it, dead pieces included. */
export function aboardOf(ph: Phase, transportId: number): readonly Piece[] {
  return ph.aboard[transportId] ?? [];
}

/** Living pieces standing in a territory, cargo included. */
export function piecesAt(ph: Phase, territory: string): Piece[] {
  return alivePieces(ph.here[ph.board.number(territory)]);
}

/** Pieces standing in a territory as the index holds them, dead ones included (no list is made). */
export function indexedAt(ph: Phase, territory: string): readonly Piece[] {
  return ph.here[ph.board.number(territory)] ?? [];
}

/** Move a piece (and so its cargo) to the territory numbered `where`, keeping the index. */
export function moveTo(ph: Phase, p: Piece, where: number): void {
  removeFrom(ph.here, p.where, p);
  p.where = where;
  p.at = ph.board.ids[where]!;
  addTo(ph.here, where, p);
}

/** The number of a territory a run enters: looked up once a step, not once a unit. */
export function numberOf(ph: Phase, territory: string): number {
  return territoryNumber(ph.board, territory);
}

export function embark(ph: Phase, p: Piece, transport: Piece): void {
  moveTo(ph, p, transport.where);
  p.aboard = transport.id;
  if (!aboardOf(ph, transport.id).includes(p)) addTo(ph.aboard, transport.id, p); // a set's add, as before
}

export function disembark(ph: Phase, p: Piece): void {
  if (p.aboard !== undefined) removeFrom(ph.aboard, p.aboard, p);
  p.aboard = undefined;
}

/** Where a run's units stand now. */
export function runPosition(run: Run): string {
  return run.pos === 0 ? run.order.from : run.order.path[run.pos - 1]!;
}

/** The numbers of a run's start and of each territory of its path (`Run.steps`). */
export function stepNumbers(ph: Phase, from: string, path: readonly string[], unitId?: number): number[] {
  // The run's units stand at `from` when the phase begins: their piece already knows its number.
  const known = unitId === undefined ? undefined : ph.byId[unitId]?.where;
  // Made at its full length: a list grown by `push` from one element reserves room for 17, and a
  // run keeps this list to the phase's end (at 100 copies of the board, 9,300 runs' worth of room
  // the young generation's collections copied at every scavenge).
  const out = new Array<number>(path.length + 1);
  out[0] = known !== undefined && ph.board.ids[known] === from ? known : numberOf(ph, from);
  // Each step of a valid path neighbours the one before it (R4.2): found among its neighbours.
  for (let i = 0; i < path.length; i++) {
    const t = path[i]!;
    const n = ph.board.numberNextTo(out[i]!, t);
    if (n < 0) throw new Error(`unknown territory ${t}`);
    out[i + 1] = n;
  }
  return out;
}

export function teamOfPiece(p: Piece): Team {
  return teamOf(p.nation);
}

/** Units that fight, standing free (not cargo). */
export function isFighting(p: Piece): boolean {
  return p.alive && p.aboard === undefined && isCombatUnit(p.type);
}

