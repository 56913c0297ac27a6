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
  value(id: string): number;
  neighbours(id: string): readonly string[];
  adjacent(a: string, b: string): boolean;
  /** The canal on edge a–b, if any (R1.3). */
  canal(a: string, b: string): CanalData | undefined;
  capitalOf(nation: Nation): string | undefined;
}

const cache = new WeakMap<BoardData, Board>();

/** Index a board. Memoised per data object, so callers may call it freely. */
export function indexBoard(data: BoardData): Board {
  const hit = cache.get(data);
  if (hit) return hit;
  const byId = new Map<string, TerritoryData>();
  for (const t of data.territories) byId.set(t.id, t);
  const adjacency = new Map<string, string[]>();
  for (const t of data.territories) adjacency.set(t.id, []);
  // Edges and canals name territories with the territory's own id string (an edge list read or
  // built apart holds equal strings of its own): then a look-up by a board name compares pointers.
  const own = (id: string) => byId.get(id)?.id ?? id;
  for (const [edgeA, edgeB] of data.edges) {
    const a = own(edgeA);
    const b = own(edgeB);
    const fromA = adjacency.get(a);
    if (a === b || fromA?.includes(b)) continue;
    fromA?.push(b);
    adjacency.get(b)?.push(a);
  }
  // Sorted neighbours keep every search canonical, whatever order the edges were listed in.
  for (const list of adjacency.values()) list.sort();
  // Canals by one zone, then the other, both ways: a look-up at every sea step builds no key string.
  const canals = new Map<string, Map<string, CanalData>>();
  const addCanal = (a: string, b: string, canal: CanalData) => {
    let out = canals.get(a);
    if (!out) canals.set(a, (out = new Map()));
    out.set(b, canal);
  };
  for (const canal of data.canals ?? []) {
    addCanal(own(canal.between[0]), own(canal.between[1]), canal);
    addCanal(own(canal.between[1]), own(canal.between[0]), canal);
  }
  const capitals = new Map<Nation, string>();
  for (const t of data.territories) if (t.capitalOf) capitals.set(t.capitalOf, t.id);
  const ids = data.territories.map((t) => t.id).sort();
  const numbers = new Map<string, number>();
  ids.forEach((id, i) => numbers.set(id, i));
  const land = new Set(data.territories.filter((t) => t.kind === "land").map((t) => t.id));
  const sea = new Set(data.territories.filter((t) => t.kind === "sea").map((t) => t.id));

  const territory = (id: string): TerritoryData => {
    const t = byId.get(id);
    if (!t) throw new Error(`unknown territory ${id}`);
    return t;
  };
  const board: Board = {
    data,
    ids,
    number: (id) => numbers.get(id) ?? -1,
    has: (id) => byId.has(id),
    territory,
    isLand: (id) => land.has(id),
    isSea: (id) => sea.has(id),
    value: (id) => byId.get(id)?.value ?? 0,
    neighbours: (id) => adjacency.get(id) ?? [],
    // A scan of a's few neighbours rather than a set a territory: one probe of the board's table
    // instead of two, and no set to miss the caches on (R4.2 asks it at every step of every path).
    adjacent: (a, b) => adjacency.get(a)?.includes(b) ?? false,
    canal: (a, b) => (canals.size === 0 ? undefined : canals.get(a)?.get(b)),
    capitalOf: (nation) => capitals.get(nation),
  };
  cache.set(data, board);
  return board;
}
