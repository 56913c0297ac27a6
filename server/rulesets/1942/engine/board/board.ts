// R1.2–R1.3 — a board given as data, indexed for fast look-ups. Every rule works on any board.
import type { BoardData, CanalData, Nation, TerritoryData } from "../types";

export interface Board {
  readonly data: BoardData;
  /** Every territory id, sorted (code-unit order). */
  readonly ids: readonly string[];
  /** A territory's position in `ids`, -1 if not on the board: a phase indexes arrays by it. */
  number(id: string): number;
  has(id: string): boolean;
  territory(id: string): TerritoryData;
  isLand(id: string): boolean;
  isSea(id: string): boolean;
  /** Whether the territory numbered `n` is land: a piece knows its territory's number, so no probe by name. */
  isLandNumber(n: number): boolean;
  isSeaNumber(n: number): boolean;
  value(id: string): number;
  neighbours(id: string): readonly string[];
  /**
   * The number of `to` when it neighbours the territory numbered `from`, found among that
   * territory's few neighbours (a board name compares as a pointer, another string by its
   * characters); else `number(to)`. A path's steps are numbered this way without a probe of the
   * table of every territory.
   */
  numberNextTo(from: number, to: string): number;
  adjacent(a: string, b: string): boolean;
  /** The canal on edge a–b, if any (R1.3). */
  canal(a: string, b: string): CanalData | undefined;
  capitalOf(nation: Nation): string | undefined;
}

const cache = new WeakMap<BoardData, Board>();

/**
 * All a look-up by name needs, in one entry a territory: every query probes one table, so a
 * territory asked about several times in a row (is it land, its number, its neighbours) costs one
 * cache miss rather than one a table (at 100 copies of the board the tables no longer fit the caches).
 */
interface Entry {
  territory: TerritoryData;
  number: number;
  land: boolean;
  sea: boolean;
  /** Sorted neighbours (R1.2). */
  neighbours: string[];
  /** Canals on edges from here, by the zone across (R1.3). */
  canals?: Map<string, CanalData>;
}

/** Index a board. Memoised per data object, so callers may call it freely. */
export function indexBoard(data: BoardData): Board {
  const hit = cache.get(data);
  if (hit) return hit;
  const ids = data.territories.map((t) => t.id).sort();
  const entries = new Map<string, Entry>();
  for (const t of data.territories) entries.set(t.id, { territory: t, number: -1, land: t.kind === "land", sea: t.kind === "sea", neighbours: [] });
  ids.forEach((id, i) => (entries.get(id)!.number = i));
  // Edges and canals name territories with the territory's own id string (an edge list read or
  // built apart holds equal strings of its own): then a look-up by a board name compares pointers.
  const own = (id: string) => entries.get(id)?.territory.id ?? id;
  for (const [edgeA, edgeB] of data.edges) {
    const a = own(edgeA);
    const b = own(edgeB);
    const fromA = entries.get(a)?.neighbours;
    if (a === b || fromA?.includes(b)) continue;
    fromA?.push(b);
    entries.get(b)?.neighbours.push(a);
  }
  // Sorted neighbours keep every search canonical, whatever order the edges were listed in.
  for (const e of entries.values()) e.neighbours.sort();
  // Canals by one zone, then the other, both ways: a look-up at every sea step builds no key string.
  // A canal naming a zone not on the board is kept apart, and found as before.
  let anyCanal = false;
  const stray = new Map<string, Map<string, CanalData>>();
  const addCanal = (a: string, b: string, canal: CanalData) => {
    const e = entries.get(a);
    let out = e ? e.canals : stray.get(a);
    if (!out) {
      out = new Map();
      if (e) e.canals = out;
      else stray.set(a, out);
    }
    out.set(b, canal);
    anyCanal = true;
  };
  for (const canal of data.canals ?? []) {
    addCanal(own(canal.between[0]), own(canal.between[1]), canal);
    addCanal(own(canal.between[1]), own(canal.between[0]), canal);
  }
  // By number: each territory's neighbours (the same sorted list) and their numbers.
  const byNumber = ids.map((id) => entries.get(id)!);
  const neighbourNumbers = byNumber.map((e) => e.neighbours.map((id) => entries.get(id)?.number ?? -1));
  const capitals = new Map<Nation, string>();
  for (const t of data.territories) if (t.capitalOf) capitals.set(t.capitalOf, t.id);

  // The last territory asked about, and its entry: R4's checks ask several questions of one
  // territory in a row (is it land, its number, who owns it, what stands there), and at 100 copies
  // of the board each probe of the table of 12,800 names is a cache miss. A name equal to the last
  // one (by pointer, else by its characters) has the same entry, so every answer is unchanged.
  let lastId: string | undefined;
  let lastEntry: Entry | undefined;
  const entry = (id: string): Entry | undefined => {
    if (id === lastId) return lastEntry;
    lastEntry = entries.get(id);
    lastId = id;
    return lastEntry;
  };
  const territory = (id: string): TerritoryData => {
    const e = entry(id);
    if (!e) throw new Error(`unknown territory ${id}`);
    return e.territory;
  };
  const none: readonly string[] = [];
  const board: Board = {
    data,
    ids,
    number: (id) => entry(id)?.number ?? -1,
    has: (id) => entry(id) !== undefined,
    territory,
    isLand: (id) => entry(id)?.land ?? false,
    isSea: (id) => entry(id)?.sea ?? false,
    isLandNumber: (n) => byNumber[n]?.land ?? false,
    isSeaNumber: (n) => byNumber[n]?.sea ?? false,
    value: (id) => entry(id)?.territory.value ?? 0,
    neighbours: (id) => entry(id)?.neighbours ?? none,
    // A scan of a's few neighbours rather than a set a territory: one probe of the board's table
    // instead of two, and no set to miss the caches on (R4.2 asks it at every step of every path).
    numberNextTo: (from, to) => {
      const near = byNumber[from]?.neighbours;
      if (near) for (let i = 0; i < near.length; i++) if (near[i] === to) return neighbourNumbers[from]![i]!;
      return entry(to)?.number ?? -1;
    },
    adjacent: (a, b) => entry(a)?.neighbours.includes(b) ?? false,
    canal: (a, b) => (anyCanal ? (entry(a)?.canals ?? stray.get(a))?.get(b) : undefined),
    capitalOf: (nation) => capitals.get(nation),
  };
  cache.set(data, board);
  return board;
}
