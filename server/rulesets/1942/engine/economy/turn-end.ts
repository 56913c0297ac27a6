// R8.3 place-new, R8.4 income, R8.6 victory — the automatic end of a turn; with the house rules,
// R9.3 commerce raiding at income and R9.1 victory points.
import { indexBoard, type Board } from "../board/board";
import type { PurchaseReport } from "../report";
import { phaseDice } from "../rng";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import { NATIONS, type Nation, type Team } from "../types";
import { isShip } from "../units";
import { commerceRaids, type CommerceRaidReport } from "./commerce-raiding";
import { cityVictory, countsVictoryPoints, victoryPoints, type VictoryPointsReport } from "./victory-cities";

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
  /** With R9.1 on: the rule that decided a win (or a draw of both teams); absent while nobody wins. */
  rule?: "R8.6" | "R9.1";
}

export interface TurnEndReport {
  placements: PlacementReport[];
  /** Credits each nation collected (R8.4), after commerce raiding when R9.3 is on. */
  income: Record<Nation, number>;
  /** R9.3 on: the raids, one per nation with raiders beside its factories. */
  commerceRaiding?: CommerceRaidReport[];
  victory: VictoryReport;
  /** R9.1 on: the points each team holds at the end of the turn. */
  victoryPoints?: VictoryPointsReport;
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

interface Met {
  team: Team;
  reason: string;
  rule: "R8.6" | "R9.1";
}

/** R8.6 — the conditions met, and the words when none is. */
function capitalVictory(board: Board, state: GameState): { met: Met[]; status: string } {
  const held = (team: Team) => NATIONS.filter((n) => teamOf(n) === team && board.capitalOf(n) !== undefined && capitalHeld(board, state, n));
  const axisLand = Object.entries(state.owners).reduce((sum, [t, owner]) => sum + (teamOf(owner) === "Axis" ? board.value(t) : 0), 0);
  const figure = board.data.economicVictory;
  const met: Met[] = [];
  if (held("Axis").length === 2) met.push({ team: "Allies", reason: "The Allies hold both Axis capitals (R8.6)", rule: "R8.6" });
  if (held("Allies").length >= 2) met.push({ team: "Axis", reason: `The Axis hold ${held("Allies").join(" and ")}'s capitals (R8.6)`, rule: "R8.6" });
  else if (figure !== undefined && axisLand >= figure) met.push({ team: "Axis", reason: `The Axis own territory worth ${axisLand}, at least ${figure} (R8.6)`, rule: "R8.6" });
  return { met, status: `Axis territory worth ${axisLand}${figure !== undefined ? ` of ${figure}` : ""}` };
}

/** R8.6 — both Axis capitals Allied-held; two Allied capitals Axis-held, or Axis land worth the figure. R9.1 adds victory points. */
export function victoryOf(board: Board, state: GameState): VictoryReport {
  const base = capitalVictory(board, state);
  const rules = state.houseRules;
  const house = countsVictoryPoints(rules) ? cityVictory(rules!, victoryPoints(board, state)) : undefined;
  const met: Met[] = [...base.met, ...(house?.met ?? []).map((m) => ({ ...m, rule: "R9.1" as const }))];
  const tagged = (report: VictoryReport, rule: "R8.6" | "R9.1"): VictoryReport => (house ? { ...report, rule } : report);
  if (met.some((m) => m.team === "Axis") && met.some((m) => m.team === "Allies")) {
    const cited = [...new Set(met.map((m) => m.rule))];
    return tagged({ winner: null, reason: `Both teams meet a victory condition at once: no winner (${cited.join(", ")})` }, cited[0]!);
  }
  const first = met[0];
  if (first) return tagged({ winner: first.team, reason: first.reason }, first.rule);
  if (!house) return { winner: null, reason: `No victory yet: ${base.status} (R8.6)` };
  return { winner: null, reason: `No victory yet: ${base.status}; ${house.status} (R8.6, R9.1)` };
}

/**
 * Place purchases, add income, check victory. `seed` is the turn's dice seed, used only by R9.3
 * commerce raiding (its own streams, so combat dice never change).
 */
export function endTurn(state: GameState, purchases: readonly PurchaseReport[], seed = ""): { state: GameState; report: TurnEndReport } {
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
  const counted = Object.fromEntries(NATIONS.map((n) => [n, incomeOf(board, placed, n)])) as Record<Nation, number>;
  const rules = state.houseRules;
  // R9.3 — raiders cut what each nation collects before it is added.
  const commerce = rules?.commerceRaiding === true ? commerceRaids(board, placed, counted, phaseDice(seed)) : undefined;
  const income = { ...counted };
  for (const raid of commerce ?? []) income[raid.nation] -= raid.lost;
  const treasury = Object.fromEntries(NATIONS.map((n) => [n, placed.treasury[n] + income[n]])) as Record<Nation, number>;
  const after: GameState = { ...placed, treasury };
  const victory = victoryOf(board, after);
  const points = countsVictoryPoints(rules) ? victoryPoints(board, after) : undefined;
  // The turn number is kept once the state has one, or when house rules need it (R9.1 minor victory).
  const counting = state.turn !== undefined || rules !== undefined;
  return {
    state: counting ? { ...after, turn: (state.turn ?? 1) + 1 } : after,
    report: { placements, income, ...(commerce ? { commerceRaiding: commerce } : {}), victory, ...(points ? { victoryPoints: points } : {}) },
  };
}

