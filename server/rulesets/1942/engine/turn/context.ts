// The working state of one combat phase. Built from a copy of the input, so inputs never change.
import { indexBoard, type Board } from "../board/board";
import type { Dice } from "../rng";
import type { GameState, Unit } from "../state";
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
  /** Key of the run (order) that moves it, if any. */
  run?: string;
  /** Out of battle: submerged submarine or withdrawn aircraft (R6.7). */
  out?: "submerged" | "withdrawn";
  /** Came ashore from a transport this phase (R5.3): its battle is an amphibious assault. */
  unloaded?: boolean;
}

export type RunStatus = "moving" | "completed" | "stopped" | "bounced" | "destroyed";

/** A valid move order in flight. */
export interface Run {
  key: string;
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
  /** Steps of the path entered so far. */
  pos: number;
  status: RunStatus;
  reason?: string;
  rule?: string;
  unloaded?: boolean;
  unloadReason?: string;
  /** Set on the land-pass run of unloading cargo: the key of its transport run (R5.3). */
  cargoOf?: string;
  /** Its units alive when the current pass began (a cache of the pass). */
  live?: Piece[];
}

export interface Phase {
  start: GameState;
  board: Board;
  view: StartView;
  dice: Dice;
  lowLuck: boolean;
  pieces: Piece[];
  byId: Map<number, Piece>;
  /** Index: pieces standing in each territory (cargo included, at its zone). Kept by moveTo. */
  here: Map<string, Set<Piece>>;
  /** Index: cargo aboard each transport. Kept by embark/disembark. */
  aboard: Map<number, Set<Piece>>;
  owners: Record<string, Nation>;
  treasury: Record<Nation, number>;
  runs: Run[];
  /** Territories whose sea battle this phase a piece took part in (R5.5). */
  foughtAtSea: Set<number>;
  report: CombatReport;
}

export function newPhase(state: GameState, view: StartView, dice: Dice, lowLuck: boolean): Phase {
  const pieces: Piece[] = state.units.map((u) => ({ id: u.id, nation: u.nation, type: u.type, at: u.at, aboard: u.aboard, alive: true, moved: false }));
  const here = new Map<string, Set<Piece>>();
  const aboard = new Map<number, Set<Piece>>();
  const byId = new Map<number, Piece>();
  for (const p of pieces) {
    byId.set(p.id, p);
    addTo(here, p.at, p);
    if (p.aboard !== undefined) addTo(aboard, p.aboard, p);
  }
  return {
    start: state,
    board: indexBoard(state.board),
    view,
    dice,
    lowLuck,
    pieces,
    byId,
    here,
    aboard,
    owners: { ...state.owners },
    treasury: { ...state.treasury },
    runs: [],
    foughtAtSea: new Set(),
    report: { orders: [], aa: [], conflicts: [], battles: [], raids: [], captures: [], transfers: [], purchases: [], units: [], owners: {}, treasury: state.treasury },
  };
}

export function piece(ph: Phase, id: number): Piece {
  const p = ph.byId.get(id);
  if (!p) throw new Error(`no unit ${id}`);
  return p;
}

// The look-ups below run for every unit at every step: plain loops, no intermediate arrays (at
// 100 copies of the board their garbage was what made the collector's work grow faster than the board).
export function aliveOf(ph: Phase, ids: readonly number[]): Piece[] {
  const out: Piece[] = [];
  for (const id of ids) {
    const p = piece(ph, id);
    if (p.alive) out.push(p);
  }
  return out;
}

function alivePieces(set: ReadonlySet<Piece> | undefined): Piece[] {
  const out: Piece[] = [];
  if (set) for (const p of set) if (p.alive) out.push(p);
  return out;
}

function addTo<K>(index: Map<K, Set<Piece>>, key: K, p: Piece): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(p);
}

/** Living cargo aboard a transport. */
export function cargoPieces(ph: Phase, transportId: number): Piece[] {
  return alivePieces(ph.aboard.get(transportId));
}

/** Living pieces standing in a territory, cargo included. */
export function piecesAt(ph: Phase, territory: string): Piece[] {
  return alivePieces(ph.here.get(territory));
}

/** Move a piece (and so its cargo) to a territory, keeping the index. */
export function moveTo(ph: Phase, p: Piece, territory: string): void {
  ph.here.get(p.at)?.delete(p);
  p.at = territory;
  addTo(ph.here, territory, p);
}

export function embark(ph: Phase, p: Piece, transport: Piece): void {
  moveTo(ph, p, transport.at);
  p.aboard = transport.id;
  addTo(ph.aboard, transport.id, p);
}

export function disembark(ph: Phase, p: Piece): void {
  if (p.aboard !== undefined) ph.aboard.get(p.aboard)?.delete(p);
  p.aboard = undefined;
}

/** Where a run's units stand now. */
export function runPosition(run: Run): string {
  return run.pos === 0 ? run.order.from : run.order.path[run.pos - 1]!;
}

export function teamOfPiece(p: Piece): Team {
  return teamOf(p.nation);
}

/** Units that fight, standing free (not cargo). */
export function isFighting(p: Piece): boolean {
  return p.alive && p.aboard === undefined && isCombatUnit(p.type);
}

