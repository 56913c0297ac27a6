"use client";
// Which territory's card shows over the map (issue 12): a click or tap pins a territory's card (a second
// click on it closes it); with a mouse (pointer: fine), resting on a territory for a moment shows its
// card unpinned, which follows the pointer from territory to territory and goes when it leaves the
// map. The hover card takes no clicks and stands on the side of the map away from the pointer.
import { useEffect, useRef, useState, type PointerEvent } from "react";

/** How long the pointer rests on a territory before its card shows. */
const HOVER_DELAY_MS = 350;

export interface ShownCard {
  territory: string;
  /** Shown by a click or tap (with its close button and link), not by hovering. */
  pinned: boolean;
  /** The hover card stands on the right when the pointer is on the map's left half. */
  side: "left" | "right";
}

export function useTerritoryCard() {
  const [card, setCard] = useState<ShownCard | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hovered = useRef<string | null>(null);
  const fine = useRef(false);
  useEffect(() => {
    fine.current = typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;
    return () => clearTimeout(timer.current);
  }, []);

  /** On the map's SVG: the territory under the pointer is the nearest element marked data-territory. */
  const onPointerOver = (e: PointerEvent<Element>) => {
    // A drag pans the map; a finger or pen taps instead.
    if (!fine.current || e.pointerType !== "mouse" || e.buttons !== 0) return;
    const territory = (e.target as Element).closest("[data-territory]")?.getAttribute("data-territory");
    if (!territory || territory === hovered.current) return;
    hovered.current = territory;
    const box = e.currentTarget.getBoundingClientRect();
    const side = e.clientX < box.left + box.width / 2 ? "right" : "left";
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCard((c) => (c?.pinned ? c : { territory, pinned: false, side })), HOVER_DELAY_MS);
  };
  const onPointerLeave = () => {
    hovered.current = null;
    clearTimeout(timer.current);
    setCard((c) => (c?.pinned ? c : null));
  };
  const pin = (territory: string) => {
    clearTimeout(timer.current);
    setCard((c) => (c?.pinned && c.territory === territory ? null : { territory, pinned: true, side: "left" }));
  };
  return { card, close: () => setCard(null), pin, hoverProps: { onPointerOver, onPointerLeave } };
}
