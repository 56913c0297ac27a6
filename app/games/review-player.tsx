"use client";
// Play / pause for a turn's review on the board (issues 21 and 25, as the 1942 review plays a turn):
// the steps advance by themselves, and each piece glides from where the last step left it to where
// this one puts it. The glide is a CSS transition of a translation, so a reader who asked for reduced
// motion (prefers-reduced-motion) sees the pieces jump (review-player.module.css); the steps still advance.
import { useEffect, useState, type ReactNode } from "react";
import styles from "./review-player.module.css";

/** How long a step stays on the board while playing: the glide (0.9 s) and a moment to read it. */
export const STEP_MS = 1800;

export function useStepPlayer(count: number, start = 0) {
  const [at, setAtRaw] = useState(start);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (at >= count - 1) return setPlaying(false);
    const timer = setTimeout(() => setAtRaw((a) => Math.min(a + 1, count - 1)), STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, at, count]);
  /** A step chosen by hand stops the playing. */
  const setAt = (i: number) => {
    setPlaying(false);
    setAtRaw(i);
  };
  // Play moves on at once (a press shows something happen); at the last step it starts the turn over.
  const toggle = () => {
    if (playing) return setPlaying(false);
    setAtRaw(at >= count - 1 ? 0 : at + 1);
    setPlaying(true);
  };
  return { at, setAt, playing, toggle };
}

export function PlayButton({ playing, toggle, className }: { playing: boolean; toggle: () => void; className?: string }) {
  return (
    <button type="button" className={className} onClick={toggle} aria-pressed={playing} data-testid="review-play">
      {playing ? "❚❚ Pause" : "▶ Play"}
    </button>
  );
}

/** A piece drawn where it stood at the turn's start, moved by (dx, dy) board units to where it is now. */
export function Glide({ dx, dy, children }: { dx: number; dy: number; children: ReactNode }) {
  return (
    <g className={styles.glide} style={{ transform: `translate(${dx}px, ${dy}px)` }}>
      {children}
    </g>
  );
}
