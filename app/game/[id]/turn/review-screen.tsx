"use client";
// The classic 1942 game's turn review on the map (issue 19): the game's one map fills the window beside
// a side panel (a bottom sheet on a phone), as on the game screen. The turn itself — the step control,
// the sentences lighting their places, a click on a place showing its sentences, the story as text —
// is turn-review.tsx, shared with the review of a game played a phase at a time; this is its screen.
import { useRef, useState, type ReactNode } from "react";
import { SheetHandle, closeOnEscape } from "../sheet-handle";
import { useHeaderHeight } from "../use-header-height";
import { TurnReview, type TurnReviewProps } from "./turn-review";
import styles from "./review.module.css";

export type ReviewScreenProps = Omit<TurnReviewProps, "layout" | "onPlace" | "header"> & {
  /** The title and the links to the other turns, the game and the download. */
  header: ReactNode;
};

export function ReviewScreen(props: ReviewScreenProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetButton = useRef<HTMLButtonElement>(null);
  useHeaderHeight();
  return (
    <TurnReview
      {...props}
      onPlace={() => setSheetOpen(true)}
      layout={({ board, panel }) => (
        <div className={styles.screen} data-testid="review-screen" data-sheet={sheetOpen ? "open" : "closed"}>
          <div className={styles.mapArea}>{board}</div>
          <aside className={styles.panel} id="review-panel" aria-label={`Turn ${props.turn}, step by step`} data-testid="review-panel" onKeyDown={closeOnEscape(sheetOpen, () => setSheetOpen(false), sheetButton)}>
            <SheetHandle open={sheetOpen} onOpenChange={setSheetOpen} controls="review-panel" buttonRef={sheetButton} className={styles.handle} gripClassName={styles.grip} />
            {panel}
          </aside>
        </div>
      )}
    />
  );
}
