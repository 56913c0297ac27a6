// What a robot sees at the start of the turn, indexed once: who stands where, who owns what, its
// capital, factories and the hostile land it may aim at. Read-only; decisions live in the other files.
import { indexBoard, teamOf, type Board, type GameState, type Nation, type Team, type Unit, type UnitType } from "../engine";
import { distancesOf, type Distances } from "./distances";

export const LAND_TYPES: readonly UnitType[] = ["infantry", "artillery", "armour"];
export const AIR_TYPES: readonly UnitType[] = ["fighter", "bomber"];
export const WARSHIP_TYPES: readonly UnitType[] = ["submarine", "destroyer", "cruiser", "carrier", "battleship"];

export const isLandType = (t: UnitType) => t === "infantry" || t === "artillery" || t === "armour";
export const isAirType = (t: UnitType) => t === "fighter" || t === "bomber";
/** R4 preamble: AA guns and factories never fight. */
export const fightsType = (t: UnitType) => t !== "aaGun" && t !== "factory";

export interface Situation {
  state: GameState;
  nation: Nation;
  team: Team;
  board: Board;
  dist: Distances;
  seed: string;
  capital: string | undefined;
  /** Combat units standing in a territory (cargo aboard excluded), every nation. */
  standing(t: string): readonly Unit[];
  /** Cargo aboard a transport. */
  cargo(transportId: number): readonly Unit[];
  /** This nation's combat units standing in a territory. */
  mine(t: string): readonly Unit[];
  /** How many of this nation's units of `type` stand in a territory. */
  count(t: string, type: UnitType): number;
  /** Combat units of this nation's team standing in a territory. */
  friends(t: string): readonly Unit[];
  /** Combat units of the other team standing in a territory. */
  enemies(t: string): readonly Unit[];
  /** Every hostile combat unit standing anywhere, cargo excluded. */
  enemyUnits: readonly Unit[];
  hasFactory(t: string): boolean;
  hasAaGun(t: string): boolean;
  ownerTeam(t: string): Team | undefined;
  isFriendlyLand(t: string): boolean;
  isHostileLand(t: string): boolean;
  /** Land territories with a factory that this nation owns. */
  factories: readonly string[];
  /** Hostile land territories, sorted. */
  targets: readonly string[];
  /** Capitals of the other team's nations. */
  enemyCapitals: readonly string[];
  /** Land steps from a territory to the nearest hostile land territory (Infinity: none by land). */
  frontDistance(t: string): number;
  /** Every territory holding this nation's combat units (cargo excluded), sorted. */
  myTerritories: readonly string[];
}

export function situationOf(state: GameState, nation: Nation, seed: string): Situation {
  const board = indexBoard(state.board);
  const dist = distancesOf(state.board);
  const team = teamOf(nation);
  const byTerritory = new Map<string, Unit[]>();
  const cargo = new Map<number, Unit[]>();
  const factories = new Set<string>();
  const aaGuns = new Set<string>();
  for (const u of state.units) {
    if (u.type === "factory") factories.add(u.at);
    if (u.type === "aaGun") aaGuns.add(u.at);
    if (u.aboard !== undefined) {
      cargo.set(u.aboard, [...(cargo.get(u.aboard) ?? []), u]);
      continue;
    }
    if (!fightsType(u.type)) continue;
    let list = byTerritory.get(u.at);
    if (!list) byTerritory.set(u.at, (list = []));
    list.push(u);
  }
  const standing = (t: string) => byTerritory.get(t) ?? [];
  const ownerTeam = (t: string) => (state.owners[t] ? teamOf(state.owners[t]!) : undefined);
  const targets = board.ids.filter((t) => board.isLand(t) && ownerTeam(t) !== undefined && ownerTeam(t) !== team);
  // R1.2: every land territory has an owner; the front is measured by land from hostile land.
  const front = new Map<string, number>(targets.map((t) => [t, 0]));
  let frontier = [...targets];
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    for (const t of frontier)
      for (const n of board.neighbours(t)) {
        if (front.has(n) || !board.isLand(n)) continue;
        front.set(n, d);
        next.push(n);
      }
    frontier = next;
  }
  const enemyCapitals = board.ids.filter((t) => {
    const of = board.territory(t).capitalOf;
    return of !== undefined && teamOf(of) !== team;
  });
  const enemyUnits = [...byTerritory.values()].flat().filter((u) => teamOf(u.nation) !== team);
  const mine = new Map<string, Unit[]>();
  const friends = new Map<string, Unit[]>();
  const enemies = new Map<string, Unit[]>();
  const counts = new Map<string, number>();
  for (const [t, list] of byTerritory) {
    const own = list.filter((u) => u.nation === nation);
    if (own.length > 0) mine.set(t, own);
    friends.set(t, list.filter((u) => teamOf(u.nation) === team));
    enemies.set(t, list.filter((u) => teamOf(u.nation) !== team));
    for (const u of own) counts.set(`${t}|${u.type}`, (counts.get(`${t}|${u.type}`) ?? 0) + 1);
  }
  const myTerritories = [...byTerritory.entries()].filter(([, l]) => l.some((u) => u.nation === nation)).map(([t]) => t).sort();
  return {
    state,
    nation,
    team,
    board,
    dist,
    seed,
    capital: board.capitalOf(nation),
    standing,
    cargo: (id) => cargo.get(id) ?? [],
    mine: (t) => mine.get(t) ?? [],
    count: (t, type) => counts.get(`${t}|${type}`) ?? 0,
    friends: (t) => friends.get(t) ?? [],
    enemies: (t) => enemies.get(t) ?? [],
    enemyUnits,
    hasFactory: (t) => factories.has(t),
    hasAaGun: (t) => aaGuns.has(t),
    ownerTeam,
    isFriendlyLand: (t) => board.isLand(t) && ownerTeam(t) === team,
    isHostileLand: (t) => board.isLand(t) && ownerTeam(t) !== undefined && ownerTeam(t) !== team,
    factories: [...factories].filter((t) => state.owners[t] === nation).sort(),
    targets,
    enemyCapitals,
    frontDistance: (t) => front.get(t) ?? Infinity,
    myTerritories,
  };
}
