// The battles a nation's draft would start, as the exact odds calculator's input (issue 13, "While
// ordering"): for each territory the draft attacks, all the draft's orders into it combined against
// the enemy units there. Pure: the map prices them in the odds Web Worker.
//
// What goes in: a move's units where it ends (a transport's cargo where it unloads, the transport
// itself staying in its zone, R4.7); battleships bombarding the territory (R5.5); AA fire at each air
// order from every hostile territory with an AA gun on its path, the target's included (R5.1: a
// flight each, priced order by order); units aboard transports do not fight (R6).
import type { Flight, OddsInput } from "../../../../server/rulesets/1942/engine/odds";
import { teamOf } from "../../../../server/rulesets/1942/engine/teams";
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { isAir, isLandUnit, isShip } from "../../../../server/rulesets/1942/engine/units";
import type { DraftOrder, StackLike } from "./order-draft";
import { isSeaZone } from "./map-geometry";

export interface BoardLike {
  units: readonly StackLike[];
  owners: Readonly<Record<string, Nation>>;
}

export interface DraftBattle {
  territory: string;
  /** The draft orders whose units fight there (moves ending there, unloads into it, bombardments of it). */
  orderIds: string[];
  input: OddsInput;
}

function addTo(counts: UnitCounts, units: UnitCounts, fights: (t: UnitType) => boolean = () => true): void {
  for (const [t, n] of Object.entries(units)) if ((n ?? 0) > 0 && fights(t as UnitType)) counts[t as UnitType] = (counts[t as UnitType] ?? 0) + n!;
}

/** Where a move order's fighting units end: its unload for the cargo, its last step for the rest. */
function endOf(o: DraftOrder): string | undefined {
  if (!o.from || !o.units) return undefined;
  return o.path && o.path.length > 0 ? o.path[o.path.length - 1] : o.from;
}

/** The units of `team`'s enemies standing (not aboard) in `territory` that fight there: no factories; AA guns on land only. */
export function defendersAt(board: BoardLike, territory: string, against?: Nation): Partial<Record<Nation, UnitCounts>> {
  const sea = isSeaZone(territory);
  const out: Partial<Record<Nation, UnitCounts>> = {};
  for (const s of board.units) {
    if (s.at !== territory || s.aboard || s.type === "factory" || (sea && s.type === "aaGun")) continue;
    if (against !== undefined && teamOf(s.nation) === teamOf(against)) continue;
    addTo((out[s.nation] ??= {}), { [s.type]: s.count });
  }
  return out;
}

/** R5.1: how many territories of `path` fire at `nation`'s aircraft: hostile-owned, with a hostile AA gun, each once. */
export function aaOnPath(board: BoardLike, nation: Nation, path: readonly string[]): number {
  const team = teamOf(nation);
  const hostile = (n: Nation | undefined) => n !== undefined && teamOf(n) !== team;
  const firing = path.filter((t) => hostile(board.owners[t]) && board.units.some((u) => u.at === t && u.type === "aaGun" && !u.aboard && hostile(u.nation)));
  return new Set(firing).size;
}

/** The draft's attackers of `territory`: moves ending there (with their flights past AA guns), cargo unloaded into it, and the bombarding battleships (R5.5). */
function attackersOf(board: BoardLike, nation: Nation, territory: string, draft: readonly DraftOrder[]): { units: UnitCounts; flights: Flight[]; bombard: number; orderIds: string[] } {
  const units: UnitCounts = {};
  const flights: Flight[] = [];
  let bombard = 0;
  const orderIds: string[] = [];
  const land = !isSeaZone(territory);
  // On land, land units and aircraft fight; at sea, ships and aircraft (cargo aboard does not fight, R6).
  const fights = (t: UnitType) => isAir(t) || (land ? isLandUnit(t) : isShip(t));
  for (const o of draft) {
    let used = false;
    if (o.units && endOf(o) === territory && o.path?.length) {
      addTo(units, o.units, fights);
      const aircraft: UnitCounts = {};
      addTo(aircraft, o.units, isAir);
      const aaFire = aaOnPath(board, nation, o.path);
      if (aaFire > 0 && Object.keys(aircraft).length > 0) flights.push({ nation, aircraft, aaFire });
      used = true;
    }
    if (land && o.unload === territory) {
      // R4.7 — the cargo: what it loads this turn, and what is aboard already (which moves with its
      // transports: counted when the order takes every transport of the zone, the usual case).
      addTo(units, o.load?.units ?? {}, isLandUnit);
      const mine = board.units.filter((u) => u.nation === nation && u.at === o.from);
      const transports = mine.filter((u) => u.type === "transport" && !u.aboard).reduce((n, u) => n + u.count, 0);
      if ((o.units?.transport ?? 0) >= transports) for (const u of mine) if (u.aboard) addTo(units, { [u.type]: u.count }, isLandUnit);
      used = true;
    }
    if (land && o.bombard === territory) {
      bombard += o.units?.battleship ?? 0;
      used = true;
    }
    if (used) orderIds.push(o.id);
  }
  return { units, flights, bombard, orderIds };
}

/**
 * Every battle `nation`'s draft would start, sorted by territory: a territory is attacked when a
 * move ends there (or unloads into it) and enemy units stand there. A territory held by the enemy
 * with no units is taken without a battle, so it has no odds.
 */
export function draftBattles(board: BoardLike, nation: Nation, draft: readonly DraftOrder[], lowLuck = false): DraftBattle[] {
  const ends = new Set<string>();
  for (const o of draft) {
    const end = endOf(o);
    if (end && end !== o.from) ends.add(end);
    if (o.unload && !isSeaZone(o.unload)) ends.add(o.unload);
  }
  const out: DraftBattle[] = [];
  for (const territory of [...ends].sort((a, b) => a.localeCompare(b))) {
    const defender = defendersAt(board, territory, nation);
    if (Object.keys(defender).length === 0) continue;
    const sea = isSeaZone(territory);
    const { units, flights, bombard, orderIds } = attackersOf(board, nation, territory, draft);
    if (Object.keys(units).length === 0) continue;
    out.push({
      territory,
      orderIds,
      input: { attacker: { [nation]: units }, defender, sea, ...(flights.length > 0 ? { flights } : {}), ...(bombard > 0 ? { bombard } : {}), ...(lowLuck ? { lowLuck } : {}) },
    });
  }
  return out;
}

/**
 * The calculator's battle for a territory's card ("fill from this territory"): the draft's attack on
 * it when there is one, else the units there as the defender (the side that holds it), no attacker yet.
 */
export function territoryBattle(board: BoardLike, territory: string, nation?: Nation, draft: readonly DraftOrder[] = []): OddsInput {
  if (nation) {
    const battle = draftBattles(board, nation, draft).find((b) => b.territory === territory);
    if (battle) {
      // The calculator page has no flights: AA fire on the way is left out there, and the target's
      // own AA guns fire at every attacking aircraft as one group (its `aa`).
      const { flights, ...rest } = battle.input;
      return flights && aaOnPath(board, nation, [territory]) > 0 ? { ...rest, aa: true } : rest;
    }
    const defender = defendersAt(board, territory, nation);
    if (Object.keys(defender).length > 0) return { attacker: {}, defender, sea: isSeaZone(territory) };
  }
  return { attacker: {}, defender: defendersAt(board, territory), sea: isSeaZone(territory) };
}
