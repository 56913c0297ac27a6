// Random LEGAL order sets for property tests and the bench, built only through the engine's own
// functions: unit groups come from the state, destinations from `legalDestinations`, and every
// order kept has passed `validateOrder` against the nation's earlier orders (R4.2, R4.11).
import {
  DEFAULT_BOARD,
  DEFAULT_SETUP,
  NATIONS,
  UNIT_STATS,
  UNIT_TYPES,
  createState,
  indexBoard,
  isHostile,
  legalDestinations,
  validateOrder,
  validateOrders,
  type BoardData,
  type GameState,
  type MoveOrder,
  type Nation,
  type Order,
  type PurchaseOrder,
  type SetupData,
  type UnitCounts,
  type UnitType,
} from "../../server/rulesets/1942/engine";

// ---- a tiny seeded PRNG ---------------------------------------------------------------------

/** mulberry32: a 32-bit seeded generator of floats in [0, 1). */
export function makeRand(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

function int(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

function shuffle<T>(rand: () => number, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

// ---- unit kinds (from the R2 table, which is engine data) -----------------------------------

const frozen = (t: UnitType) => t === "aaGun" || t === "factory";
const isLand = (t: UnitType) => UNIT_STATS[t].medium === "land" && !frozen(t);
const isShip = (t: UnitType) => UNIT_STATS[t].medium === "sea";

// ---- the generator --------------------------------------------------------------------------

export interface RandomOrdersOptions {
  /** Chance, before each order of a unit group, that the rest of the group holds. Default 0.25. */
  hold?: number;
  /** Add random purchases (R4.10). Default true. */
  purchases?: boolean;
  /**
   * At most one order per pool of units (one nation's units of one type in one territory), a
   * transport's load counting as a claim on its pool. Then which units an order takes never
   * depends on the listing order. Default false (a group may be split over several orders).
   */
  disjointPools?: boolean;
}

const poolKey = (at: string, type: UnitType) => `${at}\u0000${type}`;

/** Random legal orders for every nation; every order passes `validateOrder` after the earlier ones. */
export function randomOrders(state: GameState, rand: () => number, options: RandomOrdersOptions = {}): Partial<Record<Nation, Order[]>> {
  const out: Partial<Record<Nation, Order[]>> = {};
  for (const nation of NATIONS) out[nation] = nationOrders(state, nation, rand, options);
  return out;
}

function nationOrders(state: GameState, nation: Nation, rand: () => number, options: RandomOrdersOptions): Order[] {
  const hold = options.hold ?? 0.25;
  const disjoint = options.disjointPools ?? false;

  // Unit groups: units standing (not aboard) in each territory, by type; AA guns and factories take no orders.
  const pools = new Map<string, number>();
  for (const u of state.units) {
    if (u.nation !== nation || u.aboard !== undefined || frozen(u.type)) continue;
    const key = poolKey(u.at, u.type);
    pools.set(key, (pools.get(key) ?? 0) + 1);
  }
  const claimed = new Map<string, number>();
  const used = new Set<string>(); // pools an order already draws from (disjointPools)
  const free = (at: string, type: UnitType) => {
    const key = poolKey(at, type);
    if (disjoint && used.has(key)) return 0;
    return (pools.get(key) ?? 0) - (claimed.get(key) ?? 0);
  };
  const claim = (at: string, counts: UnitCounts) => {
    for (const t of UNIT_TYPES) {
      const n = counts[t] ?? 0;
      if (n <= 0) continue;
      const key = poolKey(at, t);
      claimed.set(key, (claimed.get(key) ?? 0) + n);
      used.add(key);
    }
  };

  const orders: Order[] = [];
  let next = 1;
  const nextId = () => `${nation}-${next++}`;
  const accept = (order: Order): boolean => {
    if (!validateOrder(state, nation, order, orders).ok) return false;
    orders.push(order);
    if (!("destination" in order)) {
      claim(order.from, order.units);
      if (order.load) claim(order.load.from, order.load.units);
    }
    return true;
  };

  // Groups in random order; battleships last, so they can bombard for transports ordered before them (R4.8).
  const groups = shuffle(rand, [...pools.keys()].sort()).map((key) => {
    const [at, type] = key.split("\u0000") as [string, UnitType];
    return { at, type };
  });
  groups.sort((a, b) => Number(a.type === "battleship") - Number(b.type === "battleship"));

  // Purchases happen at random points of the walk, so they are interleaved with the moves.
  const buyAt = options.purchases === false ? [] : Array.from({ length: int(rand, 0, 3) }, () => int(rand, 0, groups.length));

  for (let g = 0; g <= groups.length; g++) {
    for (const _ of buyAt.filter((i) => i === g)) {
      const order = randomPurchase(state, nation, rand, nextId());
      if (order) accept(order);
    }
    const group = groups[g];
    if (!group) continue;
    const { at, type } = group;
    while (free(at, type) > 0) {
      if (rand() < hold) break;
      const count = int(rand, 1, free(at, type));
      const units: UnitCounts = { [type]: count };
      // Sometimes a mixed group: another type standing in the same territory (land with air, ships
      // with air, ...); if it has nowhere to go together, the single type tries alone.
      let mixed: UnitCounts | undefined;
      if (rand() < 0.2 && type !== "transport") {
        const others = UNIT_TYPES.filter((t) => t !== type && t !== "transport" && !frozen(t) && free(at, t) > 0);
        if (others.length > 0) {
          const other = pick(rand, others);
          mixed = { ...units, [other]: int(rand, 1, free(at, other)) };
        }
      }
      const order =
        type === "transport"
          ? transportOrder(state, nation, rand, nextId(), at, count, orders, free)
          : ((type === "battleship" && rand() < 0.6 ? bombardOrder(state, nation, rand, nextId(), at, count, orders) : undefined) ??
            (mixed ? moveOrder(state, nation, rand, nextId(), at, mixed, orders) : undefined) ??
            moveOrder(state, nation, rand, nextId(), at, units, orders));
      if (!order || !accept(order)) break;
      if (disjoint) break;
    }
  }
  // Ids were taken by attempts that failed too; renumber the kept orders densely, in listing order.
  orders.forEach((o, i) => (o.id = `${nation}-${i + 1}`));
  return orders;
}

/** A plain move to a random legal destination; submarines sometimes in stealth, bombers sometimes raid. */
function moveOrder(state: GameState, nation: Nation, rand: () => number, id: string, from: string, units: UnitCounts, earlier: readonly Order[]): MoveOrder | undefined {
  const types = UNIT_TYPES.filter((t) => (units[t] ?? 0) > 0);
  const stealth = types.every((t) => t === "submarine") && rand() < 0.35;
  const dests = legalDestinations(state, nation, { from, units, ...(stealth ? { stealth: true } : {}) }, earlier);
  if (dests.length === 0) return undefined;
  // Bombers often head for a hostile factory, so raids (R4.9) are common enough to test.
  const bombers = types.every((t) => t === "bomber");
  const targets = bombers ? dests.filter((d) => hostileFactory(state, nation, d.territory)) : [];
  const dest = targets.length > 0 && rand() < 0.5 ? pick(rand, targets) : pick(rand, dests);
  const order: MoveOrder = { id, units, from, path: dest.path, ...(stealth ? { stealth: true } : {}) };
  if (bombers && rand() < 0.6 && hostileFactory(state, nation, dest.territory)) {
    const raid: MoveOrder = { ...order, raid: true };
    if (validateOrder(state, nation, raid, earlier).ok) return raid;
  }
  return order;
}

function hostileFactory(state: GameState, nation: Nation, territory: string): boolean {
  const owner = state.owners[territory];
  if (!owner || !isHostile(owner, nation)) return false;
  return state.units.some((u) => u.at === territory && u.type === "factory");
}

/** A transport order: move (or not), sometimes load land units on the way, sometimes unload (R4.7). */
function transportOrder(
  state: GameState,
  nation: Nation,
  rand: () => number,
  id: string,
  from: string,
  count: number,
  earlier: readonly Order[],
  free: (at: string, type: UnitType) => number,
): MoveOrder | undefined {
  const board = indexBoard(state.board);
  const units: UnitCounts = { transport: count };
  const dests = legalDestinations(state, nation, { from, units }, earlier);
  const path = dests.length > 0 && rand() < 0.8 ? pick(rand, dests).path : [];
  const plain: MoveOrder | undefined = path.length > 0 ? { id, units, from, path } : undefined;
  const candidates: MoveOrder[] = [];

  let order: MoveOrder = { id, units, from, path };
  if (rand() < 0.6) {
    const atStep = int(rand, 0, path.length);
    const zone = atStep === 0 ? from : path[atStep - 1]!;
    const shores = board.neighbours(zone).filter((t) => board.isLand(t) && UNIT_TYPES.some((u) => isLand(u) && free(t, u) > 0));
    if (shores.length > 0) {
      const shore = pick(rand, shores);
      const heavyTypes = UNIT_TYPES.filter((t) => isLand(t) && t !== "infantry" && free(shore, t) > 0);
      const load: UnitCounts = {};
      let heavy = Math.min(int(rand, 0, count), heavyTypes.reduce((s, t) => s + free(shore, t), 0));
      for (const t of shuffle(rand, heavyTypes)) {
        const n = Math.min(heavy, int(rand, 0, free(shore, t)));
        if (n > 0) load[t] = n;
        heavy -= n;
      }
      const carried = Object.values(load).reduce((s, n) => s + (n ?? 0), 0);
      const inf = Math.min(free(shore, "infantry"), int(rand, 0, 2 * count - carried));
      if (inf > 0) load.infantry = inf;
      if (Object.keys(load).length > 0) order = { ...order, load: { from: shore, units: load, atStep } };
    }
  }
  const aboard = state.units.filter((u) => u.nation === nation && u.at === from && u.aboard !== undefined).length;
  if ((order.load || aboard > 0) && rand() < 0.75) {
    const final = path.length === 0 ? from : path[path.length - 1]!;
    const beaches = board.neighbours(final).filter((t) => board.isLand(t));
    if (beaches.length > 0) candidates.push({ ...order, unload: pick(rand, beaches) });
  }
  candidates.push(order);
  if (plain) candidates.push(plain);
  return candidates.find((o) => validateOrder(state, nation, o, earlier).ok);
}

/** Battleships ordered to bombard where an earlier transport order of their nation unloads (R4.8). */
function bombardOrder(state: GameState, nation: Nation, rand: () => number, id: string, from: string, count: number, earlier: readonly Order[]): MoveOrder | undefined {
  const units: UnitCounts = { battleship: count };
  const landings = earlier.filter((o): o is MoveOrder => !("destination" in o) && o.unload !== undefined);
  if (landings.length === 0) return undefined;
  const dests = legalDestinations(state, nation, { from, units }, earlier);
  for (const landing of shuffle(rand, [...landings])) {
    const zone = landing.path.length === 0 ? landing.from : landing.path[landing.path.length - 1]!;
    const path = zone === from ? [] : dests.find((d) => d.territory === zone)?.path;
    if (!path) continue;
    const order: MoveOrder = { id, units, from, path, bombard: landing.unload! };
    if (validateOrder(state, nation, order, earlier).ok) return order;
  }
  return undefined;
}

/** A random purchase at one of the nation's factories (or a new factory); may be refused, then dropped. */
function randomPurchase(state: GameState, nation: Nation, rand: () => number, id: string): PurchaseOrder | undefined {
  const board = indexBoard(state.board);
  const factories = [...new Set(state.units.filter((u) => u.type === "factory" && state.owners[u.at] === nation).map((u) => u.at))].sort();
  const type = pick(rand, UNIT_TYPES);
  const count = type === "factory" ? 1 : int(rand, 1, 3);
  if (type === "factory") {
    const owned = Object.keys(state.owners).filter((t) => state.owners[t] === nation && !factories.includes(t)).sort();
    if (owned.length === 0) return undefined;
    return { id, type, count, destination: pick(rand, owned) };
  }
  if (factories.length === 0) return undefined;
  const factory = pick(rand, factories);
  if (isShip(type)) {
    const zones = board.neighbours(factory).filter((t) => board.isSea(t));
    if (zones.length === 0) return undefined;
    return { id, type, count, destination: pick(rand, zones), from: factory };
  }
  return { id, type, count, destination: factory };
}

// ---- a big board for the bench --------------------------------------------------------------

/** Sea edges joining copy i to copy i+1 (zones of the default board). */
const JOINS: [string, string][] = [
  ["North Atlantic Sea Zone", "South Pacific Sea Zone"],
  ["Antartic Sea Zone", "Indian Ocean Sea Zone"],
];

const suffix = (id: string, i: number) => `${id}#${i}`;

/**
 * The default board tiled `copies` times: ids suffixed `#i`, edges and canals copied, copy i joined
 * to copy i+1 by the sea edges of JOINS, capitals in copy 0 only, units copied per copy, treasuries
 * as the default.
 */
export function syntheticBoard(copies: number): { board: BoardData; setup: SetupData } {
  const territories: BoardData["territories"] = [];
  const edges: BoardData["edges"] = [];
  const canals: NonNullable<BoardData["canals"]> = [];
  const units: SetupData["units"] = [];
  for (let i = 0; i < copies; i++) {
    for (const t of DEFAULT_BOARD.territories) {
      const { capitalOf, ...rest } = t;
      territories.push({ ...rest, id: suffix(t.id, i), ...(i === 0 && capitalOf ? { capitalOf } : {}) });
    }
    for (const [a, b] of DEFAULT_BOARD.edges) edges.push([suffix(a, i), suffix(b, i)]);
    for (const c of DEFAULT_BOARD.canals ?? [])
      canals.push({ between: [suffix(c.between[0], i), suffix(c.between[1], i)], controlledBy: c.controlledBy.map((t) => suffix(t, i)) });
    if (i + 1 < copies) for (const [a, b] of JOINS) edges.push([suffix(a, i), suffix(b, i + 1)]);
    for (const u of DEFAULT_SETUP.units) units.push({ ...u, at: suffix(u.at, i), ...(u.cargo ? { cargo: u.cargo.map((c) => ({ ...c })) } : {}) });
  }
  const board: BoardData = { territories, edges, canals, ...(DEFAULT_BOARD.economicVictory !== undefined ? { economicVictory: DEFAULT_BOARD.economicVictory } : {}) };
  return { board, setup: { units, treasury: { ...DEFAULT_SETUP.treasury } } };
}

/**
 * Random legal orders for `syntheticBoard(copies)`. Running `randomOrders` on the big state itself is
 * quadratic in the engine's validation (every probe re-validates the whole list), so each copy gets
 * its own random set generated on the default state (whose copy it is) and renamed into copy i.
 * That is legal on the big board: validation depends on the copy's own territories, units and owners,
 * capitals matter only for purchases (copy 0's are kept, so the shared treasury is spent once), and the
 * joining sea edges only shorten air landing reserves. `validateOrders` on the big state confirms it.
 */
export function syntheticOrders(copies: number, rand: () => number, options: RandomOrdersOptions = {}): Partial<Record<Nation, Order[]>> {
  const base = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  const out: Record<Nation, Order[]> = Object.fromEntries(NATIONS.map((n) => [n, [] as Order[]])) as Record<Nation, Order[]>;
  for (let i = 0; i < copies; i++) {
    const set = randomOrders(base, rand, { ...options, purchases: i === 0 ? options.purchases : false });
    for (const nation of NATIONS) {
      for (const o of set[nation] ?? []) {
        const id = `${nation}-${out[nation].length + 1}`;
        if ("destination" in o) {
          out[nation].push({ ...o, id, destination: suffix(o.destination, i), ...(o.from !== undefined ? { from: suffix(o.from, i) } : {}) });
          continue;
        }
        const moved: MoveOrder = { ...o, id, from: suffix(o.from, i), path: o.path.map((t) => suffix(t, i)) };
        if (o.load) moved.load = { ...o.load, from: suffix(o.load.from, i) };
        if (o.unload !== undefined) moved.unload = suffix(o.unload, i);
        if (o.bombard !== undefined) moved.bombard = suffix(o.bombard, i);
        out[nation].push(moved);
      }
    }
  }
  return out;
}

/** Orders of `orders` refused by `validateOrders` on `state`, as "id: reason" (empty when all are legal). */
export function refusedOrders(state: GameState, orders: Partial<Record<Nation, readonly Order[]>>): string[] {
  const out: string[] = [];
  for (const nation of NATIONS) {
    const list = orders[nation] ?? [];
    const { results } = validateOrders(state, nation, list);
    results.forEach((r, i) => {
      if (!r.ok) out.push(`${list[i]!.id}: ${r.message}`);
    });
  }
  return out;
}
