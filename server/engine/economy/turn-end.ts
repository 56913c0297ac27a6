// R8.3 place-new, R8.4 income, R8.6 victory — the automatic end of a turn.
import { indexBoard, type Board } from "../board/board";
import type { PurchaseReport } from "../report";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import { NATIONS, type Nation, type Team } from "../types";
import { isShip } from "../units";

export interface PlacementReport {
  id: string;
  nation: Nation;
  type: PurchaseReport["type"];
  count: number;
  at: string;
  placed: boolean;
  reason?: string;
}

export interface VictoryReport {
  winner: Team | null;
  reason: string;
}

export interface TurnEndReport {
  placements: PlacementReport[];
  income: Record<Nation, number>;
  victory: VictoryReport;
}

/** R8.2 — a nation whose capital the other team holds (a board without its capital: never). */
export function capitalHeld(board: Board, state: GameState, nation: Nation): boolean {
  const capital = board.capitalOf(nation);
  return capital !== undefined && teamOf(state.owners[capital]!) !== teamOf(nation);
}

/** R8.3 — why a purchase is forfeited, or undefined when it is placed. */
function forfeit(board: Board, state: GameState, p: PurchaseReport): string | undefined {
  if (capitalHeld(board, state, p.nation)) return `${p.nation}'s capital is held by the other team (R8.3)`;
  if (isShip(p.type)) {
    if (!p.from || state.owners[p.from] !== p.nation) return `${p.nation} no longer owns ${p.from}, the factory the ships were built at (R8.3)`;
    const hostile = state.units.some((u) => u.at === p.destination && isShip(u.type) && u.aboard === undefined && teamOf(u.nation) !== teamOf(p.nation));
    if (hostile) return `${p.destination} holds a hostile ship (R8.3)`;
    return undefined;
  }
  if (state.owners[p.destination] !== p.nation) return `${p.nation} no longer owns ${p.destination} (R8.3)`;
  if (p.type === "factory" && state.units.some((u) => u.at === p.destination && u.type === "factory")) return `${p.destination} already has a factory (R8.3)`;
  return undefined;
}

/** R8.4 — the value of every territory a nation owns; nothing while its capital is held (R8.2). */
export function incomeOf(board: Board, state: GameState, nation: Nation): number {
  if (capitalHeld(board, state, nation)) return 0;
  return Object.entries(state.owners).reduce((sum, [t, owner]) => sum + (owner === nation ? board.value(t) : 0), 0);
}

/** R8.6 — both Axis capitals Allied-held; two Allied capitals Axis-held, or Axis land worth the figure. */
export function victoryOf(board: Board, state: GameState): VictoryReport {
  const held = (team: Team) => NATIONS.filter((n) => teamOf(n) === team && board.capitalOf(n) !== undefined && capitalHeld(board, state, n));
  const alliesWin = held("Axis").length === 2;
  const axisLand = Object.entries(state.owners).reduce((sum, [t, owner]) => sum + (teamOf(owner) === "Axis" ? board.value(t) : 0), 0);
  const figure = board.data.economicVictory;
  const economic = figure !== undefined && axisLand >= figure;
  const axisWin = held("Allies").length >= 2 || economic;
  if (alliesWin && axisWin) return { winner: null, reason: "Both teams meet a victory condition at once: no winner (R8.6)" };
  if (alliesWin) return { winner: "Allies", reason: "The Allies hold both Axis capitals (R8.6)" };
  if (held("Allies").length >= 2) return { winner: "Axis", reason: `The Axis hold ${held("Allies").join(" and ")}'s capitals (R8.6)` };
  if (economic) return { winner: "Axis", reason: `The Axis own territory worth ${axisLand}, at least ${figure} (R8.6)` };
  return { winner: null, reason: `No victory yet: Axis territory worth ${axisLand}${figure !== undefined ? ` of ${figure}` : ""} (R8.6)` };
}

/** Place purchases, add income, check victory. */
export function endTurn(state: GameState, purchases: readonly PurchaseReport[]): { state: GameState; report: TurnEndReport } {
  const board = indexBoard(state.board);
  let next = Math.max(0, ...state.units.map((u) => u.id)) + 1;
  const added: Unit[] = [];
  const placements = purchases.map((p): PlacementReport => {
    const reason = forfeit(board, state, p);
    const at = p.destination;
    if (!reason) for (let i = 0; i < p.count; i++) added.push({ id: next++, nation: p.nation, type: p.type, at });
    return { id: p.id, nation: p.nation, type: p.type, count: p.count, at, placed: !reason, ...(reason ? { reason } : {}) };
  });
  const placed: GameState = { ...state, units: [...state.units, ...added] };
  const income = Object.fromEntries(NATIONS.map((n) => [n, incomeOf(board, placed, n)])) as Record<Nation, number>;
  const treasury = Object.fromEntries(NATIONS.map((n) => [n, placed.treasury[n] + income[n]])) as Record<Nation, number>;
  const after: GameState = { ...placed, treasury };
  return { state: after, report: { placements, income, victory: victoryOf(board, after) } };
}

