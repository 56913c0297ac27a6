// Transports (R4.7): load land units from a coast, sail up to two zones and unload — into a hostile
// territory as an amphibious assault (offered to attack.ts as a shipment), or into friendly land nearer
// the front; otherwise carry the cargo towards the front, or sail empty towards troops to pick up.
import { TRANSPORT_CAPACITY, UNIT_STATS, type LoadSpec, type Unit, type UnitCounts, type UnitType } from "../engine";
import { quickEdge, type Fighter } from "./odds";
import { contestedZones, escortAt, escortsInReach, finalZone, safeAtSea, seaPaths } from "./sea";
import { contactCosts, NOWHERE } from "./front";
import { LAND_TYPES, isLandType } from "./situation";
import type { RobotTurn } from "./turn";

/** One transport's order: where it sails, what it loads on the way, where the cargo lands. */
export interface Shipment {
  zone: string;
  transport: Unit;
  path: string[];
  load?: LoadSpec;
  unload?: string;
  /** Land units aboard when it unloads (already aboard plus loaded). */
  cargo: Fighter[];
}

/** Units per `territory|type` that other candidates of the same decision already count on. */
export type Claims = Map<string, number>;

const HEAVY: readonly UnitType[] = ["armour", "artillery"];

/** The strongest cargo `from` can give one transport that has `aboard` on it (R4.7 capacity). */
function bestLoad(turn: RobotTurn, from: string, aboard: readonly Unit[], claims: Claims): UnitCounts | undefined {
  const free = (type: UnitType) => turn.plan.free(from, type) - (claims.get(`${from}|${type}`) ?? 0);
  let room = TRANSPORT_CAPACITY - aboard.length;
  if (room <= 0) return undefined;
  const load: UnitCounts = {};
  if (!aboard.some((u) => u.type !== "infantry")) {
    const heavy = HEAVY.find((t) => free(t) > 0);
    if (heavy) {
      load[heavy] = 1;
      room--;
    }
  }
  const infantry = Math.min(room, free("infantry"));
  if (infantry > 0) load.infantry = infantry;
  return Object.keys(load).length > 0 ? load : undefined;
}

function claim(claims: Claims, from: string, units: UnitCounts): void {
  for (const [type, n] of Object.entries(units)) claims.set(`${from}|${type}`, (claims.get(`${from}|${type}`) ?? 0) + (n ?? 0));
}

function asFighters(turn: RobotTurn, aboard: readonly Unit[], load: UnitCounts | undefined): Fighter[] {
  const out: Fighter[] = aboard.map((u) => ({ id: u.id, nation: u.nation, type: u.type }));
  let id = -5000 - out.length;
  for (const [type, n] of Object.entries(load ?? {})) for (let i = 0; i < (n ?? 0); i++) out.push({ id: id--, nation: turn.sit.nation, type: type as UnitType });
  return out;
}

const attackOf = (cargo: readonly Fighter[]) => cargo.reduce((s, u) => s + UNIT_STATS[u.type].attack, 0);

/**
 * Every way one transport could load (at each step of `path`) from coasts where we have free troops.
 * `loads` remembers each coast's best load for this transport (free units do not change meanwhile).
 */
function loadChoices(turn: RobotTurn, zone: string, path: readonly string[], aboard: readonly Unit[], claims: Claims, loads: Map<string, UnitCounts | undefined>, avoid?: string): { load?: LoadSpec; cargo: Fighter[] }[] {
  const { sit } = turn;
  const out: { load?: LoadSpec; cargo: Fighter[] }[] = [];
  if (aboard.length > 0) out.push({ cargo: asFighters(turn, aboard, undefined) });
  for (let step = 0; step <= path.length; step++) {
    const at = step === 0 ? zone : path[step - 1]!;
    for (const coast of sit.board.neighbours(at)) {
      if (!sit.board.isLand(coast) || coast === avoid || !sit.isFriendlyLand(coast)) continue;
      if (!loads.has(coast)) loads.set(coast, bestLoad(turn, coast, aboard, claims));
      const units = loads.get(coast);
      if (units) out.push({ load: { from: coast, units, atStep: step }, cargo: asFighters(turn, aboard, units) });
    }
  }
  return out;
}

/**
 * Amphibious shipments that could land troops in hostile `target` this turn, one per transport, in
 * the order the engine takes transports from each zone (R4.2). Loads count against `claims`.
 */
export function shipmentsTo(turn: RobotTurn, target: string, claims: Claims): Shipment[] {
  const { sit, plan } = turn;
  if (!sit.board.neighbours(target).some((z) => sit.board.isSea(z))) return [];
  const out: Shipment[] = [];
  // A zone our fleet attacks this turn may be the one to unload from: sea battles come first (R5.3).
  const contested = contestedZones(turn);
  for (const zone of sit.myTerritories.filter((z) => sit.board.isSea(z))) {
    for (const transport of plan.transportQueue(zone)) {
      const aboard = sit.cargo(transport.id);
      const loads = new Map<string, UnitCounts | undefined>();
      let best: Shipment | undefined;
      for (const path of seaPaths(sit, zone, undefined, contested)) {
        const final = finalZone(zone, path);
        // The cargo lands this turn (R5.3), so the final zone only has to be clear now, or cleared by
        // our own attack first: hostile players do not see our orders (R3) and seldom strike an empty zone.
        if (!sit.board.adjacent(final, target)) continue;
        for (const choice of loadChoices(turn, zone, path, aboard, claims, loads, target)) {
          if (choice.cargo.length === 0) continue;
          const better = !best || attackOf(choice.cargo) > attackOf(best.cargo) || (attackOf(choice.cargo) === attackOf(best.cargo) && path.length < best.path.length);
          if (better) best = { zone, transport, path, ...(choice.load ? { load: choice.load } : {}), unload: target, cargo: choice.cargo };
        }
      }
      // The engine would take this transport for the next order from the zone: without a use for it, stop.
      if (!best) break;
      if (best.load) claim(claims, best.load.from, best.load.units);
      out.push(best);
    }
  }
  return out;
}

/** Keep a shipment's order in the plan. */
export function ship(turn: RobotTurn, s: Shipment): boolean {
  return turn.plan.move({ units: { transport: 1 }, from: s.zone, path: [...s.path], ...(s.load ? { load: s.load } : {}), ...(s.unload ? { unload: s.unload } : {}) });
}

/**
 * Would troops landed in friendly `t` hold it against what can attack it this turn — or at least
 * cost an attacker most of its land units (a stand worth joining next to an enemy stronghold)?
 */
function holdsWith(turn: RobotTurn, t: string, cargo: readonly Fighter[], memo: Map<string, boolean>): boolean {
  const key = `${t}|${cargo.map((u) => u.type).sort().join(",")}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const threat = turn.threats.land(t);
  const land = threat.filter((u) => isLandType(u.type)).length;
  const holds = land === 0 || quickEdge(threat, [...turn.sit.friends(t), ...cargo]).attackers < Math.max(0.05, land / 3);
  memo.set(key, holds);
  return holds;
}

/**
 * Transports with no assault: ferry troops to friendly land nearer the front, carry them towards it,
 * or sail empty towards coasts where troops wait (or where new ones are placed: our factories).
 */
export function planFerries(turn: RobotTurn): void {
  const { sit, plan } = turn;
  const cost = contactCosts(sit);
  // Where empty transports are wanted: next to coasts where at least two free troops wait for a ship,
  // in a zone from which sailing beats walking (or waiting); with none anywhere, next to our factories.
  const pickupZones = (): string[] => {
    const freeLand = (t: string) => LAND_TYPES.reduce((n, type) => n + plan.free(t, type), 0);
    const zones = new Set<string>();
    for (const t of sit.board.ids) {
      if (!sit.board.isLand(t) || !sit.isFriendlyLand(t) || freeLand(t) < 2 || cost.land(t) < 2) continue;
      for (const z of sit.board.neighbours(t)) if (sit.board.isSea(z) && cost.sea(z) < cost.land(t)) zones.add(z);
    }
    if (zones.size === 0) for (const f of sit.factories) for (const z of sit.board.neighbours(f)) if (sit.board.isSea(z)) zones.add(z);
    return [...zones].sort();
  };
  let pickups: string[] | undefined;
  const nearest = new Map<string, number>();
  /** Zones from `z` to the nearest pickup zone. */
  const near = (z: string): number => {
    let hit = nearest.get(z);
    if (hit === undefined) {
      pickups ??= pickupZones();
      nearest.set(z, (hit = Math.min(NOWHERE, ...pickups.map((p) => sit.dist.steps("sea", z, p)))));
    }
    return hit;
  };
  const memo = new Map<string, boolean>();
  // Warship orders come later (navy.ts): the escorts a zone can have do not change while ferrying.
  const safety = new Map<string, boolean>();
  for (const zone of sit.myTerritories.filter((z) => sit.board.isSea(z))) {
    for (const transport of plan.transportQueue(zone)) {
      const aboard = sit.cargo(transport.id);
      const before = (c: { load?: LoadSpec; cargo: Fighter[] }) => {
        let sum = aboard.length * cost.sea(zone);
        if (c.load) for (const [, n] of Object.entries(c.load.units)) sum += (n ?? 0) * cost.land(c.load.from);
        return sum;
      };
      let best: { path: string[]; load?: LoadSpec; unload?: string; gain: number } | undefined;
      const loads = new Map<string, UnitCounts | undefined>();
      for (const path of seaPaths(sit, zone)) {
        const final = finalZone(zone, path);
        let safe = safety.get(final);
        if (safe === undefined) safety.set(final, (safe = safeAtSea(turn, final, [...escortAt(turn, final), ...escortsInReach(turn, final)])));
        for (const choice of loadChoices(turn, zone, path, aboard, new Map(), loads)) {
          if (choice.cargo.length === 0) continue;
          const was = before(choice);
          // Unload into friendly land next to the final zone.
          for (const land of sit.board.neighbours(final)) {
            if (!sit.board.isLand(land) || !sit.isFriendlyLand(land) || land === choice.load?.from) continue;
            if (!holdsWith(turn, land, choice.cargo, memo)) continue;
            const gain = was - choice.cargo.length * cost.land(land) - path.length * 0.01;
            if (!best || gain > best.gain) best = { path, ...(choice.load ? { load: choice.load } : {}), unload: land, gain };
          }
          // Or keep the cargo aboard, where the zone is safe, and land it next turn.
          if (safe && (path.length > 0 || choice.load)) {
            const gain = was - choice.cargo.length * cost.sea(final) - 0.5 - path.length * 0.01;
            if (!best || gain > best.gain) best = { path, ...(choice.load ? { load: choice.load } : {}), gain };
          }
        }
        // An empty transport sails towards troops to pick up.
        if (aboard.length === 0 && path.length > 0 && safe) {
          const gain = (near(zone) - near(final)) * 0.5;
          if (!best || gain > best.gain) best = { path, gain };
        }
      }
      if (!best || best.gain <= 0) break; // the engine would take this transport next: leave the rest
      const ok = plan.move({ units: { transport: 1 }, from: zone, path: [...best.path], ...(best.load ? { load: best.load } : {}), ...(best.unload ? { unload: best.unload } : {}) });
      if (!ok) break;
    }
  }
}
