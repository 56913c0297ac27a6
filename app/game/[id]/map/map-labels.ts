// What is written at each territory's name point, and the room it takes: its name, and the markers a
// player reads at a glance — ★ capital, factory, AA gun, ● victory city (R9.1). The label layer draws
// them; the stack layout keeps unit icons off them. Pure.
import type { UnitType } from "../../../../server/rulesets/1942/engine/types";
import type { UnitStack } from "../game-types";
import { FULL_VIEW, NATION_COLOUR, SHAPES, capitalOf, valueOf, victoryCitiesIn, type MapTerritory } from "./map-geometry";
import { overlaps, type Rect } from "./stack-layout";

export interface Mark {
  key: string;
  /** A text glyph, or a unit silhouette. */
  glyph?: string;
  icon?: UnitType;
  colour: string;
  title: string;
}

export const SHAPE_LIST = [...SHAPES.values()];

/** Sizes in map units per "map unit" U: the name, the markers' row below it, one marker's width. */
export const LABEL = { font: 1.65, markFont: 1.65, markW: 2.8, markY: 2.1 } as const;

/** Where factories and AA guns stand (markers, not unit icons). */
export function works(units: readonly UnitStack[]): { factories: Set<string>; aa: Set<string> } {
  return { factories: new Set(units.filter((u) => u.type === "factory").map((u) => u.at)), aa: new Set(units.filter((u) => u.type === "aaGun").map((u) => u.at)) };
}

export function marksOf(t: MapTerritory, at: { factories: Set<string>; aa: Set<string> }, victoryCities: boolean): Mark[] {
  const capital = capitalOf(t.id);
  const marks: Mark[] = [];
  if (capital) marks.push({ key: "cap", glyph: "★", colour: NATION_COLOUR[capital].unit, title: `capital of ${capital}` });
  if (at.factories.has(t.id)) marks.push({ key: "fac", icon: "factory", colour: "#1d232b", title: "factory" });
  if (at.aa.has(t.id)) marks.push({ key: "aa", icon: "aaGun", colour: "#1d232b", title: "AA gun" });
  if (victoryCities) for (const c of victoryCitiesIn(t.id)) marks.push({ key: `vc-${c.name}`, glyph: `●${c.points}`, colour: "#7a2e1f", title: `victory city ${c.name}, ${c.points} points` });
  return marks;
}

/**
 * Widths of characters in em, as wide as the widest common sans-serif draws them (DejaVu Sans, what
 * Linux browsers fall back to), so that a name takes no more room on any screen than is kept for it.
 */
const NARROW: Record<string, number> = { i: 0.29, l: 0.29, j: 0.29, I: 0.3, J: 0.3, f: 0.36, t: 0.4, r: 0.41, " ": 0.33, ".": 0.33, "-": 0.37, s: 0.53, z: 0.53, c: 0.56, m: 0.98, w: 0.83, M: 0.87, W: 1 };
export function textWidth(text: string): number {
  let w = 0;
  for (const c of text) w += NARROW[c] ?? (c >= "A" && c <= "Z" ? 0.8 : 0.64);
  return w;
}
const nameWidth = (t: MapTerritory, U: number) => textWidth(t.id) * LABEL.font * U;

/**
 * Where a territory's name is written: its label point, moved in just enough that the whole name
 * stays on the map (a zone at the map's edge would otherwise have half its name cut off).
 */
export function labelAt(t: MapTerritory, U: number): [number, number] {
  const [x, y] = t.label as unknown as [number, number];
  const half = nameWidth(t, U) / 2 + 0.3 * U;
  const left = FULL_VIEW.x + half;
  const right = FULL_VIEW.x + FULL_VIEW.w - half;
  const top = FULL_VIEW.y + 0.9 * LABEL.font * U;
  const bottom = FULL_VIEW.y + FULL_VIEW.h - 0.4 * LABEL.font * U;
  return [Math.min(Math.max(x, left), right), Math.min(Math.max(y, top), bottom)];
}

/** Where a territory's name is written: from cap height to descent. */
export function nameBox(t: MapTerritory, U: number): Rect {
  const [x, y] = labelAt(t, U);
  const w = nameWidth(t, U);
  return { x: x - w / 2, y: y - 0.75 * LABEL.font * U, w, h: LABEL.font * U };
}

function marksBox(t: MapTerritory, n: number, U: number): Rect {
  const [x, y] = labelAt(t, U);
  return { x: x - (n * LABEL.markW * U) / 2, y: y + (LABEL.markY - 0.8 * LABEL.markFont) * U, w: n * LABEL.markW * U, h: LABEL.markFont * U };
}

/** Capitals first, then land by its IPC value, then sea zones: the order names claim room in. */
const BY_PRIORITY = [...SHAPE_LIST].sort((a, b) => rank(b) - rank(a) || a.id.localeCompare(b.id));
function rank(t: MapTerritory): number {
  return t.kind === "sea" ? -1 : (capitalOf(t.id) ? 100 : 0) + valueOf(t.id);
}

/**
 * The names written at this zoom, and the boxes of them and of every marker row. Markers always
 * show; a name that would overlap a name of higher priority, or another territory's markers, waits
 * for a closer zoom (on the whole world Europe's names would otherwise sit on one another). A
 * capital's name is written over a neighbour's markers rather than not at all.
 */
export function writtenLabels(units: readonly UnitStack[], victoryCities: boolean, seaLabels: boolean, U: number): { names: ReadonlySet<string>; boxes: Rect[]; marks: Rect[] } {
  const at = works(units);
  const marks: Rect[] = [];
  for (const t of SHAPE_LIST) {
    const n = marksOf(t, at, victoryCities).length;
    if (n) marks.push(marksBox(t, n, U));
  }
  const names = new Set<string>();
  const written: Rect[] = [];
  for (const t of BY_PRIORITY) {
    if (t.kind === "sea" && !seaLabels) continue;
    const box = nameBox(t, U);
    if (written.some((b) => overlaps(b, box))) continue;
    if (!capitalOf(t.id) && marks.some((b) => overlaps(b, box))) continue;
    names.add(t.id);
    written.push(box);
  }
  return { names, boxes: [...marks, ...written], marks };
}

/** The boxes of every name written and every marker row, for the stack layout to keep clear. */
export function labelBoxes(units: readonly UnitStack[], victoryCities: boolean, seaLabels: boolean, U: number): Rect[] {
  return writtenLabels(units, victoryCities, seaLabels, U).boxes;
}
