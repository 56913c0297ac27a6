// Where a unit group may go, for the map (issue 6): the engine's legalDestinations on the orders
// phase's start state, and the territories a transport order may unload into — never guessed by the
// client. A query of the ruleset (Ruleset.queries): pure, asked through the platform's askRules.
import { indexBoard, legalDestinations, validateOrder, type Destination, type LoadSpec, type MoveOrder, type Nation, type Order, type UnitCounts } from "../engine";
import { isStage, type State1942 } from "../phases/turn-so-far";

export interface GroupQuery {
  from: string;
  units: UnitCounts;
  stealth?: boolean;
  /** The path chosen so far: destinations lie beyond it. */
  via?: string[];
  load?: LoadSpec;
  /** The nation's earlier orders of the draft: their claims count (R4.2). */
  earlier: Order[];
}

export interface GroupOptions {
  destinations: Destination[];
  /** R4.7 — land territories this transport order may unload into at the end of `via`. */
  unloads: string[];
}

/** Nothing may move outside the orders phase (R3.1): no phase open, or a battle or post-combat stage. */
export function groupOptions(state: State1942 | undefined, nation: Nation, q: GroupQuery): GroupOptions {
  if (!state || isStage(state)) return { destinations: [], unloads: [] };
  const board = indexBoard(state.board);
  if (!board.has(q.from)) return { destinations: [], unloads: [] };
  const group = { from: q.from, units: q.units, ...(q.stealth ? { stealth: true } : {}), ...(q.via?.length ? { via: q.via } : {}) };
  const destinations = legalDestinations(state, nation, group, q.earlier);
  let unloads: string[] = [];
  if ((q.units.transport ?? 0) > 0) {
    const path = q.via ?? [];
    const zone = path.length > 0 ? path[path.length - 1]! : q.from;
    unloads = board
      .neighbours(zone)
      .filter((t) => board.isLand(t))
      .filter((t) => {
        const probe: MoveOrder = { id: "\u0000probe", units: q.units, from: q.from, path, ...(q.load ? { load: q.load } : {}), unload: t };
        return validateOrder(state, nation, probe, q.earlier).ok;
      })
      .sort((a, b) => a.localeCompare(b));
  }
  return { destinations, unloads };
}
