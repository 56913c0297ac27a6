// Reading map-data.json back and measuring it: used by the build (to report) and by the tests.
import { insidePolygon, segmentDistance2 } from "./planar";

type Pt = [number, number];
export type Rings = Pt[][];

/** Parse the SVG path data the build writes (M/m, L/l, H/h, V/v, Z/z) into closed rings. */
export function parsePath(d: string): Rings {
  const rings: Rings = [];
  const tokens = d.match(/[MmLlHhVvZz]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  let cmd = "";
  let ring: Pt[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const close = () => {
    if (ring.length >= 3) rings.push(ring);
    ring = [];
  };
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i]!;
    if (/[A-Za-z]/.test(t)) {
      cmd = t;
      i++;
      if (cmd === "Z" || cmd === "z") {
        close();
        x = startX;
        y = startY;
      }
      continue;
    }
    const n = () => Number(tokens[i++]);
    switch (cmd) {
      case "M":
      case "m": {
        close();
        x = cmd === "M" ? n() : x + n();
        y = cmd === "M" ? n() : y + n();
        startX = x;
        startY = y;
        ring.push([x, y]);
        cmd = cmd === "M" ? "L" : "l"; // implicit line-tos follow a move-to
        break;
      }
      case "L":
        x = n();
        y = n();
        ring.push([x, y]);
        break;
      case "l":
        x += n();
        y += n();
        ring.push([x, y]);
        break;
      case "H":
        x = n();
        ring.push([x, y]);
        break;
      case "h":
        x += n();
        ring.push([x, y]);
        break;
      case "V":
        y = n();
        ring.push([x, y]);
        break;
      case "v":
        y += n();
        ring.push([x, y]);
        break;
      default:
        throw new Error(`unsupported path command ${cmd}`);
    }
  }
  close();
  return rings.map((r) => r.map(([a, b]) => [Math.round(a * 10) / 10, Math.round(b * 10) / 10] as Pt));
}

/** Even–odd point-in-shape over all rings (a shape's holes are rings too). */
export function insideRings(p: Pt, rings: Rings): boolean {
  return insidePolygon(p, rings);
}


/** A grid of a shape's outline segments, for quick "is this point near the outline" questions. */
export class OutlineIndex {
  private cells = new Map<string, [Pt, Pt][]>();
  constructor(rings: Rings, private cell = 8) {
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[(i + 1) % ring.length]!;
        const [cx0, cx1] = [Math.floor(Math.min(a[0], b[0]) / cell), Math.floor(Math.max(a[0], b[0]) / cell)];
        const [cy0, cy1] = [Math.floor(Math.min(a[1], b[1]) / cell), Math.floor(Math.max(a[1], b[1]) / cell)];
        for (let cx = cx0; cx <= cx1; cx++) {
          for (let cy = cy0; cy <= cy1; cy++) {
            const k = `${cx},${cy}`;
            const list = this.cells.get(k);
            if (list) list.push([a, b]);
            else this.cells.set(k, [[a, b]]);
          }
        }
      }
    }
  }
  /** Distance from p to the outline, if it is within `max` (≤ one grid cell), else Infinity. */
  near(p: Pt, max: number): number {
    let best = max * max;
    let found = false;
    const cx = Math.floor(p[0] / this.cell);
    const cy = Math.floor(p[1] / this.cell);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const [a, b] of this.cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          const d = segmentDistance2(p, a, b);
          if (d <= best) {
            best = d;
            found = true;
          }
        }
      }
    }
    return found ? Math.sqrt(best) : Infinity;
  }
}

/**
 * Length of A's outline that runs along B's outline (both ends of a segment within `tolerance` px,
 * or the segment's middle too, for long straight edges). Zero when the shapes only meet at a point.
 */
export function sharedBorderLength(a: Rings, b: OutlineIndex, tolerance: number): number {
  let total = 0;
  for (const ring of a) {
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i]!;
      const q = ring[(i + 1) % ring.length]!;
      const mid: Pt = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      if (b.near(p, tolerance) <= tolerance && b.near(q, tolerance) <= tolerance && b.near(mid, tolerance) <= tolerance) {
        total += Math.hypot(q[0] - p[0], q[1] - p[1]);
      }
    }
  }
  return total;
}
