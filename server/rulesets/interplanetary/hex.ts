// Hex maths (IP1.1): axial coordinates {q, r} (cube s = -q - r), pointy-top hexes. Exact line tracing
// between hex centres with integer arithmetic: a course touches a hex when the segment meets its
// hexagon, which in cube coordinates is |dq - dr| ≤ 1, |dr - ds| ≤ 1, |ds - dq| ≤ 1 (d = point - centre).
// Each bound is linear along the segment, so where a course meets a hex is an interval of t with
// rational ends, compared by cross-multiplying — no floating point, so a course running exactly
// along an edge or through a corner is classified exactly (IP1.3).

export interface Hex {
  q: number;
  r: number;
}

export const DIRS = ["E", "NE", "NW", "W", "SW", "SE"] as const;
export type Dir = (typeof DIRS)[number];

export const DIR_VECTORS: Record<Dir, Hex> = {
  E: { q: 1, r: 0 },
  NE: { q: 1, r: -1 },
  NW: { q: 0, r: -1 },
  W: { q: -1, r: 0 },
  SW: { q: -1, r: 1 },
  SE: { q: 0, r: 1 },
};

export const OPPOSITE: Record<Dir, Dir> = { E: "W", NE: "SW", NW: "SE", W: "E", SW: "NE", SE: "NW" };

export const isDir = (x: unknown): x is Dir => typeof x === "string" && (DIRS as readonly string[]).includes(x);

export const hex = (q: number, r: number): Hex => ({ q, r });
export const add = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });
export const sub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });
export const scale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });
export const equal = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;
export const key = (h: Hex): string => `${h.q},${h.r}`;
export function parseKey(k: string): Hex | null {
  const m = /^(-?\d+),(-?\d+)$/.exec(k);
  return m ? { q: Number(m[1]), r: Number(m[2]) } : null;
}

/** Length of a vector / distance in hexes. */
export const length = (v: Hex): number => Math.max(Math.abs(v.q), Math.abs(v.r), Math.abs(v.q + v.r));
export const distance = (a: Hex, b: Hex): number => length(sub(a, b));
export const step = (h: Hex, d: Dir, n = 1): Hex => add(h, scale(DIR_VECTORS[d], n));
export const neighbours = (h: Hex): Hex[] => DIRS.map((d) => step(h, d));

/** The direction from a to an adjacent b, or null if they are not adjacent. */
export function dirTo(a: Hex, b: Hex): Dir | null {
  const v = sub(b, a);
  return DIRS.find((d) => equal(DIR_VECTORS[d], v)) ?? null;
}

/** The ring of hexes at exactly `radius` from `centre` (radius ≥ 1). */
export function ring(centre: Hex, radius: number): Hex[] {
  const out: Hex[] = [];
  let h = step(centre, "SW", radius);
  for (const d of DIRS) {
    for (let i = 0; i < radius; i++) {
      out.push(h);
      h = step(h, d);
    }
  }
  return out;
}

/** How a course meets a hex: through its inside, exactly along one of its edges, or at a corner. */
export type Passage = "inside" | "edge" | "corner";

export interface Touch {
  hex: Hex;
  passage: Passage;
  /** For an edge run: the side of this hex the course runs along (the direction of the hex across it). */
  edge?: Dir;
  /** Where the course first meets the hex: t = num / den in [0, 1], den > 0. */
  enter: { num: number; den: number };
}

/** Exact comparison of two fractions with positive denominators. */
export const cmpFrac = (a: { num: number; den: number }, b: { num: number; den: number }): number => a.num * b.den - b.num * a.den;

// The three cube differences and the edge a tight bound lies on (+1 side, -1 side).
const BOUNDS: { f: (v: Hex) => number; plus: Dir; minus: Dir }[] = [
  { f: (v) => v.q - v.r, plus: "NE", minus: "SW" }, // dq - dr
  { f: (v) => v.r - -(v.q + v.r), plus: "SE", minus: "NW" }, // dr - ds
  { f: (v) => -(v.q + v.r) - v.q, plus: "W", minus: "E" }, // ds - dq
];

/** How the segment from centre `a` to centre `b` meets hex `h`, or null if it misses it. */
export function touch(a: Hex, b: Hex, h: Hex): Touch | null {
  const from = sub(a, h);
  const dir = sub(b, a);
  // t interval [lo, hi] as fractions; start with [0, 1].
  let lo = { num: 0, den: 1 };
  let hi = { num: 1, den: 1 };
  let edge: Dir | undefined;
  for (const bound of BOUNDS) {
    const c = bound.f(from);
    const m = bound.f(dir);
    if (m === 0) {
      if (Math.abs(c) > 1) return null;
      if (Math.abs(c) === 1 && !equal(a, b)) edge = c === 1 ? bound.plus : bound.minus;
      continue;
    }
    // -1 ≤ c + m t ≤ 1: with m > 0, t in [(-1 - c)/m, (1 - c)/m]; with m < 0 the bounds swap to
    // t in [(c - 1)/(-m), (c + 1)/(-m)].
    const low = m > 0 ? { num: -1 - c, den: m } : { num: c - 1, den: -m };
    const high = m > 0 ? { num: 1 - c, den: m } : { num: c + 1, den: -m };
    if (cmpFrac(low, lo) > 0) lo = low;
    if (cmpFrac(high, hi) < 0) hi = high;
  }
  const c = cmpFrac(lo, hi);
  if (c > 0) return null;
  if (c === 0 && !equal(a, b)) return { hex: h, passage: "corner", enter: lo };
  if (edge) return { hex: h, passage: "edge", edge, enter: lo };
  return { hex: h, passage: "inside", enter: lo };
}

/** Rounds a fractional cube point to its hex (used only to find candidates, never to decide). */
function roundHex(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq, r: rr };
}

/**
 * Every hex the course from a to b meets, in the order the course first meets them (ties: by
 * coordinates), each with how it is met. The start hex comes first.
 */
export function trace(a: Hex, b: Hex): Touch[] {
  if (equal(a, b)) return [{ hex: a, passage: "inside", enter: { num: 0, den: 1 } }];
  // Candidates: around 2n + 1 points along the course; every hex the segment meets lies within one
  // hex of one of them. The candidates only bound the search; `touch` decides exactly.
  const n = 2 * distance(a, b);
  const seen = new Set<string>();
  const out: Touch[] = [];
  for (let i = 0; i <= n; i++) {
    const centre = roundHex(a.q + ((b.q - a.q) * i) / n, a.r + ((b.r - a.r) * i) / n);
    for (const h of [centre, ...neighbours(centre)]) {
      const k = key(h);
      if (seen.has(k)) continue;
      seen.add(k);
      const t = touch(a, b, h);
      if (t) out.push(t);
    }
  }
  return out.sort((x, y) => cmpFrac(x.enter, y.enter) || x.hex.q - y.hex.q || x.hex.r - y.hex.r);
}
