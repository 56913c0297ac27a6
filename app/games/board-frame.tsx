"use client";
// The platform's full-window frame for a game of any ruleset but 1942 (issue 25, "the map is the
// game"): a slim bar of the frame's facts, the game's board under it filling the rest of the window,
// and a panel beside it on a desktop or a bottom sheet over its lower part on a phone. It is the 1942
// screen's layout: its styles (game-screen.module.css) and its sheet handle, shared, not copied.
import { useRef, useState, type ReactNode } from "react";
import screen from "../game/[id]/game-screen.module.css";
import { SheetHandle, closeOnEscape } from "../game/[id]/sheet-handle";
import { useHeaderHeight } from "../game/[id]/use-header-height";
import styles from "./ruleset-game.module.css";

export function BoardFrame({ bar, board, panel, label, testId }: { bar: ReactNode; board: ReactNode; panel: ReactNode; label: string; testId: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useHeaderHeight();
  return (
    <div className={screen.screen} data-testid={testId} data-sheet={open ? "open" : "closed"}>
      <div className={screen.mapArea}>
        <div className={`${screen.status} ${styles.bar}`} data-testid="board-bar">
          {bar}
        </div>
        <div className={`${screen.mapHost} ${styles.board}`} data-testid="board-host">
          {board}
        </div>
      </div>
      <aside className={screen.panel} id="board-panel" aria-label={label} data-testid="board-panel" onKeyDown={closeOnEscape(open, () => setOpen(false), button)}>
        <SheetHandle open={open} onOpenChange={setOpen} controls="board-panel" buttonRef={button} className={screen.handle} gripClassName={screen.grip} />
        {panel}
      </aside>
    </div>
  );
}
