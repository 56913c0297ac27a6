"use client";
import { useEffect } from "react";

/** The site header's height as a CSS variable, so a full-window screen (the game screen, the turn review) fills exactly the rest of the window. */
export function useHeaderHeight() {
  useEffect(() => {
    const header = document.querySelector("[data-site-header]");
    if (!header) return;
    const set = () => document.documentElement.style.setProperty("--site-header-h", `${header.getBoundingClientRect().height}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
}
