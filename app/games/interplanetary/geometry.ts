// Where a hex of Interplanetary's board is drawn: pointy-top hexes (IP1.1) of size HEX, the Sun at
// the origin. Pure, so the helpers are unit-tested without a browser.
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { distance, hex, type Hex } from "../../../server/rulesets/interplanetary/hex";

/** Centre-to-corner distance of a hex, in map units. */
export const HEX = 10;
const ROOT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export const toPixel = (h: Hex): Point => ({ x: HEX * ROOT3 * (h.q + h.r / 2), y: HEX * 1.5 * h.r });

/** The six corners of a hex (pointy top), as an SVG points list. */
export function corners(h: Hex, size = HEX): string {
  const c = toPixel(h);
  return Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return `${(c.x + size * Math.cos(a)).toFixed(1)},${(c.y + size * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** Every hex of the map (IP1.2: within the board's radius of the Sun). */
export function mapHexes(radius = BOARD.radius): Hex[] {
  const out: Hex[] = [];
  for (let q = -radius; q <= radius; q++) for (let r = -radius; r <= radius; r++) if (distance(hex(q, r), hex(0, 0)) <= radius) out.push(hex(q, r));
  return out;
}

/** One SVG path drawing the whole grid (one element instead of two thousand). */
export function gridPath(hexes: Hex[] = mapHexes()): string {
  return hexes.map((h) => `M${corners(h).replaceAll(" ", "L")}Z`).join("");
}

const margin = HEX * 1.5;
const half = { w: HEX * ROOT3 * (BOARD.radius + 0.5), h: HEX * 1.5 * BOARD.radius + HEX };
/** The whole board in map units. */
export const FULL_VIEW = { x: -half.w - margin, y: -half.h - margin, w: 2 * (half.w + margin), h: 2 * (half.h + margin) };

/** A box around some hexes (for bringing a player's ships into view). */
export function boxAround(hexes: Hex[], pad = 8): { x: number; y: number; w: number; h: number } | null {
  if (hexes.length === 0) return null;
  const ps = hexes.map(toPixel);
  const xs = ps.map((p) => p.x);
  const ys = ps.map((p) => p.y);
  const x = Math.min(...xs) - pad * HEX;
  const y = Math.min(...ys) - pad * HEX;
  return { x, y, w: Math.max(...xs) + pad * HEX - x, h: Math.max(...ys) + pad * HEX - y };
}

/** Side colours, by the side's place in the game (up to six sides, IP9.0). */
export const SIDE_COLOURS = ["#4fc3f7", "#ff8a65", "#aed581", "#ba68c8", "#ffd54f", "#f06292"];
export const sideColour = (sides: string[], side: string): string => SIDE_COLOURS[Math.max(0, sides.indexOf(side)) % SIDE_COLOURS.length]!;
