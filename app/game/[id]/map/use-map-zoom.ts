"use client";
// Pan, zoom and pinch of the map with d3-zoom (wheel, drag, two fingers, keyboard buttons). d3-zoom
// turns a drag into a pan and swallows the click that ends it, so panning never selects a group by
// accident. The view is kept per game in localStorage, so a player's zoom survives turns and reloads.
import { select } from "d3-selection";
import { zoom as d3Zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform } from "d3-zoom";
import { useEffect, useRef, useState } from "react";

export interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Transform {
  k: number;
  x: number;
  y: number;
}

const MAX_SCALE = 24; // crowded Europe on a phone needs it
const IDENTITY: Transform = { k: 1, x: 0, y: 0 };

function readSaved(key: string | undefined): Transform | null {
  if (!key || typeof localStorage === "undefined") return null;
  try {
    const t = JSON.parse(localStorage.getItem(key) ?? "null") as Transform | null;
    return t && [t.k, t.x, t.y].every(Number.isFinite) ? t : null;
  } catch {
    return null;
  }
}

/**
 * The transform that shows `box` (map units) as large as the drawn map allows. The SVG keeps the
 * map's aspect ratio ("meet"), so a tall phone screen shows more map units vertically than wide.
 */
export function fitTransform(box: View, full: View, pixels: { w: number; h: number }): Transform {
  const s = pixels.w > 0 && pixels.h > 0 ? Math.min(pixels.w / full.w, pixels.h / full.h) : 1;
  const visW = pixels.w > 0 ? pixels.w / s : full.w;
  const visH = pixels.h > 0 ? pixels.h / s : full.h;
  const k = Math.max(1, Math.min(16, visW / box.w, visH / box.h));
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { k, x: full.x + full.w / 2 - k * cx, y: full.y + full.h / 2 - k * cy };
}

export function useMapZoom(full: View, opts: { storageKey?: string; start?: View | null } = {}) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const [t, setT] = useState<Transform>(IDENTITY);
  // The drawn size in screen pixels, so sizes on the map can follow the zoom.
  const [pixels, setPixels] = useState({ w: 0, h: 0 });
  const { storageKey, start } = opts;
  const startRef = useRef(start);
  startRef.current = start;

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const measure = () => {
      const r = svg.getBoundingClientRect();
      setPixels({ w: r.width, h: r.height });
      return r;
    };
    const rect = measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => measure());
    observer?.observe(svg);

    const z = d3Zoom<SVGSVGElement, unknown>()
      .scaleExtent([1, MAX_SCALE])
      .translateExtent([
        [full.x, full.y],
        [full.x + full.w, full.y + full.h],
      ])
      .on("zoom", (e: { transform: ZoomTransform }) => setT({ k: e.transform.k, x: e.transform.x, y: e.transform.y }))
      .on("end", (e: { transform: ZoomTransform }) => {
        if (!storageKey) return;
        try {
          localStorage.setItem(storageKey, JSON.stringify({ k: e.transform.k, x: e.transform.x, y: e.transform.y }));
        } catch {
          // private mode or full: the view is simply not kept
        }
      });
    const sel = select(svg);
    // A double click would zoom; on the map it is two clicks on a group (select two units).
    sel.call(z).on("dblclick.zoom", null);
    behaviour.current = z;
    // The first view: the player's own, else the player's units, else the whole board.
    const first = readSaved(storageKey) ?? (startRef.current ? fitTransform(startRef.current, full, { w: rect.width, h: rect.height }) : IDENTITY);
    sel.call(z.transform, zoomIdentity.translate(first.x, first.y).scale(first.k));
    return () => {
      observer?.disconnect();
      sel.on(".zoom", null);
    };
  }, [full, storageKey]);

  const call = (fn: (z: ZoomBehavior<SVGSVGElement, unknown>, s: ReturnType<typeof select<SVGSVGElement, unknown>>) => void) => {
    if (svgRef.current && behaviour.current) fn(behaviour.current, select(svgRef.current));
  };
  const s = pixels.w > 0 ? Math.min(pixels.w / full.w, pixels.h / full.h) : 0;
  return {
    /** The map rectangle in view, in map units. */
    view: { x: (full.x - t.x) / t.k, y: (full.y - t.y) / t.k, w: full.w / t.k, h: full.h / t.k } as View,
    transform: `translate(${t.x},${t.y}) scale(${t.k})`,
    scale: t.k,
    /** Map units per screen pixel at this zoom (0 before the map is drawn). */
    perPixel: s > 0 ? 1 / (s * t.k) : 0,
    svgRef,
    zoomIn: () => call((z, sel) => z.scaleBy(sel, 1.5)),
    zoomOut: () => call((z, sel) => z.scaleBy(sel, 1 / 1.5)),
    reset: () => call((z, sel) => z.transform(sel, zoomIdentity)),
    /** Move the view by a fraction of the whole map's width and height. */
    pan: (dx: number, dy: number) => call((z, sel) => z.translateBy(sel, (-dx * full.w) / t.k, (-dy * full.h) / t.k)),
    /** Show this box of the map. */
    fit: (box: View) => call((z, sel) => {
      const f = fitTransform(box, full, pixels);
      z.transform(sel, zoomIdentity.translate(f.x, f.y).scale(f.k));
    }),
  };
}
