// What R4 checks against: the state at the start of the turn, indexed once per state.
import { indexBoard, type Board } from "../board/board";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import type { Nation, Team } from "../types";
import { isCombatUnit, isShip } from "../units";

export interface StartView {
  state: GameState;
  board: Board;
  /** Units standing in each territory (cargo included, at its zone). */
  unitsAt(territory: string): readonly Unit[];
  /** Cargo aboard a transport. */
  cargoOf(transportId: number): readonly Unit[];
  /** Teams with combat units in a territory (R4 preamble: AA guns and factories never count). */
  hasUnitsOf(territory: string, team: Team): boolean;
  /** Teams with sea units in a zone. */
  hasShipsOf(zone: string, team: Team): boolean;
  hasFactory(territory: string): boolean;
  hasAaGun(territory: string): boolean;
  carriersOf(zone: string, nation: Nation): number;
  ownerTeam(territory: string): Team | undefined;
}

const cache = new WeakMap<GameState, StartView>();

// What stands in a territory, as bits: a query tests a bit instead of building a key string
// ("unit:Axis") at every step of every path it checks.
const FACTORY = 1;
const AA_GUN = 2;
const UNITS_OF: Readonly<Record<Team, number>> = { Axis: 4, Allies: 8 };
const SHIPS_OF: Readonly<Record<Team, number>> = { Axis: 16, Allies: 32 };

const TEAM_OF_CODE: readonly (Team | undefined)[] = [undefined, "Axis", "Allies"];

export function startView(state: GameState): StartView {
  const hit = cache.get(state);
  if (hit) return hit;
  const board = indexBoard(state.board);
  // By territory number (`Board.number`): arrays, not maps keyed by name (at 100 copies of the board
  // hash tables of 12,800 names, each probe a cache miss after the probe of the board's own table).
  // What stands off the board (never in a checked state) is kept apart by name, as before.
  const size = board.ids.length;
  const byNumber: (Unit[] | undefined)[] = new Array(size);
  const marks = new Uint8Array(size);
  let offBoard: Map<string, { units: Unit[]; marks: number }> | undefined;
  // Cargo by transport id, an array made at its full length (written far past its end, V8 makes an
  // array a hash table); an id that is not a small whole number (never in a state the engine made) goes to a map.
  const smallId = (id: number) => Number.isInteger(id) && id >= 0 && id < 1 << 24;
  let maxAboard = -1;
  for (const u of state.units) if (u.aboard !== undefined && smallId(u.aboard) && u.aboard > maxAboard) maxAboard = u.aboard;
  const cargo: (Unit[] | undefined)[] = new Array(maxAboard + 1);
  let cargoElsewhere: Map<number, Unit[]> | undefined;
  for (const u of state.units) {
    const n = board.number(u.at);
    let list: Unit[];
    let off: { units: Unit[]; marks: number } | undefined;
    if (n >= 0) list = byNumber[n] ??= [];
    else {
      off = (offBoard ??= new Map()).get(u.at);
      if (!off) offBoard.set(u.at, (off = { units: [], marks: 0 }));
      list = off.units;
    }
    list.push(u);
    if (u.aboard !== undefined) {
      if (smallId(u.aboard)) {
        (cargo[u.aboard] ??= []).push(u);
      } else {
        const m = (cargoElsewhere ??= new Map());
        m.set(u.aboard, [...(m.get(u.aboard) ?? []), u]);
      }
    }
    let bits = 0;
    if (u.type === "factory") bits |= FACTORY;
    if (u.type === "aaGun") bits |= AA_GUN;
    if (u.aboard === undefined && isCombatUnit(u.type)) {
      const team = teamOf(u.nation);
      bits |= UNITS_OF[team];
      if (isShip(u.type)) bits |= SHIPS_OF[team];
    }
    if (off) off.marks |= bits;
    else marks[n] = marks[n]! | bits;
  }
  // The owners' teams at the start of the turn by number (0 none, 1 Axis, 2 Allies), read once from
  // the owners object (a hash table in V8) by the board's names: R4's checks ask at every step of a path.
  const ownerTeams = new Uint8Array(size);
  for (let n = 0; n < size; n++) {
    const owner = state.owners[board.ids[n]!];
    if (owner) ownerTeams[n] = teamOf(owner) === "Axis" ? 1 : 2;
  }
  const none: readonly Unit[] = [];
  const unitsAt = (t: string): readonly Unit[] => {
    const n = board.number(t);
    return (n >= 0 ? byNumber[n] : offBoard?.get(t)?.units) ?? none;
  };
  const has = (t: string, bit: number) => {
    const n = board.number(t);
    return ((n >= 0 ? marks[n]! : (offBoard?.get(t)?.marks ?? 0)) & bit) !== 0;
  };
  const view: StartView = {
    state,
    board,
    unitsAt,
    cargoOf: (id) => (smallId(id) ? cargo[id] : cargoElsewhere?.get(id)) ?? none,
    hasUnitsOf: (t, team) => has(t, UNITS_OF[team]),
    hasShipsOf: (t, team) => has(t, SHIPS_OF[team]),
    hasFactory: (t) => has(t, FACTORY),
    hasAaGun: (t) => has(t, AA_GUN),
    carriersOf: (t, nation) => {
      let count = 0;
      for (const u of unitsAt(t)) if (u.type === "carrier" && u.nation === nation) count += 1;
      return count;
    },
    ownerTeam: (t) => {
      const n = board.number(t);
      if (n >= 0) return TEAM_OF_CODE[ownerTeams[n]!];
      const owner = state.owners[t];
      return owner ? teamOf(owner) : undefined;
    },
  };
  cache.set(state, view);
  return view;
}
