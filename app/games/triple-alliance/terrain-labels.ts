// Where the battlefield's names go (TA5.1 terrain): each name at its feature's middle unless an
// earlier name already sits there, then at the first free spot among a few near it. A ford lies on
// its river, so the river's middle is the ford's middle too: both names at one point overlapped.
// Pure: screen coordinates in the battlefield's own units (the board scales them all alike).
import type { Battlefield } from "@/server/rulesets/triple-alliance/types";
import { centroid, type Pt } from "@/server/rulesets/triple-alliance/geometry";

/** The terrain name's font size (table.module.css .terrainName), in battlefield units. */
export const LABEL_SIZE = 16;
/** An italic character's width, about, as a share of the font size; a little generous on purpose. */
const CHAR_WIDTH = 0.56;
/** Room a line of text takes from its baseline up (ascent) and down (descent), with a small gap. */
const ASCENT = 14;
const DESCENT = 5;

export interface PlacedLabel {
  name: string;
  /** The baseline's middle (text-anchor: middle), y downwards. */
  x: number;
  y: number;
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function labelBox(label: PlacedLabel): Box {
  const half = (label.name.length * CHAR_WIDTH * LABEL_SIZE) / 2;
  return { left: label.x - half, right: label.x + half, top: label.y - ASCENT, bottom: label.y + DESCENT };
}

/**
 * Room kept between two names, across and down: nearer, two names read as one ("Arroyo Hondo Paso del
 * Arroyo"), side by side or corner to corner.
 */
export const LABEL_GAP = { x: 14, y: 6 };
const overlaps = (a: Box, b: Box) =>
  a.left < b.right + LABEL_GAP.x && b.left < a.right + LABEL_GAP.x && a.top < b.bottom + LABEL_GAP.y && b.top < a.bottom + LABEL_GAP.y;

/** The point `share` of the way along a polyline, by length. */
function along(points: Pt[], share: number): Pt {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y));
  let rest = lengths.reduce((s, l) => s + l, 0) * share;
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i]! || i === lengths.length - 1) {
      const k = lengths[i]! === 0 ? 0 : Math.min(1, rest / lengths[i]!);
      return { x: points[i]!.x + (points[i + 1]!.x - points[i]!.x) * k, y: points[i]!.y + (points[i + 1]!.y - points[i]!.y) * k };
    }
    rest -= lengths[i]!;
  }
  return points[0]!;
}

/** From a river's middle line to the name's baseline: half the water's width and a gap. */
const RIVER_CLEARANCE = 9;

/** Nudges up and down from a point, nearest first: a line's height at a time. */
const STEP = ASCENT + DESCENT;
const nudges = (p: Pt): Pt[] => [1, -1, 2, -2, 3, -3].map((k) => ({ x: p.x, y: p.y + k * STEP }));

/** A line's name may go anywhere along it (its middle first); an area's stays near its middle. */
function candidates(feature: Battlefield["areas"][number] | Battlefield["lines"][number], H: number): Pt[] {
  const flip = (p: Pt): Pt => ({ x: p.x, y: H - p.y });
  if ("poly" in feature) {
    const c = flip(centroid(feature.poly));
    return [c, ...nudges(c)];
  }
  // A river's name sits just above its water (terrain-layer.tsx draws it 10 wide), not across it.
  const lift = feature.kind === "river" ? RIVER_CLEARANCE : 0;
  const spots = [0.5, 0.35, 0.65, 0.2, 0.8].map((share) => flip(along(feature.points, share))).map((p) => ({ x: p.x, y: p.y - lift }));
  return [...spots, ...nudges(spots[0]!)];
}

/**
 * Every named feature's label, in the battlefield's order (areas, then lines): each takes its first
 * candidate spot that is on the table and clear of the labels placed before it, else its middle.
 */
export function placeTerrainLabels(bf: Battlefield): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  for (const feature of [...bf.areas, ...bf.lines]) {
    if (!feature.name) continue;
    const spots = candidates(feature, bf.height).map((p) => {
      // Kept on the table: a name at an edge slides in rather than being cut off.
      const half = (feature.name!.length * CHAR_WIDTH * LABEL_SIZE) / 2;
      return { name: feature.name!, x: Math.min(Math.max(p.x, half), bf.width - half), y: Math.min(Math.max(p.y, ASCENT), bf.height - DESCENT) };
    });
    const free = spots.find((s) => placed.every((other) => !overlaps(labelBox(s), labelBox(other))));
    placed.push(free ?? spots[0]!);
  }
  return placed;
}
