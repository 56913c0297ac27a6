"use client";
// The platform's full-window frame for a game of any ruleset but 1942 (issue 25, "the map is the
// game"): a slim bar of the frame's facts, the game's board under it filling the rest of the window,
// and a panel beside it on a desktop or a bottom sheet over its lower part on a phone. It is the 1942
// screen's layout: its styles (game-screen.module.css) and its sheet handle, shared, not copied.
// The page holding the frame owns whether the sheet is open (useSheet), so a screen's tap on the board
// can open it (the contract's showPanel).
import { useCallback, useRef, useState, type ReactNode } from "react";
import screen from "../game/[id]/game-screen.module.css";
import { SheetHandle, closeOnEscape } from "../game/[id]/sheet-handle";
import { useHeaderHeight } from "../game/[id]/use-header-height";
import styles from "./ruleset-game.module.css";

/** The phone's sheet, open or not, and `show`, which opens it (on a desktop the panel is always shown). */
export function useSheet() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  return { open, setOpen, show };
}

export type Sheet = ReturnType<typeof useSheet>;

export function BoardFrame({ bar, board, panel, label, testId, sheet }: { bar: ReactNode; board: ReactNode; panel: ReactNode; label: string; testId: string; sheet?: Sheet }) {
  // A page that never opens the sheet itself (a preview, a shared sandbox) leaves it to the frame.
  const own = useSheet();
  const { open, setOpen } = sheet ?? own;
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
