// Purchases (R4.10), each checked with the engine before it is kept: defenders (infantry, some
// artillery) first where the capital or a factory could fall next turn; transports and warships for a
// nation whose troops must cross the sea; a factory nearer the fight when ours are all far from it;
// then a mix of land units (and a fighter now and then) at the factories nearest the front.
import { UNIT_STATS, validateOrders, type Order, type PurchaseOrder, type Unit, type UnitType } from "../engine";
import { quickEdge, shortestPrefix, type Fighter } from "./odds";
import { contactCosts } from "./front";
import { clearZone, escortAt, safeAtSea, stepsToCoast } from "./sea";
import { LAND_TYPES, WARSHIP_TYPES, isLandType } from "./situation";
import { strikeRange } from "./threat";
import type { RobotTurn } from "./turn";

/** Hostile units that could attack `t` within two turns: a wider reach than this turn's threat. */
function threatWithin2(turn: RobotTurn, t: string): Unit[] {
  const { sit, threats } = turn;
  const seen = new Set<number>();
  const out: Unit[] = [];
  const add = (u: Unit) => {
    if (!seen.has(u.id)) {
      seen.add(u.id);
      out.push(u);
    }
  };
  threats.land(t).forEach(add);
  for (const u of sit.enemyUnits) {
    const stats = UNIT_STATS[u.type];
    if (stats.medium === "land" && sit.board.isLand(u.at) && sit.dist.steps("land", u.at, t) <= 2 * stats.move) add(u);
    if (stats.medium === "air" && sit.dist.steps("air", u.at, t) <= strikeRange(u.type) + 2) add(u);
  }
  return out;
}

/** Defenders that will stand in `t` next turn: what stays there now plus what our orders bring. */
function defendersNextTurn(turn: RobotTurn, t: string): Fighter[] {
  const { sit, plan } = turn;
  const out: Fighter[] = sit.friends(t).filter((u) => u.nation !== sit.nation);
  let id = -1;
  for (const type of [...LAND_TYPES, "fighter" as UnitType])
    for (let i = 0; i < plan.staying(t, type); i++) out.push({ id: id--, nation: sit.nation, type });
  for (const order of plan.endingIn(t))
    for (const [type, n] of Object.entries(order.units))
      if (isLandType(type as UnitType) || type === "fighter") for (let i = 0; i < (n ?? 0); i++) out.push({ id: id--, nation: sit.nation, type: type as UnitType });
  return out;
}

/** Half-unit slots still free at a factory territory this turn (R4.10: value × 2, infantry 1, other land and air 2). */
function slotsLeft(turn: RobotTurn, at: string): number {
  let used = 0;
  for (const o of turn.plan.orders)
    if ("destination" in o && o.destination === at && o.type !== "aaGun" && o.type !== "factory" && UNIT_STATS[o.type].medium !== "sea")
      used += o.count * (o.type === "infantry" ? 1 : 2);
  return 2 * turn.sit.board.value(at) - used;
}

/**
 * What `pattern` (cycled, from `step`) buys at `at` with the credits and placement room left, at most
 * `limit` units; a type that does not fit is replaced by infantry when `fill` allows it.
 */
function affordable(turn: RobotTurn, at: string, pattern: readonly UnitType[], limit: number, fill: boolean, step = 0): UnitType[] {
  let credits = turn.plan.credits;
  let slots = slotsLeft(turn, at);
  const out: UnitType[] = [];
  for (let i = step; out.length < limit; i++) {
    const fits = (t: UnitType) => UNIT_STATS[t].cost <= credits && (t === "infantry" ? 1 : 2) <= slots;
    const want = pattern[i % pattern.length]!;
    const type = fits(want) ? want : fill && fits("infantry") ? "infantry" : undefined;
    if (!type) break;
    out.push(type);
    credits -= UNIT_STATS[type].cost;
    slots -= type === "infantry" ? 1 : 2;
  }
  return out;
}

/** Buy these units at `at`, one order per type, each checked by the engine; one by one if a batch is refused. */
function buyAll(turn: RobotTurn, at: string, units: readonly UnitType[]): void {
  const counts = new Map<UnitType, number>();
  for (const t of units) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [type, count] of counts) {
    if (turn.plan.buy({ type, count, destination: at })) continue;
    for (let i = 0; i < count && turn.plan.buy({ type, count: 1, destination: at }); i++);
  }
}

/** Infantry defends best per credit; every third an artillery, which defends as well and gives the stack punch later (R6.5). */
const DEFENDERS: readonly UnitType[] = ["infantry", "infantry", "artillery"];

/** Buy defenders at a threatened factory until the sketch says it holds next turn. */
function buyDefenders(turn: RobotTurn, at: string, margin: number): void {
  const { sit } = turn;
  const threat = threatWithin2(turn, at);
  if (!threat.some((u) => isLandType(u.type))) return;
  const defenders = defendersNextTurn(turn, at);
  const holds = (extra: readonly UnitType[]) => {
    const edge = quickEdge(threat, [...defenders, ...extra.map((type, i) => ({ id: -1000 - i, nation: sit.nation, type }))]);
    return edge.attackers < 0.05 && edge.defenders >= margin;
  };
  const options = affordable(turn, at, DEFENDERS, 1000, true);
  const n = shortestPrefix(options, holds) ?? options.length;
  buyAll(turn, at, options.slice(0, n));
}

/** Does this nation need ships to reach the enemy from where it builds (no land route from its factories)? */
function overseas(turn: RobotTurn): boolean {
  const { sit } = turn;
  const main = sit.capital && sit.factories.includes(sit.capital) ? sit.capital : sit.factories[0];
  return main !== undefined && sit.frontDistance(main) >= 4;
}

/** The zone next to a factory where new ships are placed: clear of hostile ships (R8.3), least threatened, nearest the enemy. */
function shipyard(turn: RobotTurn): { from: string; zone: string } | undefined {
  const { sit, threats } = turn;
  let best: { from: string; zone: string; score: number } | undefined;
  for (const from of sit.factories) {
    for (const zone of sit.board.neighbours(from)) {
      if (!clearZone(turn.sit, zone)) continue;
      const danger = threats.sea(zone).reduce((s, u) => s + UNIT_STATS[u.type].attack, 0);
      const near = Math.min(20, ...sit.targets.filter((t) => sit.board.value(t) > 0).map((t) => stepsToCoast(sit, zone, t)));
      const score = -danger * 2 - near + (from === sit.capital ? 1 : 0);
      if (!best || score > best.score || (score === best.score && zone < best.zone)) best = { from, zone, score };
    }
  }
  return best && { from: best.from, zone: best.zone };
}

/** Warships bought so far this turn for zone `z` (they stand there from the next turn on, R8.3). */
function boughtWarships(turn: RobotTurn, z: string): Fighter[] {
  const out: Fighter[] = [];
  for (const o of turn.plan.orders)
    if ("destination" in o && o.destination === z && WARSHIP_TYPES.includes(o.type))
      for (let i = 0; i < o.count; i++) out.push({ id: -3000 - out.length, nation: turn.sit.nation, type: o.type });
  return out;
}

/** Merge the purchases of one type and destination into one order each, if the engine accepts the list. */
function merged(orders: readonly Order[]): Order[] {
  const out: Order[] = [];
  const index = new Map<string, number>();
  for (const o of orders) {
    if (!("type" in o)) {
      out.push(o);
      continue;
    }
    const key = `${o.type}|${o.destination}|${o.from ?? ""}`;
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, out.length);
      out.push({ ...o });
    } else {
      const prev = out[at] as PurchaseOrder;
      out[at] = { ...prev, count: prev.count + o.count };
    }
  }
  return out;
}

/**
 * When the fight has moved far from every factory of ours (two turns or more nearer elsewhere),
 * build one where it is: on valuable land we own, that our units would hold this turn.
 */
function buyForwardFactory(turn: RobotTurn): void {
  const { sit, plan, landings } = turn;
  if (plan.credits < UNIT_STATS.factory.cost + 2 * UNIT_STATS.infantry.cost) return;
  const cost = contactCosts(sit);
  const home = Math.min(...sit.factories.map((f) => cost.land(f)));
  let best: { at: string; cost: number } | undefined;
  for (const t of sit.board.ids) {
    if (sit.state.owners[t] !== sit.nation || sit.hasFactory(t) || sit.board.value(t) < 2 || !landings.secure(t)) continue;
    if (turn.threats.land(t).some((u) => isLandType(u.type))) continue;
    const c = cost.land(t);
    if (!best || c < best.cost || (c === best.cost && sit.board.value(t) > sit.board.value(best.at))) best = { at: t, cost: c };
  }
  if (best && home - best.cost >= 2) plan.buy({ type: "factory", count: 1, destination: best.at });
}

export function planPurchases(turn: RobotTurn): void {
  const { sit, plan } = turn;
  if (sit.factories.length === 0 || plan.credits < UNIT_STATS.infantry.cost) return;
  if (sit.capital !== undefined && sit.ownerTeam(sit.capital) !== sit.team) return; // R4.10: no buying while the capital is held
  // 1. Threatened capital and factories: defenders there first (the capital with a wider margin).
  const keys = [...sit.factories].sort((a, b) => (a === sit.capital ? -1 : b === sit.capital ? 1 : sit.board.value(b) - sit.board.value(a)));
  for (const at of keys) buyDefenders(turn, at, at === sit.capital ? 1.5 : 0.5);
  // 2. Ships for a nation whose troops must cross the sea, and warships where hostile fleets are near.
  const sea = overseas(turn);
  const mine = sit.state.units.filter((u) => u.nation === sit.nation);
  const transports = mine.filter((u) => u.type === "transport").length;
  // Troops with no land route to the enemy wait for transports (cargo aboard is on its way already).
  const stranded = mine.filter((u) => u.aboard === undefined && isLandType(u.type) && sit.board.isLand(u.at) && sit.frontDistance(u.at) === Infinity).length;
  const yard = shipyard(turn);
  if (yard) {
    const warships = mine.filter((u) => WARSHIP_TYPES.includes(u.type));
    const threat = turn.threats.sea(yard.zone).filter((u) => UNIT_STATS[u.type].medium === "sea");
    const outgunned = threat.length > 0 && quickEdge(threat, sit.friends(yard.zone).filter((u) => UNIT_STATS[u.type].medium === "sea"), "sea").attackers >= 0.05;
    if (sea) {
      if (outgunned || warships.length < Math.ceil(transports / 2)) {
        const type: UnitType = plan.credits >= 40 ? "battleship" : "destroyer";
        plan.buy({ type, count: 1, destination: yard.zone, from: yard.from });
      }
      const want = Math.max(2, Math.min(12, Math.ceil(stranded / 2)));
      // New transports appear in the yard's zone (R8.3) and defend at 0: none where they would be sunk before they sail.
      const safe = safeAtSea(turn, yard.zone, [...escortAt(turn, yard.zone), ...boughtWarships(turn, yard.zone)]);
      for (let i = 0; safe && i < 3 && transports + i < want && plan.credits >= UNIT_STATS.transport.cost; i++)
        plan.buy({ type: "transport", count: 1, destination: yard.zone, from: yard.from });
    } else if (outgunned && transports > 0 && plan.credits >= 20) {
      plan.buy({ type: "destroyer", count: 1, destination: yard.zone, from: yard.from });
    }
  }
  // 2b. A factory nearer the fight when every factory of ours is far from it (R4.10: on land we own).
  buyForwardFactory(turn);
  // 3. Land units at the factories nearest the front (the capital first for a shipping nation) — unless
  //    troops already wait for ships: then aircraft, which fly to the front themselves.
  const waiting = sea && stranded >= 2 * Math.max(1, transports) + 4;
  // When every enemy capital left stands on an island, troops waiting for ships wait for warships, not
  // aircraft: only landed troops take it, and transports (defence 0) sail only where warships keep the
  // sea safe (sea.ts safeAtSea). Destroyers give the most defence per credit at sea.
  const capitals = sit.enemyCapitals.filter((c) => sit.isHostileLand(c));
  const islands = capitals.length > 0 && capitals.every((c) => !sit.board.neighbours(c).some((n) => sit.board.isLand(n)));
  if (waiting && islands && yard) while (plan.buy({ type: "destroyer", count: 1, destination: yard.zone, from: yard.from }));
  const factories = [...sit.factories].sort((a, b) =>
    sea ? (a === sit.capital ? -1 : b === sit.capital ? 1 : sit.frontDistance(a) - sit.frontDistance(b)) : sit.frontDistance(a) - sit.frontDistance(b) || sit.board.value(b) - sit.board.value(a) || (a < b ? -1 : 1),
  );
  const pattern: UnitType[] = waiting ? ["fighter", "bomber"] : sea ? ["infantry", "armour", "infantry", "artillery", "infantry", "armour"] : ["infantry", "infantry", "artillery", "armour", "infantry", "armour"];
  let step = 0;
  for (const at of factories) {
    // Every sixth unit a fighter, when there is money to spare for one.
    const mix = waiting ? pattern : pattern.map((t, i) => (i === 5 && turn.plan.credits >= 25 ? "fighter" : t));
    const units = affordable(turn, at, mix, 1000, !waiting, step);
    step += units.length;
    buyAll(turn, at, units);
  }
  // One order per type and destination, if the engine accepts the merged list.
  const list = merged(plan.orders);
  if (list.length < plan.orders.length && validateOrders(sit.state, sit.nation, list).results.every((r) => r.ok)) plan.replaceOrders(list);
}
