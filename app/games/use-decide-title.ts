"use client";
// "Decide! · " at the head of the window's title while a decision waits for the viewer (a background
// tab shows it), as a classic game's screen does. The page's metadata may set the title after the
// screen mounts (streamed metadata), so the prefix is put back whenever the title changes, and taken
// off when nothing waits any more.
import { useEffect } from "react";

const PREFIX = "Decide! · ";

export function useDecideTitle(deciding: boolean): void {
  useEffect(() => {
    const strip = () => (document.title.startsWith(PREFIX) ? document.title.slice(PREFIX.length) : document.title);
    if (!deciding) {
      document.title = strip();
      return;
    }
    const mark = () => {
      if (!document.title.startsWith(PREFIX)) document.title = PREFIX + document.title;
    };
    mark();
    const watch = new MutationObserver(mark);
    watch.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      watch.disconnect();
      document.title = strip();
    };
  }, [deciding]);
}
