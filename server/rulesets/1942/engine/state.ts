// The state a phase starts from: owners, units and treasuries on a board. Plain JSON, never mutated.
import { indexBoard } from "./board/board";
import { byNationOrder } from "./teams";
import { NATIONS, type BoardData, type HouseRules, type Nation, type SetupData, type UnitStackData, type UnitType } from "./types";
import { TRANSPORT_CAPACITY, tableIndex } from "./units";

export interface Unit {
  /** Stable within a phase; assigned in canonical order so ids never depend on how input was listed. */
  id: number;
  nation: Nation;
  type: UnitType;
  /** Territory or sea zone; cargo stands at its transport's zone. */
  at: string;
  /** Id of the transport carrying this unit (R4.7). */
  aboard?: number;
}

export interface GameState {
  board: BoardData;
  owners: Record<string, Nation>;
  originalOwners: Record<string, Nation>;
  units: Unit[];
  treasury: Record<Nation, number>;
  /** R9 — the game's house rules; absent: none. Stored with the state so it re-adjudicates identically (R3.3). */
  houseRules?: HouseRules;
  /** The turn this state starts; absent means 1. Kept (and counted by endTurn) once present or with house rules. */
  turn?: number;
  /**
   * R6.8 low luck, when the state carries it (a game set up through the ruleset adapter, whose
   * platform passes no game options to resolve); absent: the caller says (the web game's option).
   */
  lowLuck?: true;
}

// Owners objects this engine wrote in sorted id order (createState, every finished phase), with
// their number of keys. Checking the order of an owners object read from elsewhere lists its keys,
// which for thousands of keys (a dictionary) costs a sort by insertion index: knowing it from the
// writer skips that, and lets `copyOwners` copy it by the board's sorted ids.
const sortedOwners = new WeakMap<object, number>();

/** Record that `owners`, with `count` keys, has them in sorted id order (code units); returns it. */
export function markSorted<T extends object>(owners: T, count: number): T {
  sortedOwners.set(owners, count);
  return owners;
}

export function knownSorted(owners: object): boolean {
  return sortedOwners.has(owners);
}

/**
 * A copy of `owners` with the same keys in the same order. An owners object is a hash table (a
 * dictionary: written key by key, even the default board's 70 owners are one), and a spread of one
 * reads it by insertion index, entry by entry: at 100 copies of the board (7,000 owners) about 15 ms a phase. Owners known sorted are copied
 * by a walk of the board's sorted ids instead, about half the time; if the walk does not find
 * every key (owners of another board), the spread.
 */
export function copyOwners(owners: Record<string, Nation>, ids: readonly string[]): Record<string, Nation> {
  const count = sortedOwners.get(owners);
  if (count === undefined) return { ...owners };
  const out: Record<string, Nation> = {};
  let written = 0;
  for (let i = 0; i < ids.length; i++) {
    const owner = owners[ids[i]!];
    if (typeof owner !== "string") continue; // not owned (a name like "constructor" reads the prototype)
    out[ids[i]!] = owner;
    written++;
  }
  return written === count ? markSorted(out, count) : { ...owners };
}

/** The fields a new state of the same game carries over from the one before. */
export function gameOptionsOf(state: GameState): Pick<GameState, "houseRules" | "turn" | "lowLuck"> {
  return {
    ...(state.houseRules !== undefined ? { houseRules: state.houseRules } : {}),
    ...(state.turn !== undefined ? { turn: state.turn } : {}),
    ...(state.lowLuck === true ? { lowLuck: true as const } : {}),
  };
}

/** Cargo of one transport stack, split over its transports: non-infantry first, one per transport (R4.7). */
export function distributeCargo(stack: UnitStackData): UnitType[][] | string {
  const loads: UnitType[][] = Array.from({ length: stack.count }, () => []);
  const items: UnitType[] = [];
  for (const c of stack.cargo ?? []) for (let i = 0; i < c.count; i++) items.push(c.type);
  const heavy = items.filter((t) => t !== "infantry");
  const light = items.filter((t) => t === "infantry");
  if (heavy.length > stack.count) return `${heavy.length} non-infantry units need ${heavy.length} transports; there are ${stack.count} (R4.7)`;
  heavy.forEach((t, i) => loads[i]!.push(t));
  for (const t of light) {
    const room = loads.find((l) => l.length < TRANSPORT_CAPACITY);
    if (!room) return `${items.length} units exceed the capacity of ${stack.count} transport(s) (R4.7)`;
    room.push(t);
  }
  return loads;
}

function stackKey(s: UnitStackData): string {
  const cargo = (s.cargo ?? []).map((c) => `${c.type}:${c.count}`).sort().join(",");
  return [s.at, String(tableIndex(s.type)).padStart(2, "0"), cargo].join("|");
}

/** Build the starting state. Input is assumed checked (see server/scenario for file errors). */
export function createState(board: BoardData, setup: SetupData, houseRules?: HouseRules): GameState {
  const index = indexBoard(board);
  const owners: Record<string, Nation> = {};
  let ownerCount = 0;
  const originalOwners: Record<string, Nation> = {};
  for (const t of board.territories) {
    if (t.kind !== "land" || !t.owner) continue;
    originalOwners[t.id] = t.originalOwner ?? t.owner;
  }
  // The owners in sorted id order, as every phase leaves them: the first phase then copies them
  // without a sort (a sort that grew faster than the board).
  for (const id of index.ids) {
    const t = index.territory(id);
    if (t.kind !== "land" || !t.owner) continue;
    owners[id] = t.owner;
    ownerCount++;
  }
  const stacks = [...setup.units].sort(
    (a, b) => byNationOrder(a.nation, b.nation) || (stackKey(a) < stackKey(b) ? -1 : stackKey(a) > stackKey(b) ? 1 : 0),
  );
  const units: Unit[] = [];
  let next = 1;
  for (const stack of stacks) {
    if (!index.has(stack.at)) throw new Error(`unknown territory ${stack.at}`);
    const loads = stack.type === "transport" ? distributeCargo(stack) : [];
    if (typeof loads === "string") throw new Error(loads);
    for (let i = 0; i < stack.count; i++) {
      const id = next++;
      units.push({ id, nation: stack.nation, type: stack.type, at: stack.at });
      for (const type of loads[i] ?? []) units.push({ id: next++, nation: stack.nation, type, at: stack.at, aboard: id });
    }
  }
  const treasury = Object.fromEntries(NATIONS.map((n) => [n, setup.treasury[n] ?? 0])) as Record<Nation, number>;
  return { board, owners: markSorted(owners, ownerCount), originalOwners, units, treasury, ...(houseRules !== undefined ? { houseRules } : {}) };
}
