"use client";
// "Decide! · " (or "Decide! 2 · ", when the screen counts the decisions waiting) at the head of the
// window's title while a decision waits for the viewer (a background tab shows it), as a classic game's
// screen does. The page's metadata may set the title after the
// screen mounts (streamed metadata), so the prefix is put back whenever the title changes, and taken
// off when nothing waits any more.
import { useEffect } from "react";

const PREFIX = /^Decide!( \d+)? · /;

export function useDecideTitle(deciding: boolean, waiting?: number): void {
  useEffect(() => {
    const strip = () => document.title.replace(PREFIX, "");
    if (!deciding) {
      document.title = strip();
      return;
    }
    const prefix = `Decide!${waiting ? ` ${waiting}` : ""} · `;
    const mark = () => {
      if (!document.title.startsWith(prefix)) document.title = prefix + strip();
    };
    mark();
    const watch = new MutationObserver(mark);
    watch.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      watch.disconnect();
      document.title = strip();
    };
  }, [deciding, waiting]);
}

/** The hook as an element, for a frame that learns the count only when the screen lays itself out. */
export function DecideTitle({ deciding, waiting }: { deciding: boolean; waiting?: number }): null {
  useDecideTitle(deciding, waiting);
  return null;
}
