// R9.1 — victory cities (seed 004): their points, who holds them, and the major and minor victories.
import type { Board } from "../board/board";
import type { GameState } from "../state";
import { teamOf } from "../teams";
import { TEAMS, type HouseRules, type Nation, type Team, type TerritoryData, type VictoryCity } from "../types";

/** R9.1 major victory: the points a team must hold at the end of a turn. */
export const MAJOR_VICTORY: Readonly<Record<Team, number>> = { Axis: 40, Allies: 50 };

export interface VictoryCityReport {
  territory: string;
  name: string;
  points: number;
  /** Whose victory city it is. */
  nation: Nation;
  /** Who owns its territory at the end of the turn. */
  owner: Nation;
}

export interface VictoryPointsReport {
  /** The turn that just ended. */
  turn: number;
  points: Record<Team, number>;
  cities: VictoryCityReport[];
}

/** The victory cities of a territory, as a list (a territory may hold none, one or several). */
export function victoryCitiesOf(t: TerritoryData): VictoryCity[] {
  if (t.kind !== "land" || t.victoryCity === undefined) return [];
  return Array.isArray(t.victoryCity) ? t.victoryCity : [t.victoryCity];
}

/** Whose victory city it is: its own `nation`, else the territory's original owner. */
export function cityNation(state: GameState, territory: string, city: VictoryCity): Nation {
  return city.nation ?? state.originalOwners[territory]!;
}

/** Total points of the victory cities in a territory (R9.2 factory cost). */
export function pointsIn(board: Board, territory: string): number {
  return victoryCitiesOf(board.territory(territory)).reduce((sum, c) => sum + c.points, 0);
}

/** R9.1 is in play: points are counted for the major victory, the minor one, or both. */
export function countsVictoryPoints(rules: HouseRules | undefined): boolean {
  return rules?.victoryCities === true || rules?.minorVictoryTurn !== undefined;
}

/** R9.1 — each team holds the points of the victory cities in territory its nations own. */
export function victoryPoints(board: Board, state: GameState): VictoryPointsReport {
  const points: Record<Team, number> = { Axis: 0, Allies: 0 };
  const cities: VictoryCityReport[] = [];
  for (const id of board.ids) {
    const owner = state.owners[id];
    if (owner === undefined) continue;
    for (const city of victoryCitiesOf(board.territory(id))) {
      points[teamOf(owner)] += city.points;
      cities.push({ territory: id, name: city.name, points: city.points, nation: cityNation(state, id, city), owner });
    }
  }
  return { turn: state.turn ?? 1, points, cities };
}

export interface CityVictory {
  /** Teams meeting an R9.1 condition, each with why. */
  met: { team: Team; reason: string }[];
  /** The points and what is still to come, in words (no rule id). */
  status: string;
}

/** R9.1 — the major victory (40 Axis, 50 Allies) and, from the agreed turn on, the minor one (more points). */
export function cityVictory(rules: HouseRules, vp: VictoryPointsReport): CityVictory {
  const { Axis, Allies } = vp.points;
  const met: CityVictory["met"] = [];
  if (rules.victoryCities === true)
    for (const team of TEAMS)
      if (vp.points[team] >= MAJOR_VICTORY[team]) met.push({ team, reason: `The ${team} hold ${vp.points[team]} victory points, at least ${MAJOR_VICTORY[team]} (R9.1)` });
  const minor = rules.minorVictoryTurn;
  let status = `victory points Axis ${Axis}, Allies ${Allies}`;
  if (rules.victoryCities === true) status += ` (major victory at ${MAJOR_VICTORY.Axis} / ${MAJOR_VICTORY.Allies})`;
  if (minor !== undefined && vp.turn >= minor) {
    if (Axis !== Allies) {
      const team: Team = Axis > Allies ? "Axis" : "Allies";
      const when = vp.turn === minor ? `the agreed turn ${minor}` : `turn ${vp.turn}, the first untied one since the agreed turn ${minor}`;
      met.push({ team, reason: `At the end of ${when}, the ${team} hold more victory points, ${Math.max(Axis, Allies)} to ${Math.min(Axis, Allies)} (R9.1)` });
    } else status += `; tied at the end of turn ${vp.turn}, at or after the agreed turn ${minor}: the first turn that ends untied decides`;
  } else if (minor !== undefined) status += `; minor victory after turn ${minor}`;
  return { met, status };
}
