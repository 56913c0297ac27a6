// IP9: scenario goals and the end of the game, checked at the end of every turn.
import { inPlay } from "./ships";
import type { GameEnd, Ship, State } from "./types";

export const TRAINING_ROUTE = ["Venus", "Mercury", "Moon"];
export const RACE_BODIES = ["Sun", "Mercury", "Venus", "Mars", "Jupiter"];

/** Whether `route` appears in order within `visited`. */
function inOrder(visited: string[], route: string[]): boolean {
  let i = 0;
  for (const v of visited) if (v === route[i]) i++;
  return i === route.length;
}

/** IP9.1, IP9.2: a ship has finished its race. */
export function finished(state: State, ship: Ship): boolean {
  if (ship.status !== "flying" || ship.orbit !== "Earth") return false;
  if (state.scenario === "training") return inOrder(ship.visited, TRAINING_ROUTE);
  if (state.scenario === "planet-race") return RACE_BODIES.every((b) => ship.visited.includes(b));
  return false;
}

/** IP9.5: the end of the game after turn `state.turn` was resolved (null: play on). */
export function gameEnd(state: State): GameEnd | null {
  const turn = state.turn;
  const alive = state.sides.filter((side) => state.ships.some((s) => s.side === side && inPlay(s)));
  const end = (winners: string[], reason: string): GameEnd => ({ winners, draw: winners.length !== 1, reason, turn });
  if (state.scenario === "training" || state.scenario === "planet-race") {
    const winners = state.sides.filter((side) => state.ships.some((s) => s.side === side && finished(state, s)));
    if (winners.length > 0) return end(winners, winners.length === 1 ? `${winners[0]} finished the race first` : "several sides finished the race on the same turn");
  }
  if (state.scenario === "hostile-takeover") {
    const lost = Object.entries(state.hqDestroyed);
    const first = Math.min(...lost.map(([, t]) => t));
    if (lost.length === 2 && Math.abs(lost[0]![1] - lost[1]![1]) <= 2) return end([], "both headquarters fell within two turns of each other");
    if (lost.length === 1 && turn >= first + 2) {
      const winners = state.sides.filter((s) => s !== lost[0]![0]);
      return end(winners, `${lost[0]![0]}'s headquarters was destroyed`);
    }
    if (lost.length > 0) return null;
  }
  if (alive.length === 0) return end([], "no side has a ship left");
  if (state.scenario === "last-man-standing" || state.scenario === "hostile-takeover") {
    if (alive.length === 1) return end(alive, `${alive[0]} is the last side standing`);
  }
  if (turn >= state.turnLimit) return end([], `the turn limit (${state.turnLimit}) was reached`);
  return null;
}
