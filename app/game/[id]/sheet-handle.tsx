"use client";
// The phone's bottom sheet (the game screen's side panel below 56rem): a disclosure button that opens
// and closes it by a tap, a swipe up or down on its grip, or the keyboard (Enter/Space on the button;
// Escape anywhere in the open sheet closes it and gives the focus back to the button). The sheet is not
// modal: the map stays usable beside it, so it is a disclosure, not a dialog.
import { useRef, type KeyboardEvent, type RefObject } from "react";

/** A swipe shorter than this (CSS px) is a tap. */
const SWIPE = 24;

export function SheetHandle({
  open,
  onOpenChange,
  controls,
  buttonRef,
  className,
  gripClassName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id of what the sheet shows more or less of. */
  controls: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  className?: string;
  gripClassName?: string;
}) {
  const start = useRef<number | null>(null);
  // The sheet opens at its top, on what matters now (the orders, a battle waiting for a decision), not
  // wherever it was last read (last turn's battles, the end of the orders).
  const change = (next: boolean) => {
    if (next) document.getElementById(controls)?.scrollTo({ top: 0 });
    onOpenChange(next);
  };
  // Set while a swipe's pointerup is handled: the click a browser sends at once after it is the swipe's, not a tap.
  const swiped = useRef(false);
  return (
    <button
      ref={buttonRef}
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onPointerDown={(e) => {
        start.current = e.clientY;
        // Keep the pointer: the swipe ends away from the grip.
        e.currentTarget.setPointerCapture(e.pointerId);
      }}
      onPointerUp={(e) => {
        const dy = start.current === null ? 0 : e.clientY - start.current;
        start.current = null;
        if (Math.abs(dy) < SWIPE) return;
        swiped.current = true;
        setTimeout(() => (swiped.current = false), 0);
        change(dy < 0);
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
      onClick={() => {
        if (!swiped.current) change(!open);
      }}
      data-testid="sheet-toggle"
    >
      <span className={gripClassName} aria-hidden />
      {open ? "Show more of the map" : "Show more of the panel"}
    </button>
  );
}

/** Escape in the open sheet closes it, the focus back on its button. */
export function closeOnEscape(open: boolean, close: () => void, button: RefObject<HTMLButtonElement | null>) {
  return (e: KeyboardEvent) => {
    if (e.key !== "Escape" || !open || e.defaultPrevented) return;
    close();
    button.current?.focus();
  };
}
