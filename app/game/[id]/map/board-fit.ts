// What the whole board looks like on a screen: the size in map units of icons and names at a zoom
// (the rule board-map.tsx draws by), and, for the board fitted to a box of pixels, the screen boxes of
// every stack and every written name and marker row. Tests and docs/map-projection.md measure the board with it
// (no two stacks overlap, no stack covers a name, names large enough to read). Pure.
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { UnitStack } from "../game-types";
import { FULL_VIEW, U, anchorOf } from "./map-geometry";
import { LABEL, SHAPE_LIST, nameBox, writtenLabels } from "./map-labels";
import { TOKEN, blockSize, layoutStacks, type Rect } from "./stack-layout";

/** The ratio between two sizes of the icons and names as the map zooms. */
export const STEP = 1.08;
/** About 7 px on the screen per "map unit" at every zoom (icons ~31×18 px), capped on the whole world. */
export const PX_PER_UNIT = 7;
/** Below this zoom most of the world is in view: stacks collapse to one per nation. */
export const WORLD_SCALE = 2;

/**
 * The "map unit" at `perPixel` map units per screen pixel: about PX_PER_UNIT px on the screen, in
 * steps of ~8 % (so the layout is worked out again only at each step of a zoom), at most 1.6 U.
 */
export function mapUnitAt(perPixel: number): number {
  return perPixel > 0 ? Math.min(1.6 * U, PX_PER_UNIT * STEP ** Math.round(Math.log(perPixel) / Math.log(STEP))) : U;
}

/** Sea zones' names are written only where they are large enough to read (~7 px). */
export function seaLabelsAt(unit: number, perPixel: number): boolean {
  return perPixel === 0 || (LABEL.font * unit) / perPixel >= 7;
}

export interface BoardLook {
  /** Screen pixels per map unit of the whole board fitted to the box. */
  scale: number;
  unit: number;
  /** The names' font size on the screen, px. */
  namePx: number;
  names: ReadonlySet<string>;
  /** Screen boxes, px, relative to the map's top left corner. */
  stacks: { at: string; box: Rect }[];
  labels: { id: string; box: Rect }[];
  marks: Rect[];
}

const toScreen = (r: Rect, s: number): Rect => ({ x: r.x * s, y: r.y * s, w: r.w * s, h: r.h * s });

/**
 * The whole board fitted into `box` (px), as board-map.tsx draws it with the view reset; with
 * `player`, that nation's territories are laid out first (as for a player who can order there).
 */
export function boardAt(units: readonly UnitStack[], victoryCities: boolean, box: { w: number; h: number }, player?: Nation): BoardLook {
  const scale = Math.min(box.w / FULL_VIEW.w, box.h / FULL_VIEW.h);
  const perPixel = 1 / scale;
  const unit = mapUnitAt(perPixel);
  const seaLabels = seaLabelsAt(unit, perPixel);
  const { names, boxes: all, marks: markRows } = writtenLabels(units, victoryCities, seaLabels, unit);
  const labels = SHAPE_LIST.filter((t) => names.has(t.id)).map((t) => ({ id: t.id, box: toScreen(nameBox(t, unit), scale) }));
  const marks = markRows.map((r) => toScreen(r, scale));
  const badge = { w: TOKEN.w * unit, h: TOKEN.h * unit, gap: TOKEN.gap * unit };
  const by = new Map<string, UnitStack[]>();
  for (const u of units) if (u.type !== "factory" && u.type !== "aaGun") by.set(u.at, [...(by.get(u.at) ?? []), u]);
  const list = [...by.entries()].map(([at, s]) => ({ at, anchor: anchorOf(at), badges: s.length, nations: new Set(s.map((u) => u.nation)).size, first: s.some((u) => u.nation === player) }));
  const layout = layoutStacks(list, badge, { world: true, labels: all, bounds: FULL_VIEW });
  const stacks = list.map((t) => {
    const p = layout.get(t.at)!;
    const size = blockSize(p.collapsed ? t.nations : t.badges, badge);
    return { at: t.at, box: toScreen({ x: p.x, y: p.y, w: size.w, h: size.h }, scale) };
  });
  return { scale, unit, namePx: LABEL.font * unit * scale, names, stacks, labels, marks };
}
