"use client";
// The orders phase for a viewer who gives no orders in it: the board as everyone sees it (R1: units
// and owners are open to all), or, for an outsider, whom the view gives only the owners, the map of
// who holds what. Orders are secret (R3): nothing of them shows here.
import { BoardMap } from "../../../game/[id]/map/board-map";
import type { Board } from "../../../game/[id]/game-types";
import type { Layout } from "../../contract";
import styles from "./orders-screen.module.css";

export function WatchBoard({ gameId, layout, board, victoryCities, note }: { gameId: number; layout: Layout; board: Pick<Board, "units" | "owners">; victoryCities: boolean; note: string }) {
  return layout({
    board: (
      <div className={styles.host} data-testid="map-host">
        <BoardMap units={board.units} owners={board.owners} victoryCities={victoryCities} storageKey={`lockstep:map-view:${gameId}`} start={null} fill title="Map of the board" />
      </div>
    ),
    panel: (
      <p className="muted small" data-testid="watch-note">
        {note}
      </p>
    ),
  });
}
