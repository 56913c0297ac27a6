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

export function startView(state: GameState): StartView {
  const hit = cache.get(state);
  if (hit) return hit;
  const board = indexBoard(state.board);
  const byTerritory = new Map<string, Unit[]>();
  const cargo = new Map<number, Unit[]>();
  const marks = new Map<string, number>();
  const mark = (bit: number, territory: string) => marks.set(territory, (marks.get(territory) ?? 0) | bit);
  for (const u of state.units) {
    // Keyed by the board's own string, which the phase's orders use (orders/board-names.ts): probes compare pointers.
    const n = board.number(u.at);
    const at = n < 0 ? u.at : board.ids[n]!;
    let list = byTerritory.get(at);
    if (!list) byTerritory.set(at, (list = []));
    list.push(u);
    if (u.aboard !== undefined) cargo.set(u.aboard, [...(cargo.get(u.aboard) ?? []), u]);
    const team = teamOf(u.nation);
    if (u.type === "factory") mark(FACTORY, at);
    if (u.type === "aaGun") mark(AA_GUN, at);
    if (u.aboard !== undefined || !isCombatUnit(u.type)) continue;
    mark(UNITS_OF[team], at);
    if (isShip(u.type)) mark(SHIPS_OF[team], at);
  }
  const has = (territory: string, bit: number) => ((marks.get(territory) ?? 0) & bit) !== 0;
  const view: StartView = {
    state,
    board,
    unitsAt: (t) => byTerritory.get(t) ?? [],
    cargoOf: (id) => cargo.get(id) ?? [],
    hasUnitsOf: (t, team) => has(t, UNITS_OF[team]),
    hasShipsOf: (t, team) => has(t, SHIPS_OF[team]),
    hasFactory: (t) => has(t, FACTORY),
    hasAaGun: (t) => has(t, AA_GUN),
    carriersOf: (t, nation) => (byTerritory.get(t) ?? []).filter((u) => u.type === "carrier" && u.nation === nation).length,
    ownerTeam: (t) => {
      const owner = state.owners[t];
      return owner ? teamOf(owner) : undefined;
    },
  };
  cache.set(state, view);
  return view;
}
