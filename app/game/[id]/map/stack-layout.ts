// Where each territory's unit icons go at the current zoom, so that no icon ever covers another
// (issue 12). At the whole world's zoom a territory shows one stack per nation with its total;
// closer in, each territory shows an icon per nation and type where there is room. Territories are
// placed one by one, those with groups the player can order first. A block goes at its anchor, else
// beside it (a leader line is drawn back); it keeps off the names of territories where it can, and
// never covers another block. Where the split form finds no room, the territory keeps its collapsed
// form (zooming in splits it). Pure.

/** An icon's size and the gap between icons, in "map units" (MapUnit): about 31×18 px on the screen. */
export const TOKEN = { w: 4.5, h: 2.6, gap: 0.3 } as const;

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TerritoryStacks {
  at: string;
  anchor: readonly [number, number];
  /** Icons of the split form (one per nation and type). */
  badges: number;
  /** Stacks of the collapsed form (one per nation). */
  nations: number;
  /** Placed first and split whenever possible: the player can order units here. */
  first: boolean;
}

export interface Placement {
  at: string;
  collapsed: boolean;
  /** Top-left of the block of icons, and its columns. */
  x: number;
  y: number;
  cols: number;
  /** Moved off its anchor: a leader line is drawn. */
  moved: boolean;
}

export interface LayoutOptions {
  /** The whole world in view: every territory shows its collapsed form. */
  world?: boolean;
  /** Territory names and markers, kept clear where the icons can go elsewhere. */
  labels?: readonly Rect[];
  /** The map: a block moved aside stays inside it. */
  bounds?: Rect;
}

export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Columns of a block of `count` icons: one row up to three, then two or three columns. */
export function columns(count: number): number {
  return count <= 3 ? Math.max(1, count) : count === 4 ? 2 : 3;
}

/** The size of a block of `count` icons. */
export function blockSize(count: number, badge: { w: number; h: number; gap: number }): { cols: number; w: number; h: number } {
  const cols = columns(count);
  const rows = Math.ceil(count / cols);
  return { cols, w: cols * badge.w + (cols - 1) * badge.gap, h: rows * badge.h + (rows - 1) * badge.gap };
}

/** Offsets from the anchor to try, nearest first: eight directions, `rings` steps out. */
function offsets(rings: number): [number, number][] {
  const out: [number, number][] = [[0, 0]];
  for (let d = 1; d <= rings; d++)
    for (let k = 0; k < 8; k++) out.push([Math.round(Math.cos((k * Math.PI) / 4) * 100) / 100, Math.round(Math.sin((k * Math.PI) / 4) * 100) / 100].map((c) => c * d) as [number, number]);
  return out;
}
const NEAR = offsets(1);
const BESIDE = offsets(2);
const FAR = offsets(6);

export function layoutStacks(territories: readonly TerritoryStacks[], badge: { w: number; h: number; gap: number }, opts: LayoutOptions = {}): Map<string, Placement> {
  const blocks = new Map<string, Rect>();
  const out = new Map<string, Placement>();
  const order = [...territories].sort((a, b) => Number(b.first) - Number(a.first) || a.at.localeCompare(b.at));
  const rectAt = (t: TerritoryStacks, size: { w: number; h: number }, [dx, dy]: readonly [number, number]): Rect => ({
    x: t.anchor[0] - size.w / 2 + dx * (size.w / 2 + badge.gap),
    y: t.anchor[1] + dy * (size.h + badge.gap),
    w: size.w,
    h: size.h,
  });
  /** The first of these offsets where the block covers no other territory's block (nor a name, when asked). */
  const firstClear = (t: TerritoryStacks, size: { w: number; h: number }, tries: readonly (readonly [number, number])[], keepOffLabels: boolean) => {
    // Only what lies within reach of the furthest try can be in the way (the layout runs as the map zooms).
    const reach = 8 * (size.w + size.h);
    const [ax, ay] = t.anchor;
    const near = (r: Rect) => r.x < ax + reach && r.x + r.w > ax - reach && r.y < ay + reach && r.y + r.h > ay - reach;
    const others = [...blocks].filter(([at, r]) => at !== t.at && near(r)).map(([, r]) => r);
    const labels = keepOffLabels ? (opts.labels ?? []).filter(near) : [];
    const b = opts.bounds;
    const inside = (r: Rect) => !b || (r.x >= b.x && r.y >= b.y && r.x + r.w <= b.x + b.w && r.y + r.h <= b.y + b.h);
    return tries.find((off) => {
      const r = rectAt(t, size, off);
      return inside(r) && !others.some((o) => overlaps(o, r)) && !labels.some((l) => overlaps(l, r));
    });
  };
  // First every territory gets its collapsed stack: at its anchor, else beside it, off the names where
  // there is room within two steps, else further out (a leader line leads back), off the names if it
  // can; nowhere free (a dense corner on a narrow screen), it stays at its anchor.
  for (const t of order) {
    const size = blockSize(t.nations, badge);
    const off = firstClear(t, size, BESIDE, true) ?? firstClear(t, size, FAR, true) ?? firstClear(t, size, FAR, false) ?? ([0, 0] as const);
    const r = rectAt(t, size, off);
    blocks.set(t.at, r);
    out.set(t.at, { at: t.at, collapsed: true, x: r.x, y: r.y, cols: size.cols, moved: off[0] !== 0 || off[1] !== 0 });
  }
  if (opts.world) return out;
  // Then each splits by type where that covers no other territory's stack nor a name, so splitting
  // never pushes a neighbour away. One type per nation: the split form is the same size, in place.
  for (const t of order) {
    const size = blockSize(t.badges, badge);
    const kept = out.get(t.at)!;
    const off = t.badges === t.nations ? null : firstClear(t, size, NEAR, true);
    if (t.badges !== t.nations && !off) continue;
    const r = off ? rectAt(t, size, off) : blocks.get(t.at)!;
    blocks.set(t.at, r);
    out.set(t.at, { at: t.at, collapsed: false, x: r.x, y: r.y, cols: size.cols, moved: off ? off[0] !== 0 || off[1] !== 0 : kept.moved });
  }
  return out;
}

/** Do any two of these rectangles overlap? (for tests) */
export function anyOverlap(rects: readonly Rect[]): boolean {
  return rects.some((a, i) => rects.some((b, j) => j > i && overlaps(a, b)));
}
