// Step counts between territories of a board, for the robot's estimates (reach, threat, fronts).
// Pure data of the board, so computed once per board object; legality is always left to the engine.
import { indexBoard, type Board, type BoardData } from "../engine";

/** A medium the robot measures in: air flies over anything, land walks land, sea sails sea zones. */
export type Medium = "air" | "land" | "sea";

export interface Distances {
  /** Fewest steps from `a` to `b` through `medium`; Infinity when there is no way. */
  steps(medium: Medium, a: string, b: string): number;
  /** Every territory within `max` steps of `from` through `medium` (`from` excluded), nearest first. */
  within(medium: Medium, from: string, max: number): { id: string; steps: number }[];
  /** Every territory `from` reaches through `medium` (`from` excluded), nearest first; do not modify. */
  around(medium: Medium, from: string): readonly { id: string; steps: number }[];
}

const cache = new WeakMap<BoardData, Distances>();
/** By content too: a state loaded from storage brings a new board object with the same map each turn. */
const byContent = new Map<string, Distances>();
const KEEP = 4;

function contentKey(data: BoardData): string {
  return `${data.territories.map((t) => `${t.id}:${t.kind}`).join(",")}|${data.edges.map(([a, b]) => `${a}~${b}`).join(",")}`;
}

function bfs(board: Board, from: string, enter: (id: string) => boolean): Map<string, number> {
  const seen = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    for (const t of frontier)
      for (const n of board.neighbours(t)) {
        if (seen.has(n) || !enter(n)) continue;
        seen.set(n, d);
        next.push(n);
      }
    frontier = next;
  }
  return seen;
}

/** Distances on a board, memoised per board (boards are never mutated): by object, and by content. */
export function distancesOf(data: BoardData): Distances {
  const hit = cache.get(data);
  if (hit) return hit;
  const key = contentKey(data);
  const same = byContent.get(key);
  if (same) {
    cache.set(data, same);
    return same;
  }
  const board = indexBoard(data);
  const tables: Record<Medium, Map<string, Map<string, number>>> = { air: new Map(), land: new Map(), sea: new Map() };
  const enter: Record<Medium, (id: string) => boolean> = { air: () => true, land: (id) => board.isLand(id), sea: (id) => board.isSea(id) };
  const table = (medium: Medium, from: string) => {
    let t = tables[medium].get(from);
    if (!t) tables[medium].set(from, (t = bfs(board, from, enter[medium])));
    return t;
  };
  const sorted = new Map<string, { id: string; steps: number }[]>();
  const around = (medium: Medium, from: string) => {
    const key = `${medium}|${from}`;
    let all = sorted.get(key);
    if (!all) {
      all = [...table(medium, from)].filter(([id]) => id !== from).map(([id, steps]) => ({ id, steps }));
      all.sort((x, y) => x.steps - y.steps || (x.id < y.id ? -1 : 1));
      sorted.set(key, all);
    }
    return all;
  };
  const distances: Distances = {
    steps: (medium, a, b) => table(medium, a).get(b) ?? Infinity,
    within: (medium, from, max) => around(medium, from).filter((x) => x.steps <= max),
    around,
  };
  cache.set(data, distances);
  byContent.set(key, distances);
  if (byContent.size > KEEP) byContent.delete(byContent.keys().next().value!);
  return distances;
}
