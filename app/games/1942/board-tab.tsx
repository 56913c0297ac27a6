"use client";
// 1942's Board tab in the platform's frame (a game played a phase at a time): the classic screen's
// Board (board-panel.tsx, every nation's treasury, territories worth their income and units) drawn from
// the phase's view — the orders phase's state, a battles phase's turn start, post-combat's board after
// combat. An outsider's view holds only the owners: no tab.
import dynamic from "next/dynamic";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { View1942 } from "../../../server/rulesets/1942";
import type { Board } from "../../game/[id]/game-types";
import type { ScreenTab } from "../contract";
import { boardOfState } from "./orders/board-of-state";

// As on the classic page: hidden at first, so it loads after the map.
const BoardView = dynamic(() => import("../../game/[id]/board-panel").then((m) => m.BoardView));

/** The board the Board tab tells, and whether it is the board after this turn's combat. */
export function boardOfView(view: View1942): { board: Board; afterCombat: boolean } | null {
  if ("stage" in view) {
    if (view.stage === "battles") return { board: boardOfState(view.start), afterCombat: false };
    return { board: { units: view.outcome.units, owners: view.outcome.owners, treasury: view.start.treasury } as Board, afterCombat: true };
  }
  return "units" in view ? { board: boardOfState(view), afterCombat: false } : null;
}

export function boardTab(view: View1942, side: string | null): ScreenTab | null {
  const shown = boardOfView(view);
  if (!shown) return null;
  return { id: "board", label: "Board", content: <BoardView board={shown.board} mine={side ? [side as Nation] : []} afterCombat={shown.afterCombat} /> };
}
