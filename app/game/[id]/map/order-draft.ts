// Building move orders from clicks on the map (issue 6), as pure functions: which groups can still
// take orders, what a click on a group or a destination does to the order being built, and which
// units would hold. The engine still decides legality: destinations come from orders.destinations.
import type { LoadSpec, MoveOrder } from "../../../../server/rulesets/1942/engine/orders/types";
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";

/** A stack of the board as the view gives it. */
export interface StackLike {
  nation: Nation;
  type: UnitType;
  at: string;
  count: number;
  aboard?: boolean;
}

/** Any draft order (moves and purchases); only moves claim units. */
export interface DraftOrder {
  id: string;
  units?: UnitCounts;
  from?: string;
  path?: string[];
  load?: LoadSpec;
  unload?: string;
  stealth?: boolean;
  raid?: boolean;
  bombard?: string;
  type?: UnitType;
  count?: number;
  destination?: string;
}

/** Units that never take a move order (R4.3: AA guns and factories; they move in post-combat or never). */
export const IMMOBILE: readonly UnitType[] = ["aaGun", "factory"];

/** The group being ordered: units of one territory, and the path chosen so far (R4.1, R4.2). */
export interface Selection {
  from: string;
  units: UnitCounts;
  path: string[];
  load?: LoadSpec;
  unload?: string;
  stealth?: boolean;
  raid?: boolean;
  /** R4.8 — a battleship bombards the territory a transport of its nation unloads into from its final zone. */
  bombard?: string;
  /** The draft order this selection writes (set once the first destination is clicked). */
  orderId?: string;
}

function add(counts: UnitCounts, type: UnitType, n: number): UnitCounts {
  return { ...counts, [type]: (counts[type] ?? 0) + n };
}

/** Units of `nation` at `territory` claimed by the draft's orders (moved, or loaded onto a transport), leaving out `exceptId`. */
export function claimedAt(draft: readonly DraftOrder[], territory: string, exceptId?: string): UnitCounts {
  let claimed: UnitCounts = {};
  for (const o of draft) {
    if (o.id === exceptId) continue;
    if (o.units && o.from === territory) for (const [t, n] of Object.entries(o.units)) claimed = add(claimed, t as UnitType, n ?? 0);
    if (o.load?.from === territory) for (const [t, n] of Object.entries(o.load.units)) claimed = add(claimed, t as UnitType, n ?? 0);
  }
  return claimed;
}

/** Counts of `nation`'s movable units at `territory` still free of orders (cargo aboard moves with its transport). */
export function freeAt(stacks: readonly StackLike[], nation: Nation, territory: string, draft: readonly DraftOrder[], exceptId?: string): UnitCounts {
  const claimed = claimedAt(draft, territory, exceptId);
  const free: UnitCounts = {};
  for (const s of stacks) {
    if (s.nation !== nation || s.at !== territory || s.aboard || IMMOBILE.includes(s.type)) continue;
    const n = s.count - (claimed[s.type] ?? 0);
    if (n > 0) free[s.type] = (free[s.type] ?? 0) + n;
  }
  return free;
}

/** Every territory where `nation` has units that can still take orders: the map marks them. */
export function orderableTerritories(stacks: readonly StackLike[], nation: Nation, draft: readonly DraftOrder[]): string[] {
  const at = [...new Set(stacks.filter((s) => s.nation === nation && !s.aboard && !IMMOBILE.includes(s.type)).map((s) => s.at))];
  return at.filter((t) => Object.keys(freeAt(stacks, nation, t, draft)).length > 0).sort((a, b) => a.localeCompare(b));
}

/**
 * A click on `nation`'s `type` stack at `territory` (its badge on the map, or its chip "3 infantry"):
 * selects every free unit of that type there, as the badge shows them; a click on another type of the
 * same territory adds all of those. Fewer is one step away (`setCount`). A click elsewhere starts over.
 */
export function clickGroup(sel: Selection | null, territory: string, type: UnitType, free: UnitCounts): Selection | null {
  const available = free[type] ?? 0;
  if (available === 0) return sel;
  if (!sel || sel.from !== territory || sel.orderId) return { from: territory, units: { [type]: available }, path: [] };
  if ((sel.units[type] ?? 0) === available) return sel;
  return { ...sel, units: { ...sel.units, [type]: available }, path: [], unload: undefined };
}

/** "All units here": every free unit of the selection's territory (an order being changed keeps its path). */
export function selectAllHere(sel: Selection, free: UnitCounts): Selection {
  const units = Object.fromEntries(Object.entries(free).filter(([, n]) => (n ?? 0) > 0)) as UnitCounts;
  return { ...sel, units, path: sel.orderId ? sel.path : [] };
}

/** Set the count of one type in the selection (the "pick a count" control); 0 removes the type. */
export function setCount(sel: Selection, type: UnitType, count: number, free: UnitCounts): Selection | null {
  const n = Math.max(0, Math.min(count, free[type] ?? 0));
  const units: UnitCounts = { ...sel.units };
  if (n === 0) delete units[type];
  else units[type] = n;
  if (Object.keys(units).length === 0) return null;
  return { ...sel, units, path: sel.orderId ? sel.path : [] };
}

/** A click on a legal destination: the path becomes the engine's path to it (which starts with the path so far). */
export function clickDestination(sel: Selection, path: readonly string[]): Selection {
  return { ...sel, path: [...path], unload: undefined, bombard: undefined };
}

/**
 * R4.7 — a transport with cargo (loaded here, or aboard already) whose move ends in a sea zone next to
 * land: the order stays selected and asks where the cargo lands, instead of ending the selection.
 */
export function asksLanding(sel: Selection, cargoAboard: boolean, landNextTo: (zone: string) => boolean): boolean {
  if ((sel.units.transport ?? 0) === 0 || sel.unload !== undefined || sel.path.length === 0) return false;
  if (!cargoAboard && sel.load === undefined) return false;
  return landNextTo(sel.path[sel.path.length - 1]!);
}

/** R4.7 — the cargo this transport order loads at its starting zone (atStep 0). */
export function setLoad(sel: Selection, from: string, units: UnitCounts): Selection {
  const clean = Object.fromEntries(Object.entries(units).filter(([, n]) => (n ?? 0) > 0)) as UnitCounts;
  if (Object.keys(clean).length === 0) {
    const { load: _drop, ...rest } = sel;
    return { ...rest, unload: undefined };
  }
  return { ...sel, load: { from, units: clean, atStep: 0 }, unload: undefined };
}

/** The move order a selection stands for. */
export function toMoveOrder(sel: Selection, id: string): MoveOrder {
  return {
    id,
    units: sel.units,
    from: sel.from,
    path: sel.path,
    ...(sel.stealth ? { stealth: true } : {}),
    ...(sel.load ? { load: sel.load } : {}),
    ...(sel.unload ? { unload: sel.unload } : {}),
    ...(sel.raid ? { raid: true } : {}),
    ...(sel.bombard ? { bombard: sel.bombard } : {}),
  };
}

/** R4.8 — what a battleship ending in the selection's final zone may bombard: the draft's unloads from that zone. */
export function bombardTargets(sel: Selection, draft: readonly DraftOrder[]): string[] {
  if ((sel.units.battleship ?? 0) === 0) return [];
  const zone = sel.path.length > 0 ? sel.path[sel.path.length - 1]! : sel.from;
  const ends = (o: DraftOrder) => (o.path && o.path.length > 0 ? o.path[o.path.length - 1] : o.from);
  return [...new Set(draft.filter((o) => o.id !== sel.orderId && o.unload && (o.units?.transport ?? 0) > 0 && ends(o) === zone).map((o) => o.unload!))].sort();
}

/** Is the selection an order worth keeping? A path, a bombardment from where it stands (R4.8), or a transport that loads or unloads in place (R4.7). */
export function isComplete(sel: Selection): boolean {
  return sel.path.length > 0 || sel.bombard !== undefined || (sel.units.transport !== undefined && (sel.load !== undefined || sel.unload !== undefined));
}

/** Put the selection's order into the draft: a new order at the end, or its own order replaced in place. */
export function commit(draft: readonly DraftOrder[], sel: Selection): { draft: DraftOrder[]; sel: Selection } {
  const id = sel.orderId ?? nextOrderId(draft, "m");
  const order = toMoveOrder(sel, id);
  const at = draft.findIndex((o) => o.id === id);
  const next = at >= 0 ? draft.map((o, i) => (i === at ? order : o)) : [...draft, order];
  return { draft: next, sel: { ...sel, orderId: id } };
}

export function nextOrderId(draft: readonly { id: string }[], prefix: string): string {
  let n = draft.length + 1;
  while (draft.some((o) => o.id === `${prefix}${n}`)) n++;
  return `${prefix}${n}`;
}

/** Undo one order; the rest keep their ids. */
export function removeOrder(draft: readonly DraftOrder[], id: string): DraftOrder[] {
  return draft.filter((o) => o.id !== id);
}

/** "Units without orders": what would hold if the nation locked now (R4.1: units in no order hold). */
export function unitsWithoutOrders(stacks: readonly StackLike[], nation: Nation, draft: readonly DraftOrder[]): { at: string; units: UnitCounts }[] {
  return orderableTerritories(stacks, nation, draft).map((at) => ({ at, units: freeAt(stacks, nation, at, draft) }));
}
