"use client";
// The battlefield as seen from above, filling its box (TA1.1): terrain, then whatever the screen or
// the review draws on it. Pan, zoom and pinch come from d3-zoom through the 1942 map's hook, so
// both games' maps move alike; a tap on open ground reports the table point under it.
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useMapZoom } from "@/app/game/[id]/map/use-map-zoom";
import type { Pt } from "@/server/rulesets/triple-alliance/geometry";
import type { Battlefield } from "@/server/rulesets/triple-alliance/types";
import styles from "./table.module.css";
import { boxOf } from "./draw";
import { TerrainLayer } from "./terrain-layer";

export interface TableCtx {
  height: number;
  /** Table millimetres per screen pixel: labels and strokes keep their size on screen. */
  px: number;
  /** Screen point → table point (TA1.1 coordinates). */
  toTable(clientX: number, clientY: number): Pt | null;
}
const Ctx = createContext<TableCtx>({ height: 0, px: 1, toTable: () => null });
export const useTable = () => useContext(Ctx);

export function TableMap(props: { battlefield: Battlefield; storageKey?: string; onGround?: (p: Pt) => void; children: ReactNode; label: string; focus?: Pt[] }) {
  const { battlefield: bf } = props;
  const full = useMemo(() => ({ x: 0, y: 0, w: bf.width, h: bf.height }), [bf.width, bf.height]);
  // A phone opens on the player's own troops, close enough to touch them; a wide screen on the whole table.
  const narrow = typeof window !== "undefined" && window.innerWidth < 760;
  const box = narrow && props.focus ? boxOf(props.focus.map((p) => ({ x: p.x, y: bf.height - p.y })), 120) : null;
  const zoom = useMapZoom(full, { storageKey: props.storageKey, start: box });
  const layer = useRef<SVGGElement | null>(null);
  const toTable = (clientX: number, clientY: number): Pt | null => {
    const g = layer.current;
    const m = g?.getScreenCTM();
    if (!g || !m) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: bf.height - p.y };
  };
  const ctx: TableCtx = { height: bf.height, px: zoom.perPixel || 1, toTable };
  return (
    <div className={styles.table} data-testid="ta-table">
      <div className={styles.tools} role="toolbar" aria-label="Zoom and pan the table">
        <button type="button" onClick={zoom.zoomIn} aria-label="Zoom in">+</button>
        <button type="button" onClick={zoom.zoomOut} aria-label="Zoom out">−</button>
        <button type="button" onClick={zoom.reset} aria-label="Whole table" title="Whole table">⤢</button>
      </div>
      <svg
        ref={zoom.svgRef}
        className={styles.svg}
        viewBox={`0 0 ${bf.width} ${bf.height}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={props.label}
        data-zoom={zoom.ready ? "ready" : "loading"}
        onClick={(e) => {
          const p = toTable(e.clientX, e.clientY);
          if (p && props.onGround) props.onGround(p);
        }}
      >
        <g ref={layer} transform={zoom.transform}>
          <Ctx.Provider value={ctx}>
            <TerrainLayer battlefield={bf} />
            {props.children}
          </Ctx.Provider>
        </g>
      </svg>
    </div>
  );
}

/** Wraps a draggable shape: pan and zoom never start on it, and the table point follows the pointer. */
export function DragHandle(props: { onDrag(p: Pt): void; onEnd?(): void; children: ReactNode }) {
  const ref = useRef<SVGGElement | null>(null);
  const { toTable } = useTable();
  const cb = useRef({ onDrag: props.onDrag, onEnd: props.onEnd, toTable });
  cb.current = { onDrag: props.onDrag, onEnd: props.onEnd, toTable };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Native listeners: d3-zoom listens on the svg, before React's root listener would see the event.
    const start = (e: MouseEvent | TouchEvent) => {
      if ("touches" in e && e.touches.length > 1) return;
      e.stopPropagation();
      e.preventDefault();
      const move = (ev: MouseEvent | TouchEvent) => {
        const t = "touches" in ev ? ev.touches[0] : ev;
        if (!t) return;
        const p = cb.current.toTable(t.clientX, t.clientY);
        if (p) cb.current.onDrag(p);
        if (ev.cancelable) ev.preventDefault();
      };
      const end = () => {
        window.removeEventListener("mousemove", move);
        window.removeEventListener("touchmove", move);
        window.removeEventListener("mouseup", end);
        window.removeEventListener("touchend", end);
        cb.current.onEnd?.();
      };
      window.addEventListener("mousemove", move);
      window.addEventListener("touchmove", move, { passive: false });
      window.addEventListener("mouseup", end);
      window.addEventListener("touchend", end);
    };
    el.addEventListener("mousedown", start);
    el.addEventListener("touchstart", start, { passive: false });
    return () => {
      el.removeEventListener("mousedown", start);
      el.removeEventListener("touchstart", start);
    };
  }, []);
  return (
    <g ref={ref} style={{ cursor: "grab", touchAction: "none" }} onClick={(e) => e.stopPropagation()}>
      {props.children}
    </g>
  );
}
