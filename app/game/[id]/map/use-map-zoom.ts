"use client";
// Pan, zoom and pinch of the map with d3-zoom (wheel, drag, two fingers, keyboard buttons). d3-zoom
// turns a drag into a pan and swallows the click that ends it, so panning never selects a group by
// accident. The view is kept per game in localStorage, so a player's zoom survives turns and reloads.
// The first view is drawn without d3: d3-zoom (and d3-selection) load once the map's shapes are there
// to be moved, so they are not part of the page's first-load JavaScript.
import type { Selection } from "d3-selection";
import type { ZoomBehavior, ZoomTransform } from "d3-zoom";
import { useEffect, useRef, useState } from "react";
import { WORLD_SCALE } from "./board-fit";

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
export function fitTransform(box: View, full: View, pixels: { w: number; h: number }, minK = 1): Transform {
  const s = pixels.w > 0 && pixels.h > 0 ? Math.min(pixels.w / full.w, pixels.h / full.h) : 1;
  const visW = pixels.w > 0 ? pixels.w / s : full.w;
  const visH = pixels.h > 0 ? pixels.h / s : full.h;
  const k = Math.max(1, minK, Math.min(16, visW / box.w, visH / box.h));
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { k, x: full.x + full.w / 2 - k * cx, y: full.y + full.h / 2 - k * cy };
}

type D3 = { zoomIdentity: typeof import("d3-zoom").zoomIdentity; select: typeof import("d3-selection").select };

/**
 * `startScale`: the least zoom of a first view opened on `start` (the player's units: close enough to
 * order them; a phase's places, such as its battles: 1, all of them in view however far apart).
 * `interactive`: attach pan and zoom (the map's shapes are drawn); until then the view stays as first set.
 * `keep: false`: start from the kept view but never write it (a phase's own map, such as the landing
 * map, whose views belong to that phase and must not replace the player's own).
 */
export function useMapZoom(full: View, opts: { storageKey?: string; start?: View | null; startScale?: number; interactive?: boolean; keep?: boolean } = {}) {
  const svgRef = useRef<SVGSVGElement | null>(null);
  const behaviour = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const d3 = useRef<D3 | null>(null);
  const [ready, setReady] = useState(false);
  const [t, setT] = useState<Transform>(IDENTITY);
  // The view shown, for d3 to start from. Set with the state, never from a render: a render of an
  // older state (React may render before an update it has not yet applied) would put back the view
  // before the first fit, and d3, attaching then, would start from it and keep it.
  const current = useRef<Transform>(IDENTITY);
  const show = (view: Transform) => {
    current.current = view;
    setT(view);
  };
  // The drawn size in screen pixels, so sizes on the map can follow the zoom.
  const [pixels, setPixels] = useState({ w: 0, h: 0 });
  const { storageKey, start, startScale = WORLD_SCALE, interactive = true, keep = true } = opts;
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
    // The first view: the player's own, else the player's units, else the whole board.
    // The player's own units open close enough that their stacks can be ordered (not the whole world's
    // collapsed stacks): a nation spread over much of the board opens on their middle.
    show(readSaved(storageKey) ?? (startRef.current ? fitTransform(startRef.current, full, { w: rect.width, h: rect.height }, startScale) : IDENTITY));
    return () => observer?.disconnect();
  }, [full, storageKey]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || !interactive) return;
    let live = true;
    let sel: Selection<SVGSVGElement, unknown, null, undefined> | null = null;
    void Promise.all([import("d3-zoom"), import("d3-selection")]).then(([{ zoom: d3Zoom, zoomIdentity }, { select }]) => {
      if (!live) return;
      const z = d3Zoom<SVGSVGElement, unknown>()
        .scaleExtent([1, MAX_SCALE])
        .translateExtent([
          [full.x, full.y],
          [full.x + full.w, full.y + full.h],
        ])
        .on("zoom", (e: { transform: ZoomTransform }) => show({ k: e.transform.k, x: e.transform.x, y: e.transform.y }))
        .on("end", (e: { transform: ZoomTransform }) => {
          if (!storageKey || !keep) return;
          try {
            localStorage.setItem(storageKey, JSON.stringify({ k: e.transform.k, x: e.transform.x, y: e.transform.y }));
          } catch {
            // private mode or full: the view is simply not kept
          }
        });
      sel = select(svg);
      // A double click would zoom; on the map it is two clicks on a group (select two units).
      sel.call(z).on("dblclick.zoom", null);
      behaviour.current = z;
      d3.current = { zoomIdentity, select };
      // d3 starts from the view already shown.
      const now = current.current;
      sel.call(z.transform, zoomIdentity.translate(now.x, now.y).scale(now.k));
      setReady(true);
    });
    return () => {
      live = false;
      sel?.on(".zoom", null);
      behaviour.current = null;
      setReady(false);
    };
  }, [full, storageKey, interactive, keep]);

  const call = (fn: (z: ZoomBehavior<SVGSVGElement, unknown>, s: Selection<SVGSVGElement, unknown, null, undefined>, d: D3) => void) => {
    if (svgRef.current && behaviour.current && d3.current) fn(behaviour.current, d3.current.select(svgRef.current), d3.current);
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
    /** Pan and zoom are attached (d3-zoom loaded). */
    ready,
    zoomIn: () => call((z, sel) => z.scaleBy(sel, 1.5)),
    zoomOut: () => call((z, sel) => z.scaleBy(sel, 1 / 1.5)),
    reset: () => call((z, sel, d) => z.transform(sel, d.zoomIdentity)),
    /** Move the view by a fraction of the whole map's width and height. */
    pan: (dx: number, dy: number) => call((z, sel) => z.translateBy(sel, (-dx * full.w) / t.k, (-dy * full.h) / t.k)),
    /** Show this box of the map. */
    fit: (box: View) => {
      const f = fitTransform(box, full, pixels);
      // Before pan and zoom are attached the view is simply set, and d3 starts from it.
      if (!behaviour.current) return show(f);
      call((z, sel, d) => z.transform(sel, d.zoomIdentity.translate(f.x, f.y).scale(f.k)));
    },
  };
}
