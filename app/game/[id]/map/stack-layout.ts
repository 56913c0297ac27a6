// Where each territory's unit badges go at the current zoom, so that no badge ever covers another
// (issue 12). Territories are placed one by one, those with groups the player can order first: a
// territory shows a badge per nation and type when there is room; when that would cover a badge
// already placed, it shows one stack per nation with the total (zooming in splits it again); when
// even that would cover one, the stack moves beside its anchor, with a leader line back. Pure.

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TerritoryStacks {
  at: string;
  anchor: readonly [number, number];
  /** Badges of the split form (one per nation and type). */
  badges: number;
  /** Stacks of the collapsed form (one per nation). */
  nations: number;
  /** Placed first and split whenever possible: the player can order units here. */
  first: boolean;
}

export interface Placement {
  at: string;
  collapsed: boolean;
  /** Top-left of the block of badges, and its columns. */
  x: number;
  y: number;
  cols: number;
  /** Moved off its anchor: a leader line is drawn. */
  moved: boolean;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Blocks of `w`×`h` badges laid out in at most two columns below the anchor. */
function block(t: TerritoryStacks, count: number, badge: { w: number; h: number; gap: number }): { cols: number; w: number; h: number } {
  const cols = count === 1 ? 1 : 2;
  const rows = Math.ceil(count / cols);
  return { cols, w: cols * badge.w, h: rows * badge.h + (rows - 1) * badge.gap };
}

export function layoutStacks(territories: readonly TerritoryStacks[], badge: { w: number; h: number; gap: number }): Map<string, Placement> {
  const placed: Rect[] = [];
  const out = new Map<string, Placement>();
  const free = (r: Rect) => !placed.some((p) => overlaps(p, r));
  const order = [...territories].sort((a, b) => Number(b.first) - Number(a.first) || a.at.localeCompare(b.at));
  for (const t of order) {
    const [ax, ay] = t.anchor;
    const split = block(t, t.badges, badge);
    const splitRect = { x: ax - split.w / 2, y: ay, w: split.w, h: split.h };
    if (free(splitRect)) {
      placed.push(splitRect);
      out.set(t.at, { at: t.at, collapsed: false, x: splitRect.x, y: splitRect.y, cols: split.cols, moved: false });
      continue;
    }
    const one = block(t, t.nations, badge);
    // At the anchor, else around it: eight directions, one to three badge heights away.
    const tries: [number, number][] = [[0, 0]];
    for (let d = 1; d <= 3; d++) for (let k = 0; k < 8; k++) tries.push([Math.round(Math.cos((k * Math.PI) / 4) * 100) / 100, Math.round(Math.sin((k * Math.PI) / 4) * 100) / 100].map((c) => c * d) as [number, number]);
    let rect: Rect | null = null;
    for (const [dx, dy] of tries) {
      const r = { x: ax - one.w / 2 + dx * one.w * 0.6, y: ay + dy * (badge.h + badge.gap) * 1.2, w: one.w, h: one.h };
      if (free(r)) {
        rect = r;
        break;
      }
    }
    // Nowhere free close by (a dense corner at the widest zoom): it stays at its anchor.
    const r = rect ?? { x: ax - one.w / 2, y: ay, w: one.w, h: one.h };
    placed.push(r);
    out.set(t.at, { at: t.at, collapsed: true, x: r.x, y: r.y, cols: one.cols, moved: r.x !== ax - one.w / 2 || r.y !== ay });
  }
  return out;
}

/** Do any two of these rectangles overlap? (for tests) */
export function anyOverlap(rects: readonly Rect[]): boolean {
  return rects.some((a, i) => rects.some((b, j) => j > i && overlaps(a, b)));
}
