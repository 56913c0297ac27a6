// Where the battle markers stand (battle-markers.tsx), so none covers another: on a phone's whole
// world two battles a few hundred kilometres apart (the Baltic and Caucasus) have anchors closer than
// a marker is tall. Each marker wants to be centred on its territory's anchor, kept inside the part of
// the map on the screen; taken in order, a marker whose wanted place covers one already placed moves to
// the nearest free place on a grid of steps of its own size (then of half of it) around that spot,
// still inside. It keeps off the names written on the map (and their ★, factory and AA marks) where it
// can, so the territory it stands for and its neighbours stay readable: on a phone's whole world a
// marker centred on its territory would cover its name. Where no free place keeps off every name, it
// keeps off the other markers alone. Pure and deterministic: the same anchors and sizes give the same
// places. A moved marker is tied to its territory by a line (the marker draws it).

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A marker to place: its anchor (the territory's point) and its size, in map units. */
export interface MarkerBox {
  ax: number;
  ay: number;
  w: number;
  h: number;
  /** Where its territory's own name is written: kept clear before any other name. */
  own?: Box;
}

export interface Placed {
  x: number;
  y: number;
}

/** How far apart two markers stay, as a share of a marker's height. */
const GAP = 0.08;
/** How many steps out from the wanted place the search goes, each way. */
const REACH = 8;

function clamp(v: number, lo: number, hi: number): number {
  return hi < lo ? lo : Math.min(Math.max(v, lo), hi);
}

/** Whether two boxes cover each other, `gap` apart counting as covering. */
function covers(a: Box, b: Box, gap: number): boolean {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;
}

/** A box on the map, as the labels' boxes are (map-labels.ts): top-left corner and size. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The top-left corner of each marker, in the order given. `bounds`: the part of the map a marker must
 * stay inside (the map's view on the screen); a marker whose anchor lies outside it (a territory off
 * the screen) keeps its place on the anchor, as it is not seen. `names`: the boxes of what is written
 * on the map, to keep clear where a place allows.
 */
export function layoutMarkers(markers: readonly MarkerBox[], bounds: Bounds, names: readonly Box[] = []): Placed[] {
  const placed: (Placed & { w: number; h: number })[] = [];
  return markers.map((m) => {
    const inside = m.ax >= bounds.x0 && m.ax <= bounds.x1 && m.ay >= bounds.y0 && m.ay <= bounds.y1;
    const wanted = inside
      ? { x: clamp(m.ax - m.w / 2, bounds.x0, bounds.x1 - m.w), y: clamp(m.ay - m.h / 2, bounds.y0, bounds.y1 - m.h) }
      : { x: m.ax - m.w / 2, y: m.ay - m.h / 2 };
    const gap = GAP * m.h;
    const free = (p: Placed) => !placed.some((o) => covers({ ...p, w: m.w, h: m.h }, o, gap));
    // Only the names within the search's reach can be in the way (a whole world has a hundred).
    const reach = { x: wanted.x - REACH * (m.w + gap), y: wanted.y - REACH * (m.h + gap), w: (2 * REACH + 1) * (m.w + gap), h: (2 * REACH + 1) * (m.h + gap) };
    const near = names.filter((n) => covers(reach, n, 0));
    const clear = (p: Placed) => {
      const box = { ...p, w: m.w, h: m.h };
      return free(p) && !near.some((n) => covers(box, n, 0));
    };
    let best = wanted;
    if (inside && !clear(wanted)) {
      // No place clear of every name (a phone's whole world is written all over): the free place that
      // covers the fewest, its own territory's name counting above all others, the nearest of those.
      const cost = (p: Placed) => {
        const box = { ...p, w: m.w, h: m.h };
        return near.filter((n) => covers(box, n, 0)).length + (m.own && covers(box, m.own, 0) ? 100 : 0);
      };
      best = nearestFree(m, wanted, bounds, gap, clear) ?? leastCovering(m, wanted, bounds, gap, free, cost) ?? wanted;
    }
    placed.push({ ...best, w: m.w, h: m.h });
    return best;
  });
}

/** Of the free places (on the same grids as nearestFree), the one of least cost, the nearest of equal cost. */
function leastCovering(m: MarkerBox, wanted: Placed, bounds: Bounds, gap: number, free: (p: Placed) => boolean, cost: (p: Placed) => number): Placed | null {
  let best: (Placed & { c: number }) | null = null;
  for (const p of candidatesAround(m, wanted, bounds, gap)) {
    if (!free(p)) continue;
    const c = cost(p);
    if (!best || c < best.c) best = { x: p.x, y: p.y, c };
    if (c === 0) break;
  }
  return best ? { x: best.x, y: best.y } : null;
}

/** The free place nearest the wanted one, on grids of the marker's own steps, inside the bounds. */
function nearestFree(m: MarkerBox, wanted: Placed, bounds: Bounds, gap: number, free: (p: Placed) => boolean): Placed | null {
  return candidatesAround(m, wanted, bounds, gap).find(free) ?? null;
}

/** The places around the wanted one, on grids of the marker's own steps, inside the bounds, nearest first. */
function candidatesAround(m: MarkerBox, wanted: Placed, bounds: Bounds, gap: number): Placed[] {
  const candidates: (Placed & { d: number; i: number })[] = [];
  // Whole steps first (a marker beside another, a gap apart), then half steps (a tighter fit).
  for (const [sx, sy] of [
    [m.w + gap, m.h + gap],
    [(m.w + gap) / 2, (m.h + gap) / 2],
  ] as const) {
    for (let j = -REACH; j <= REACH; j++)
      for (let i = -REACH; i <= REACH; i++) {
        const x = clamp(wanted.x + i * sx, bounds.x0, bounds.x1 - m.w);
        const y = clamp(wanted.y + j * sy, bounds.y0, bounds.y1 - m.h);
        // Distance from the anchor's wanted place; ties go to the earlier candidate (deterministic).
        candidates.push({ x, y, d: Math.hypot(x - wanted.x, y - wanted.y), i: candidates.length });
      }
  }
  candidates.sort((a, b) => a.d - b.d || a.i - b.i);
  return candidates;
}
