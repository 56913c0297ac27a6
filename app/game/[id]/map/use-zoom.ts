"use client";
// Zoom and pan of the map by its SVG viewBox: wheel and buttons zoom, a drag (mouse or one finger)
// pans, two fingers pinch. A drag of more than a few pixels swallows the click that ends it, so
// panning never selects a group by accident.
import { useCallback, useEffect, useRef, useState, type PointerEvent, type MouseEvent } from "react";

export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const DRAG_PX = 6;
const MIN_SCALE = 1; // never smaller than the whole map
const MAX_SCALE = 16; // crowded Europe on a phone needs it

function clampView(v: View, full: View): View {
  const w = Math.min(full.w / MIN_SCALE, Math.max(full.w / MAX_SCALE, v.w));
  const h = (w / full.w) * full.h;
  const x = Math.min(full.x + full.w - w, Math.max(full.x, v.x));
  const y = Math.min(full.y + full.h - h, Math.max(full.y, v.y));
  return { x, y, w, h };
}

/** Zoom by `factor` (>1 zooms in) around the map point (cx, cy). */
export function zoomView(v: View, full: View, factor: number, cx = v.x + v.w / 2, cy = v.y + v.h / 2): View {
  const w = v.w / factor;
  const h = v.h / factor;
  return clampView({ x: cx - ((cx - v.x) / v.w) * w, y: cy - ((cy - v.y) / v.h) * h, w, h }, full);
}

export function useZoom(full: View) {
  const [view, setView] = useState<View>(full);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ x: number; y: number; view: View; pinch?: number } | null>(null);
  const dragged = useRef(false);
  // The drawn width in screen pixels, so sizes on the map can follow the zoom.
  const [pixels, setPixels] = useState(0);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setPixels(svg.getBoundingClientRect().width));
    observer.observe(svg);
    setPixels(svg.getBoundingClientRect().width);
    return () => observer.disconnect();
  }, []);

  /** Screen pixels to map units along x (the SVG keeps the aspect ratio). */
  const scale = useCallback(() => {
    const rect = svgRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? view.w / rect.width : 1;
  }, [view.w]);

  const toMap = useCallback(
    (clientX: number, clientY: number) => {
      const rect = svgRef.current?.getBoundingClientRect();
      if (!rect) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
      return { x: view.x + ((clientX - rect.left) / rect.width) * view.w, y: view.y + ((clientY - rect.top) / rect.height) * view.h };
    },
    [view],
  );

  // A native listener: React's wheel listeners are passive, and the page must not scroll while the map zooms.
  const toMapRef = useRef(toMap);
  toMapRef.current = toMap;
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      e.preventDefault();
      const p = toMapRef.current(e.clientX, e.clientY);
      setView((v) => zoomView(v, full, e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y));
    };
    svg.addEventListener("wheel", onWheel, { passive: false });
    return () => svg.removeEventListener("wheel", onWheel);
  }, [full]);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    dragged.current = false;
    const pts = [...pointers.current.values()];
    start.current = {
      x: pts.reduce((s, p) => s + p.x, 0) / pts.length,
      y: pts.reduce((s, p) => s + p.y, 0) / pts.length,
      view,
      pinch: pts.length === 2 ? Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y) : undefined,
    };
  };

  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!pointers.current.has(e.pointerId) || !start.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
    const s0 = start.current;
    if (!dragged.current && Math.hypot(cx - s0.x, cy - s0.y) < DRAG_PX && s0.pinch === undefined) return;
    if (!dragged.current) {
      dragged.current = true;
      svgRef.current?.setPointerCapture(e.pointerId);
    }
    const k = s0.view.w / (svgRef.current?.getBoundingClientRect().width || s0.view.w);
    let next: View = { ...s0.view, x: s0.view.x - (cx - s0.x) * k, y: s0.view.y - (cy - s0.y) * k };
    if (s0.pinch && pts.length === 2) {
      const d = Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y);
      const rect = svgRef.current!.getBoundingClientRect();
      const mx = s0.view.x + ((s0.x - rect.left) / rect.width) * s0.view.w;
      const my = s0.view.y + ((s0.y - rect.top) / rect.height) * s0.view.h;
      next = zoomView(next, full, d / s0.pinch, mx, my);
    }
    setView(clampView(next, full));
  };

  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) start.current = null;
  };

  /** A drag is not a click. */
  const onClickCapture = (e: MouseEvent<SVGSVGElement>) => {
    if (dragged.current) {
      e.stopPropagation();
      e.preventDefault();
      dragged.current = false;
    }
  };

  return {
    view,
    /** Map units per screen pixel at this zoom (0 before the map is drawn). */
    perPixel: pixels > 0 ? view.w / pixels : 0,
    svgRef,
    scale,
    zoomIn: () => setView((v) => zoomView(v, full, 1.5)),
    zoomOut: () => setView((v) => zoomView(v, full, 1 / 1.5)),
    reset: () => setView(full),
    pan: (dx: number, dy: number) => setView((v) => clampView({ ...v, x: v.x + dx * v.w, y: v.y + dy * v.h }, full)),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onClickCapture },
  };
}
