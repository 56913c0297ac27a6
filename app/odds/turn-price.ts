// Whole-turn odds of a draft, as the odds worker answers them (issue 24): the phase's start state
// rebuilt from the board the page shows, turnOdds over the draft, and each asked objective priced.
// Only the worker (and tests) import this file: turnOdds and the combat phase stay out of the page.
import { createState } from "../../server/rulesets/1942/engine/state";
import { turnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import type { Order } from "../../server/rulesets/1942/engine/orders/types";
import type { BoardData, Nation, UnitType } from "../../server/rulesets/1942/engine/types";
import type { GameState } from "../../server/rulesets/1942/engine/state";
import { turnLines } from "./turn-lines";

/** A stack as the page's board shows it (the engine's `groupUnits`, engine/stacks.ts). */
export interface ShownStack {
  nation: Nation;
  type: UnitType;
  at: string;
  count: number;
  aboard?: boolean;
}

export interface ShownBoard {
  units: readonly ShownStack[];
  owners: Readonly<Record<string, Nation>>;
  treasury: Readonly<Record<Nation, number>>;
}

export interface TurnRequest {
  board: ShownBoard;
  nation: Nation;
  orders: readonly Order[];
  lowLuck: boolean;
}

export interface TurnAnswer {
  /** The draft's lines (turn-lines.ts) with their probabilities. */
  lines: { key: string; label: string; p: number }[];
  battles: number;
  pruned: number;
}

/**
 * The start state from the shown board: the cargo aboard a nation's transports in a zone goes back on
 * them as at setup (R4.7: non-infantry first, one per transport), so each transport carries what it
 * did whenever that split is the only one; owners are the shown ones.
 */
export function stateFromBoard(data: BoardData, board: ShownBoard): GameState {
  const stacks = board.units
    .filter((s) => !s.aboard)
    .map((s) => {
      const cargo = s.type === "transport" ? board.units.filter((c) => c.aboard && c.nation === s.nation && c.at === s.at).map((c) => ({ type: c.type, count: c.count })) : [];
      return { nation: s.nation, type: s.type, at: s.at, count: s.count, ...(cargo.length > 0 ? { cargo } : {}) };
    });
  const state = createState(data, { units: stacks, treasury: board.treasury });
  return { ...state, owners: { ...board.owners } };
}

/** The draft's lines and their odds, the draft alone (the other nations' units hold). */
export function priceTurn(data: BoardData, request: TurnRequest): TurnAnswer {
  const state = stateFromBoard(data, request.board);
  const odds = turnOdds({ state, orders: { [request.nation]: request.orders }, lowLuck: request.lowLuck });
  const capital = data.territories.find((t) => t.capitalOf === request.nation)?.id;
  const lines = turnLines(odds.battles, request.nation, capital).map((l) => ({ key: l.key, label: l.label, p: odds.probability(l.objective) }));
  return { lines, battles: odds.battles.length, pruned: odds.pruned };
}
