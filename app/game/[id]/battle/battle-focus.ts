"use client";
// Which battle the player opened from the map: a click on a battle's marker (battle-markers.tsx) asks
// the game screen to show the Battles panel and the panel to bring that battle into view. A tiny store
// shared by the two, so the map and the panel need not pass callbacks through the whole screen.
import { useEffect, useRef, useSyncExternalStore } from "react";

interface Focus {
  territory: string;
  /** Counts the clicks: a second click on the same marker brings the battle into view again. */
  n: number;
}

let current: Focus | null = null;
const listeners = new Set<() => void>();

export function focusBattle(territory: string): void {
  current = { territory, n: (current?.n ?? 0) + 1 };
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/** The battle last opened from the map (null before any). */
export function useBattleFocus(): Focus | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Runs `action` each time a battle is opened from the map (the game screen shows its Battles panel). */
export function useOnBattleFocus(action: (territory: string) => void): void {
  const focus = useBattleFocus();
  const act = useRef(action);
  act.current = action;
  const seen = useRef(focus?.n ?? 0);
  useEffect(() => {
    if (!focus || focus.n === seen.current) return;
    seen.current = focus.n;
    act.current(focus.territory);
  }, [focus]);
}
