// Table geometry in millimetres (TA1.1): points, facings in degrees counter-clockwise from east,
// rectangles turned to a facing, polygons, segments. Pure and exact up to floating point; the
// tolerances below are the rulebook's (TA1.8).
export interface Pt {
  x: number;
  y: number;
}
export type Poly = Pt[];

/** Overlap deeper than this counts (TA1.8); contact is a gap of at most CONTACT_MM. */
export const OVERLAP_EPS = 0.01;
export const CONTACT_MM = 2;

export const add = (a: Pt, b: Pt): Pt => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Pt, b: Pt): Pt => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Pt, k: number): Pt => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Pt, b: Pt): number => a.x * b.x + a.y * b.y;
export const cross = (a: Pt, b: Pt): number => a.x * b.y - a.y * b.x;
export const len = (a: Pt): number => Math.hypot(a.x, a.y);
export const dist = (a: Pt, b: Pt): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Facing kept in [0, 360). */
export function normDeg(deg: number): number {
  const d = deg % 360;
  return d < 0 ? d + 360 : d === 0 ? 0 : d;
}
/** Unit vector of a facing. */
export function dir(deg: number): Pt {
  const r = (deg * Math.PI) / 180;
  return { x: Math.cos(r), y: Math.sin(r) };
}
/** Bearing from a to b as a facing. */
export function bearing(a: Pt, b: Pt): number {
  return normDeg((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);
}
/** Smallest angle between two facings, 0..180. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(normDeg(a) - normDeg(b));
  return d > 180 ? 360 - d : d;
}

/** Corners of a rectangle centred on c, facing `facing`, `width` across and `depth` deep:
 * front-left, front-right, rear-right, rear-left (counter-clockwise). */
export function rect(c: Pt, facing: number, width: number, depth: number): Poly {
  const f = dir(facing);
  const l = { x: -f.y, y: f.x };
  const fw = scale(f, depth / 2);
  const lw = scale(l, width / 2);
  return [add(add(c, fw), lw), sub(add(c, fw), lw), sub(sub(c, fw), lw), add(sub(c, fw), lw)];
}

/** Centre of a rectangle's front edge. */
export function frontCentre(c: Pt, facing: number, depth: number): Pt {
  return add(c, scale(dir(facing), depth / 2));
}

/** Separating-axis overlap depth of two convex polygons (≤ 0 when apart or touching). */
export function convexOverlap(a: Poly, b: Poly): number {
  let depth = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const e = sub(q, p);
      const n = { x: -e.y, y: e.x };
      const l = len(n);
      if (l === 0) continue;
      const axis = scale(n, 1 / l);
      let amin = Infinity, amax = -Infinity, bmin = Infinity, bmax = -Infinity;
      for (const v of a) {
        const d = dot(v, axis);
        if (d < amin) amin = d;
        if (d > amax) amax = d;
      }
      for (const v of b) {
        const d = dot(v, axis);
        if (d < bmin) bmin = d;
        if (d > bmax) bmax = d;
      }
      const o = Math.min(amax, bmax) - Math.max(amin, bmin);
      if (o <= 0) return o;
      if (o < depth) depth = o;
    }
  }
  return depth;
}

export const convexOverlaps = (a: Poly, b: Poly): boolean => convexOverlap(a, b) > OVERLAP_EPS;

/** Point in polygon (any simple polygon, even-odd rule; points on the boundary count as inside). */
export function pointInPolygon(p: Pt, poly: Poly): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (distPointSegment(p, a, b) < 1e-9) return true;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Do segments ab and cd cross or touch? */
export function segmentsIntersect(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  return segmentIntersection(a, b, c, d) !== null || distSegmentSegment(a, b, c, d) < 1e-9;
}

/** The crossing point of segments ab and cd (proper or at an end), or null when parallel or apart. */
export function segmentIntersection(a: Pt, b: Pt, c: Pt, d: Pt): Pt | null {
  const r = sub(b, a);
  const s = sub(d, c);
  const den = cross(r, s);
  if (den === 0) return null;
  const t = cross(sub(c, a), s) / den;
  const u = cross(sub(c, a), r) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return add(a, scale(r, t));
}

export function distPointSegment(p: Pt, a: Pt, b: Pt): number {
  const ab = sub(b, a);
  const l2 = dot(ab, ab);
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2));
  return dist(p, add(a, scale(ab, t)));
}

export function distSegmentSegment(a: Pt, b: Pt, c: Pt, d: Pt): number {
  if (segmentIntersection(a, b, c, d)) return 0;
  return Math.min(distPointSegment(a, c, d), distPointSegment(b, c, d), distPointSegment(c, a, b), distPointSegment(d, a, b));
}

/** Do two polygons (any simple ones) share interior area or touch? Edges crossing or one inside the other. */
export function polygonsMeet(a: Poly, b: Poly): boolean {
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      if (segmentIntersection(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!)) return true;
    }
  }
  return pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a);
}

/** Does a convex footprint overlap an area polygon by more than touching? Sampled exactly by
 * edge crossings strictly inside, vertices strictly inside, or containment. */
export function overlapsArea(foot: Poly, area: Poly): boolean {
  if (!polygonsMeet(foot, area)) return false;
  // Shrink the footprint a hair towards its centre: touching along an edge is not entering.
  const c = centroid(foot);
  const inner = foot.map((p) => add(c, scale(sub(p, c), 1 - OVERLAP_EPS / Math.max(1, dist(p, c)))));
  return polygonsMeet(inner, area);
}

/** Least distance between two polygons (0 when they meet). */
export function polygonDistance(a: Poly, b: Poly): number {
  if (polygonsMeet(a, b)) return 0;
  let best = Infinity;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      const d = distSegmentSegment(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!);
      if (d < best) best = d;
    }
  }
  return best;
}

/** Least distance from a point to a polygon (0 inside). */
export function pointPolygonDistance(p: Pt, poly: Poly): number {
  if (pointInPolygon(p, poly)) return 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) best = Math.min(best, distPointSegment(p, poly[i]!, poly[(i + 1) % poly.length]!));
  return best;
}

export function centroid(poly: Poly): Pt {
  let x = 0, y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / poly.length, y: y / poly.length };
}

/** Clips a convex polygon to the half-plane on the left of the directed line through p along d. */
export function clipHalfPlane(poly: Poly, p: Pt, d: Pt): Poly {
  const out: Poly = [];
  const side = (q: Pt) => cross(d, sub(q, p));
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const sa = side(a);
    const sb = side(b);
    if (sa >= 0) out.push(a);
    if ((sa >= 0) !== (sb >= 0)) out.push(add(a, scale(sub(b, a), sa / (sa - sb))));
  }
  return out;
}

/** The part of a convex polygon within `half` degrees either side of `facing` from apex (half ≤ 90). */
export function clipToArc(poly: Poly, apex: Pt, facing: number, half: number): Poly {
  // Left boundary ray at facing+half: keep what is to its right (clockwise); right ray at facing−half: keep its left.
  const left = clipHalfPlane(poly, apex, scale(dir(facing + half), -1));
  if (left.length === 0) return left;
  return clipHalfPlane(left, apex, dir(facing - half));
}

/** Convex hull (counter-clockwise) of points: the area a convex footprint sweeps in a straight move
 * is the hull of its corners at the start and at the end. */
export function convexHull(points: Pt[]): Poly {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const lower: Pt[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(sub(lower[lower.length - 1]!, lower[lower.length - 2]!), sub(q, lower[lower.length - 2]!)) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Pt[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i]!;
    while (upper.length >= 2 && cross(sub(upper[upper.length - 1]!, upper[upper.length - 2]!), sub(q, upper[upper.length - 2]!)) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}
