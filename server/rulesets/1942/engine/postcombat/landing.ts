// R7.1, R7.4 — after combat, air units land in safe territory: friendly now and at the start of the
// turn, or (fighters) a zone with a carrier of their own nation, 2 fighters per carrier.
import { indexBoard, type Board } from "../board/board";
import type { Aftermath } from "../combat-phase";
import type { GameState, Unit } from "../state";
import { byNationOrder, teamOf } from "../teams";
import type { Nation, UnitType } from "../types";
import { CARRIER_CAPACITY, UNIT_STATS, isAir, isCombatUnit } from "../units";

export interface LandingReport {
  nation: Nation;
  type: UnitType;
  count: number;
  from: string;
  to: string | null;
  scuttled: boolean;
  rule: "R7.1" | "R7.4";
}

/** A player's landing: `count` air units of `type` standing in `from` fly to `to`. */
export interface LandingOrder {
  type: UnitType;
  count: number;
  from: string;
  to: string;
}

export interface Ctx {
  board: Board;
  start: GameState;
  state: GameState;
  /** Fighters landed (or staying) per zone and nation, against carrier room. */
  carrierUse: Map<string, number>;
}

export function landSafe(ctx: Ctx, nation: Nation, t: string): boolean {
  const now = ctx.state.owners[t];
  const then = ctx.start.owners[t];
  return ctx.board.isLand(t) && now !== undefined && then !== undefined && teamOf(now) === teamOf(nation) && teamOf(then) === teamOf(nation);
}

function carrierRoom(ctx: Ctx, nation: Nation, zone: string): number {
  const carriers = ctx.state.units.filter((u) => u.at === zone && u.type === "carrier" && u.nation === nation).length;
  return carriers * CARRIER_CAPACITY - (ctx.carrierUse.get(`${zone}|${nation}`) ?? 0);
}

/** Safe for this unit now, with room if it is a carrier zone (R7.1). */
export function safe(ctx: Ctx, u: Unit, t: string): boolean {
  if (ctx.board.isLand(t)) return landSafe(ctx, u.nation, t);
  return u.type === "fighter" && carrierRoom(ctx, u.nation, t) > 0;
}

/** Can all these units land at `t` together (carrier room counts every fighter)? */
function roomFor(ctx: Ctx, units: Unit[], t: string): boolean {
  if (!units.every((u) => safe(ctx, u, t))) return false;
  return ctx.board.isLand(t) || units.length <= carrierRoom(ctx, units[0]!.nation, t);
}

function occupy(ctx: Ctx, u: Unit, t: string): void {
  if (!ctx.board.isSea(t)) return;
  const key = `${t}|${u.nation}`;
  ctx.carrierUse.set(key, (ctx.carrierUse.get(key) ?? 0) + 1);
}

/** Territories within `range` steps, nearest first (air flies over land and sea). */
export function within(board: Board, from: string, range: number): { t: string; d: number }[] {
  const out: { t: string; d: number }[] = [];
  const seen = new Set([from]);
  let frontier = [from];
  for (let d = 1; d <= range && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const t of frontier)
      for (const n of board.neighbours(t)) {
        if (seen.has(n)) continue;
        seen.add(n);
        next.push(n);
        out.push({ t: n, d });
      }
    frontier = next;
  }
  return out;
}

function friendlyUnits(ctx: Ctx, nation: Nation, t: string): number {
  return ctx.state.units.filter((u) => u.at === t && u.aboard === undefined && isCombatUnit(u.type) && teamOf(u.nation) === teamOf(nation)).length;
}

/** R7.4 — the reachable safe territory with the fewest steps; ties: most friendly units, then id. */
function defaultLanding(ctx: Ctx, u: Unit, range: number): string | undefined {
  const options = within(ctx.board, u.at, range).filter(({ t }) => safe(ctx, u, t));
  options.sort((a, b) => a.d - b.d || friendlyUnits(ctx, u.nation, b.t) - friendlyUnits(ctx, u.nation, a.t) || (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
  return options[0]?.t;
}

export interface LandingResult {
  state: GameState;
  landings: LandingReport[];
  /** Player landings refused (R7.1), each with the reason; those units took the default. */
  refused: { nation: Nation; order: LandingOrder; reason: string }[];
}

/** The air units that must land (not safe where they stand), with each one's unused movement. */
export function airToLand(start: GameState, state: GameState, aftermath: Aftermath): { ctx: Ctx; toLand: Unit[]; rangeOf: (u: Unit) => number } {
  const ctx: Ctx = { board: indexBoard(state.board), start, state, carrierUse: new Map() };
  const info = new Map(aftermath.air.map((a) => [a.id, a]));
  const rangeOf = (u: Unit): number => {
    const a = info.get(u.id);
    const move = UNIT_STATS[u.type].move;
    if (a?.moved) return move - a.used;
    if (ctx.board.isSea(u.at)) return u.type === "fighter" ? 1 : 0; // R7.1: fighters at sea may move 1
    return move; // did not move, but its territory is no longer safe
  };
  const air = state.units
    .filter((u) => isAir(u.type))
    .sort((a, b) => byNationOrder(a.nation, b.nation) || (a.type === b.type ? 0 : a.type === "fighter" ? -1 : 1) || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) || a.id - b.id);
  // Units already safe stay (and take their carrier room first).
  const toLand: Unit[] = [];
  for (const u of air) {
    if (safe(ctx, u, u.at)) occupy(ctx, u, u.at);
    else toLand.push(u);
  }
  return { ctx, toLand, rangeOf };
}

/**
 * Land every air unit: player landings first (checked against R7.1), then the default (R7.4) for
 * the rest; those that cannot reach safety are scuttled.
 */
export function landAircraft(
  start: GameState,
  state: GameState,
  aftermath: Aftermath,
  orders: Partial<Record<Nation, readonly LandingOrder[]>> = {},
): LandingResult {
  const { ctx, toLand, rangeOf } = airToLand(start, state, aftermath);
  const moves = new Map<number, string | null>();
  const refused: LandingResult["refused"] = [];
  const pool = new Set(toLand.map((u) => u.id));
  for (const nation of Object.keys(orders) as Nation[]) {
    for (const order of orders[nation] ?? []) {
      const candidates = toLand.filter((u) => u.nation === nation && u.type === order.type && u.at === order.from && pool.has(u.id));
      // Units of one group may have different movement left: the ones that can reach go first.
      const units = candidates.filter((u) => u.at === order.to || within(ctx.board, u.at, rangeOf(u)).some(({ t }) => t === order.to)).slice(0, order.count);
      const reason =
        candidates.length < order.count
          ? `${nation} has ${candidates.length} ${order.type} to land in ${order.from}`
          : units.length < order.count
            ? `${order.to} is out of reach of the unused movement`
            : !roomFor(ctx, units, order.to)
              ? `${order.to} is not safe: friendly now and at the start of the turn, or an own carrier with room`
              : undefined;
      if (reason) {
        refused.push({ nation, order, reason: `${reason} (R7.1)` });
        continue;
      }
      for (const u of units) {
        occupy(ctx, u, order.to);
        moves.set(u.id, order.to);
        pool.delete(u.id);
      }
    }
  }
  for (const u of toLand) {
    if (!pool.has(u.id)) continue;
    const to = defaultLanding(ctx, u, rangeOf(u));
    if (to) occupy(ctx, u, to);
    moves.set(u.id, to ?? null);
  }
  const groups = new Map<string, LandingReport>();
  for (const u of toLand) {
    const to = moves.get(u.id) ?? null;
    const key = `${u.nation}|${u.type}|${u.at}|${to}`;
    const g = groups.get(key);
    if (g) g.count += 1;
    else groups.set(key, { nation: u.nation, type: u.type, count: 1, from: u.at, to, scuttled: to === null, rule: pool.has(u.id) ? "R7.4" : "R7.1" });
  }
  const units = state.units.filter((u) => moves.get(u.id) !== null).map((u) => (moves.has(u.id) ? { ...u, at: moves.get(u.id)! } : u));
  return { state: { ...state, units }, landings: [...groups.values()], refused };
}

