// R9.2 — infantry raised at victory cities, non-infantry limited by cost at factories, and the price
// of a factory (seed 004, "Unit Placement phase" and "Non-Infantry Unit Placement at ICs").
import { indexBoard, type Board } from "../board/board";
import type { GameState } from "../state";
import { UNIT_STATS } from "../units";
import type { Nation } from "../types";
import { connectedLand } from "./connection";
import { cityNation, pointsIn, victoryCitiesOf } from "./victory-cities";

/** The Western Allies: every city of theirs counts as connected, and their capital takes at most 3 infantry. */
export const WESTERN_ALLIES: readonly Nation[] = ["United Kingdom", "United States"];
export const WESTERN_CAPITAL_INFANTRY = 3;
/** Non-infantry placed at a factory per turn: at most this many times its territory's value, in cost. */
export const PRODUCTION_FACTOR = 4;

/** R9.2 — the cost of the non-infantry units a factory may place in one turn. */
export function productionCap(board: Board, territory: string): number {
  return PRODUCTION_FACTOR * board.value(territory);
}

/** R9.2 — a factory costs 15 − value × the victory points in its territory, never below 0. */
export function factoryCost(board: Board, territory: string): number {
  return Math.max(0, UNIT_STATS.factory.cost - board.value(territory) * pointsIn(board, territory));
}

export interface InfantryLimit {
  city: string;
  limit: number;
  /** Plain words: why this is the limit. */
  why: string;
}

/**
 * R9.2 — the infantry `nation` may raise per turn at each victory city of `territory`, judged on
 * `state`, the start of the turn (the buyer must own the territory then): its own city, connected to its capital, up to its points (its capital
 * too; 3 at most for the UK and US capitals); its own city cut off from its capital, 1; a captured
 * city, half its points rounded down. UK and US cities always count as connected.
 */
export function infantryLimits(state: GameState, nation: Nation, territory: string): InfantryLimit[] {
  const board = indexBoard(state.board);
  const capital = board.capitalOf(nation);
  const western = WESTERN_ALLIES.includes(nation);
  const cities = victoryCitiesOf(board.territory(territory));
  // The capital city: the nation's own city of most points in its capital territory.
  const capitalCityIn = (t: string) => victoryCitiesOf(board.territory(t)).filter((c) => cityNation(state, t, c) === nation).sort((a, b) => b.points - a.points)[0];
  const capitalCity = territory === capital ? capitalCityIn(territory) : undefined;
  const capitalName = capital === undefined ? "the capital" : (capitalCityIn(capital)?.name ?? capital);
  let reach: Set<string> | undefined;
  const connected = () => capital === undefined || (reach ??= connectedLand(board, state.owners, nation, capital)).has(territory);
  return cities.map((city): InfantryLimit => {
    if (cityNation(state, territory, city) !== nation) {
      const limit = Math.floor(city.points / 2);
      return { city: city.name, limit, why: `${city.name}, captured: half of ${city.points} points, ${limit}` };
    }
    if (city === capitalCity) {
      const limit = western ? Math.min(WESTERN_CAPITAL_INFANTRY, city.points) : city.points;
      return { city: city.name, limit, why: `${city.name}, the capital: ${limit}` };
    }
    if (western) return { city: city.name, limit: city.points, why: `${city.name}, connected (every UK and US city is): ${city.points}` };
    if (connected()) return { city: city.name, limit: city.points, why: `${city.name}, connected to ${capitalName}: ${city.points}` };
    const limit = Math.min(1, city.points);
    return { city: city.name, limit, why: `${city.name}, cut off from ${capitalName}: ${limit}` };
  });
}
