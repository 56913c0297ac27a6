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

export function startView(state: GameState): StartView {
  const hit = cache.get(state);
  if (hit) return hit;
  const board = indexBoard(state.board);
  const byTerritory = new Map<string, Unit[]>();
  const cargo = new Map<number, Unit[]>();
  const teams = new Map<string, Set<string>>();
  const mark = (key: string, territory: string) => {
    let set = teams.get(territory);
    if (!set) teams.set(territory, (set = new Set()));
    set.add(key);
  };
  for (const u of state.units) {
    let list = byTerritory.get(u.at);
    if (!list) byTerritory.set(u.at, (list = []));
    list.push(u);
    if (u.aboard !== undefined) cargo.set(u.aboard, [...(cargo.get(u.aboard) ?? []), u]);
    const team = teamOf(u.nation);
    if (u.type === "factory") mark("factory", u.at);
    if (u.type === "aaGun") mark(`aa`, u.at);
    if (u.aboard !== undefined || !isCombatUnit(u.type)) continue;
    mark(`unit:${team}`, u.at);
    if (isShip(u.type)) mark(`ship:${team}`, u.at);
    if (u.type === "carrier") mark(`carrier:${u.nation}`, u.at);
  }
  const has = (territory: string, key: string) => teams.get(territory)?.has(key) ?? false;
  const view: StartView = {
    state,
    board,
    unitsAt: (t) => byTerritory.get(t) ?? [],
    cargoOf: (id) => cargo.get(id) ?? [],
    hasUnitsOf: (t, team) => has(t, `unit:${team}`),
    hasShipsOf: (t, team) => has(t, `ship:${team}`),
    hasFactory: (t) => has(t, "factory"),
    hasAaGun: (t) => has(t, "aa"),
    carriersOf: (t, nation) => (byTerritory.get(t) ?? []).filter((u) => u.type === "carrier" && u.nation === nation).length,
    ownerTeam: (t) => {
      const owner = state.owners[t];
      return owner ? teamOf(owner) : undefined;
    },
  };
  cache.set(state, view);
  return view;
}
