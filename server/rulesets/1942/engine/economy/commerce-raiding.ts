// R9.3 — commerce raiding at income (seed 004): hostile warships in the sea zones next to a nation's
// factories, and hostile fighters on land next to those zones, roll to cut the income it collects.
import type { Board } from "../board/board";
import type { Dice } from "../rng";
import type { GameState, Unit } from "../state";
import { byNationOrder, teamOf } from "../teams";
import type { Nation, UnitType } from "../types";
import { UNIT_STATS, isShip, tableIndex } from "../units";
import { connectedLand } from "./connection";
import { PRODUCTION_FACTOR } from "./vc-placement";

/** Counted per zone: the single best surface/fighter roll and the best 3 submarine rolls. */
export const SUBMARINE_DICE = 3;
export const SUBMARINE_ROLLS_COUNTED = 3;

export interface CommerceRoll {
  nation: Nation;
  type: UnitType;
  roll: number;
  /** The roll if it would hit as an attacker (≤ the unit's attack), else 0. */
  damage: number;
}

export interface CommerceZoneReport {
  zone: string;
  rolls: CommerceRoll[];
  /** The best surface-ship or fighter roll. */
  surface: number;
  /** The best 3 submarine rolls, added. */
  submarines: number;
  damage: number;
}

export interface CommerceFactoryReport {
  territory: string;
  /** min(4 × value, the nation's counted income). */
  output: number;
  /** Value of the nation's own territories joined to it by friendly land. */
  connected: number;
  /** The most it may lose: output − connected, never below 0. */
  cap: number;
  /** What it lost. */
  lost: number;
}

export interface CommerceRaidReport {
  /** The nation raided. */
  nation: Nation;
  /** Its income before raiding (R8.4). */
  counted: number;
  zones: CommerceZoneReport[];
  factories: CommerceFactoryReport[];
  /** Credits it does not collect. */
  lost: number;
  rule: "R9.3";
}

const canonical = (a: Unit, b: Unit) => byNationOrder(a.nation, b.nation) || tableIndex(a.type) - tableIndex(b.type) || a.id - b.id;

function damageOf(type: UnitType, roll: number): number {
  return roll <= UNIT_STATS[type].attack ? roll : 0;
}

/** R9.3 — the raids on every nation with factories, from the state after place-new. */
export function commerceRaids(board: Board, state: GameState, income: Readonly<Record<Nation, number>>, dice: Dice): CommerceRaidReport[] {
  const reports: CommerceRaidReport[] = [];
  const factoryAt = new Map<string, Nation>();
  for (const u of state.units) if (u.type === "factory") factoryAt.set(u.at, u.nation);
  for (const nation of (Object.keys(income) as Nation[]).sort(byNationOrder)) {
    const counted = income[nation];
    if (counted <= 0) continue; // nothing to raid (R8.2: a nation whose capital is held collects nothing)
    const factories = board.ids.filter((t) => board.isLand(t) && state.owners[t] === nation && factoryAt.get(t) === nation);
    const zones = [...new Set(factories.flatMap((t) => board.neighbours(t).filter((n) => board.isSea(n))))].sort();
    if (zones.length === 0) continue;
    const hostile = (u: Unit) => u.aboard === undefined && teamOf(u.nation) !== teamOf(nation);
    const surface = new Map<string, Unit[]>(zones.map((z) => [z, []]));
    const subs = new Map<string, Unit[]>(zones.map((z) => [z, []]));
    const landFighters: Unit[] = [];
    const raidZones = new Set(zones);
    for (const u of state.units) {
      if (!hostile(u)) continue;
      if (raidZones.has(u.at)) {
        // Transports (attack 0) could never do damage; fighters on a carrier count as ships of the zone.
        if (u.type === "submarine") subs.get(u.at)!.push(u);
        else if ((isShip(u.type) && UNIT_STATS[u.type].attack > 0) || u.type === "fighter") surface.get(u.at)!.push(u);
      } else if (u.type === "fighter" && board.isLand(u.at) && board.neighbours(u.at).some((n) => raidZones.has(n))) landFighters.push(u);
    }
    // A land fighter raids one zone: the one beside it with the fewest surface raiders so far (ties: zone id).
    for (const f of landFighters.sort((a, b) => byNationOrder(a.nation, b.nation) || (a.at < b.at ? -1 : a.at > b.at ? 1 : 0) || a.id - b.id)) {
      const zone = board.neighbours(f.at).filter((n) => raidZones.has(n)).sort((a, b) => surface.get(a)!.length - surface.get(b)!.length || (a < b ? -1 : 1))[0]!;
      surface.get(zone)!.push(f);
    }
    const zoneReports: CommerceZoneReport[] = [];
    for (const zone of zones) {
      const ships = surface.get(zone)!.sort(canonical);
      const boats = subs.get(zone)!.sort(canonical);
      if (ships.length === 0 && boats.length === 0) continue;
      const stream = dice(`commerce|${nation}|${zone}`);
      const rolls: CommerceRoll[] = [];
      for (const u of ships) {
        const roll = stream.d6();
        rolls.push({ nation: u.nation, type: u.type, roll, damage: damageOf(u.type, roll) });
      }
      const subDamage: number[] = [];
      for (const u of boats)
        for (let i = 0; i < SUBMARINE_DICE; i++) {
          const roll = stream.d6();
          const damage = damageOf(u.type, roll);
          rolls.push({ nation: u.nation, type: u.type, roll, damage });
          subDamage.push(damage);
        }
      const best = Math.max(0, ...rolls.filter((r) => r.type !== "submarine").map((r) => r.damage));
      const submarines = subDamage.sort((a, b) => b - a).slice(0, SUBMARINE_ROLLS_COUNTED).reduce((s, d) => s + d, 0);
      zoneReports.push({ zone, rolls, surface: best, submarines, damage: best + submarines });
    }
    if (zoneReports.length === 0) continue;
    const raided = factories.filter((t) => zoneReports.some((z) => board.adjacent(t, z.zone)));
    const factoryReports = raided.map((territory): CommerceFactoryReport => {
      const output = Math.min(PRODUCTION_FACTOR * board.value(territory), counted);
      const connected = [...connectedLand(board, state.owners, nation, territory)].reduce((s, t) => s + (state.owners[t] === nation ? board.value(t) : 0), 0);
      return { territory, output, connected, cap: Math.max(0, output - connected), lost: 0 };
    });
    // A zone's damage goes to the factories beside it, in id order, each up to its cap.
    for (const z of zoneReports) {
      let left = z.damage;
      for (const f of factoryReports) {
        if (left === 0) break;
        if (!board.adjacent(f.territory, z.zone)) continue;
        const take = Math.min(left, f.cap - f.lost);
        f.lost += take;
        left -= take;
      }
    }
    const lost = Math.min(counted, factoryReports.reduce((s, f) => s + f.lost, 0));
    reports.push({ nation, counted, zones: zoneReports, factories: factoryReports, lost, rule: "R9.3" });
  }
  return reports;
}
