// R4.1–R4.6 — a move order: the unit group, its path, and what each medium allows.
import type { Unit } from "../state";
import type { Nation, UnitType } from "../types";
import { UNIT_STATS, isAir, isCombatUnit, isLandUnit, isShip } from "../units";
import { pickUnits, typesOf } from "./group";
import { blitzable, canalOpen, landMustStop, landingReserve, seaMustStop } from "./reach";
import type { StartView } from "./start-view";
import { refuse, type MoveOrder, type Refusal } from "./types";
import { capitalised, steps, unitName } from "./words";

export interface OrderContext {
  view: StartView;
  nation: Nation;
  /** Unit ids claimed by earlier orders of this nation (R4.2). */
  claimed: ClaimedIds;
}

/**
 * R4.2 — the unit ids a nation's earlier orders claimed, as a byte a unit id rather than a set: at
 * 100 copies of the board a nation claims thousands of units, and a set's table was rebuilt as it
 * grew (and copied by the garbage collector with the rest of the phase). An id that is not a small
 * whole number (never in a state the engine made) goes to a set.
 */
export class ClaimedIds {
  private bits = new Uint8Array(256);
  private other: Set<number> | undefined;
  has(id: number): boolean {
    if (Number.isInteger(id) && id >= 0 && id < 1 << 24) return id < this.bits.length && this.bits[id] === 1;
    return this.other?.has(id) ?? false;
  }
  add(id: number): void {
    if (!(Number.isInteger(id) && id >= 0 && id < 1 << 24)) {
      (this.other ??= new Set()).add(id);
      return;
    }
    if (id >= this.bits.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[id] = 1;
  }
}

/** No units: what an order without a load loads (one shared list, never written to). */
const NO_UNITS: Unit[] = [];

/** A valid move order with the units it takes. */
export interface ResolvedMove {
  order: MoveOrder;
  nation: Nation;
  units: Unit[];
  /** Land units loaded at `load.atStep` (R4.7). */
  loaded: Unit[];
}

export type MoveCheck = { ok: true; move: ResolvedMove } | Refusal;

/** The zone or territory a path has reached after `step` steps (0 = `from`). */
export function positionAt(order: MoveOrder, step: number): string {
  return step === 0 ? order.from : order.path[step - 1]!;
}

export function finalOf(order: MoveOrder): string {
  return positionAt(order, order.path.length);
}

function unitsHere(types: readonly UnitType[], from: string): string {
  return `${capitalised(types.map((t) => unitName(t, 2)).join(" and "))} in ${from}`;
}

/**
 * R4.2 — units taken by earlier orders or by this order's own group, for its load. A class, not an
 * object with an arrow: a closure made for every order costs a function object (and, under tsx, a
 * defineProperty of its name) for each order of the phase.
 */
class ClaimedOrPicked {
  private readonly claimed: { has(id: number): boolean };
  private readonly mine: Set<number>;
  constructor(claimed: { has(id: number): boolean }, picked: readonly Unit[]) {
    this.claimed = claimed;
    this.mine = new Set(picked.map((u) => u.id));
  }
  has(id: number): boolean {
    return this.claimed.has(id) || this.mine.has(id);
  }
}

/** R4.1 — the group: one nation's units in one territory that can share a path. */
function checkGroup(order: MoveOrder, types: readonly UnitType[]): Refusal | undefined {
  if (types.length === 0) return refuse("R4.1", `Order ${order.id} names no units to move`);
  if (types.some(isLandUnit) && types.some(isShip))
    return refuse("R4.1", "Land units and ships cannot move in one order; land units cross the sea by transport load");
  return undefined;
}

/** R4.2 — path adjacency, unit claims, and move allowance of land units and warships. */
function checkPathAndClaims(ctx: OrderContext, order: MoveOrder, types: readonly UnitType[]): { units: Unit[]; loaded: Unit[] } | Refusal {
  const { board } = ctx.view;
  for (let i = 0; i < order.path.length; i++) {
    const prev = positionAt(order, i);
    const next = order.path[i]!;
    if (!board.adjacent(prev, next)) return refuse("R4.2", `${next} is not adjacent to ${prev}; each step of a path must enter a neighbouring territory`);
  }
  const standsStill = order.path.length === 0;
  const mayStandStill = types.every(isShip) && (order.unload !== undefined || order.load !== undefined || order.bombard !== undefined);
  if (standsStill && !mayStandStill) return refuse("R4.2", "A move order needs a path of at least one step");
  const pick = pickUnits(ctx.view.state, ctx.nation, order.from, order.units, ctx.claimed);
  if (!pick.ok) {
    const want = order.units[pick.type] ?? 0;
    const already = pick.claimed > 0 ? `, ${pick.claimed} of them already ordered by earlier orders` : "";
    return refuse("R4.2", `${ctx.nation} has ${pick.available} ${unitName(pick.type, pick.available)} in ${order.from}${already}; this order asks for ${want}`);
  }
  let loaded = NO_UNITS;
  if (order.load) {
    const loadPick = pickUnits(ctx.view.state, ctx.nation, order.load.from, order.load.units, new ClaimedOrPicked(ctx.claimed, pick.units));
    if (!loadPick.ok) {
      const want = order.load.units[loadPick.type] ?? 0;
      const already = loadPick.claimed > 0 ? `, ${loadPick.claimed} of them already ordered by earlier orders` : "";
      return refuse("R4.2", `${ctx.nation} has ${loadPick.available} ${unitName(loadPick.type, loadPick.available)} in ${order.load.from}${already}; the load asks for ${want}`);
    }
    loaded = loadPick.units;
  }
  for (const t of types) {
    if (isAir(t) || t === "transport" || !isCombatUnit(t)) continue; // the limited types, without a list of them
    const move = UNIT_STATS[t].move;
    if (order.path.length > move)
      return refuse("R4.2", `${capitalised(unitName(t, 2))} in ${order.from} can move ${move}; this path has ${steps(order.path.length)}`);
  }
  return { units: pick.units, loaded };
}

/** R4.3 + R4.5 — land units move through land and stop at the first hostile territory, unless blitzing. */
function checkLand(ctx: OrderContext, order: MoveOrder, types: readonly UnitType[]): Refusal | undefined {
  // Asked in walks of the few types: the lists of land types and of ships are made only for a refusal's words.
  for (const t of types) if (!isCombatUnit(t)) return refuse("R4.3", `${capitalised(unitName(t, 2))} take no orders in the combat phase`);
  let anyLand = false;
  let onlyArmour = true;
  for (const t of types) {
    if (!isLandUnit(t)) continue;
    anyLand = true;
    if (t !== "armour") onlyArmour = false;
  }
  if (!anyLand) return undefined;
  for (let i = 0; i < order.path.length; i++) {
    const t = order.path[i]!;
    if (!ctx.view.board.isLand(t)) return refuse("R4.3", `${unitsHere(types.filter(isLandUnit), order.from)} move through land only; ${t} is a sea zone`);
    const last = i === order.path.length - 1;
    if (last || !landMustStop(ctx.view, ctx.nation, t)) continue;
    if (onlyArmour && blitzable(ctx.view, ctx.nation, t)) continue; // R4.5 blitz
    const why = blitzable(ctx.view, ctx.nation, t) ? "it is hostile-owned and only armour may blitz through (R4.5)" : "it holds hostile units";
    return refuse("R4.3", `${unitsHere(types.filter(isLandUnit), order.from)} must stop in ${t}: ${why}`);
  }
  return undefined;
}

/** R4.4 — ships move through sea zones, through open canals, and stop at hostile ships unless in stealth. */
function checkSea(ctx: OrderContext, order: MoveOrder, types: readonly UnitType[]): Refusal | undefined {
  if (order.stealth && !(types.length > 0 && types.every((t) => t === "submarine")))
    return refuse("R4.4", "Only an order of submarines alone may move in stealth");
  if (!types.some(isShip)) return undefined;
  for (let i = 0; i < order.path.length; i++) {
    const prev = positionAt(order, i);
    const z = order.path[i]!;
    if (!ctx.view.board.isSea(z)) return refuse("R4.4", `${unitsHere(types.filter(isShip), order.from)} move through sea zones only; ${z} is land`);
    if (!canalOpen(ctx.view, ctx.nation, prev, z)) {
      const canal = ctx.view.board.canal(prev, z)!;
      return refuse("R4.4", `The canal between ${prev} and ${z} is closed to ${ctx.nation}: ${canal.controlledBy.join(" and ")} must all be friendly at the start of the turn`);
    }
    const last = i === order.path.length - 1;
    if (!last && !order.stealth && seaMustStop(ctx.view, ctx.nation, z))
      return refuse("R4.4", `${unitsHere(types.filter(isShip), order.from)} must stop in ${z}: it holds hostile ships (only submarines in stealth may pass)`);
  }
  return undefined;
}

/** R4.6 — air units keep a landing reserve: path + steps to the nearest other safe territory ≤ move. */
function checkAir(ctx: OrderContext, order: MoveOrder, types: readonly UnitType[]): Refusal | undefined {
  const final = finalOf(order);
  for (const t of types) {
    if (!isAir(t)) continue;
    const move = UNIT_STATS[t].move;
    if (order.path.length >= move)
      return refuse("R4.6", `${unitsHere([t], order.from)} can move ${move}; this path has ${steps(order.path.length)} and must leave at least 1 step to land`);
    const reserve = landingReserve(ctx.view, ctx.nation, t, final, move - order.path.length);
    if (order.path.length + reserve > move) {
      const room = move - order.path.length;
      return refuse("R4.6", `${unitsHere([t], order.from)} can move ${move}; after ${steps(order.path.length)} no safe landing (friendly land${t === "fighter" ? " or an own carrier" : ""} other than ${final}) is within ${steps(room)}`);
    }
  }
  return undefined;
}

/** R4.1–R4.6 in rule order, so the lowest failing rule is the one cited. */
export function checkMove(ctx: OrderContext, order: MoveOrder): MoveCheck {
  const types = typesOf(order.units);
  const group = checkGroup(order, types);
  if (group) return group;
  const claims = checkPathAndClaims(ctx, order, types);
  if ("ok" in claims) return claims;
  const refusal = checkLand(ctx, order, types) ?? checkSea(ctx, order, types) ?? checkAir(ctx, order, types);
  if (refusal) return refusal;
  return { ok: true, move: { order, nation: ctx.nation, units: claims.units, loaded: claims.loaded } };
}
