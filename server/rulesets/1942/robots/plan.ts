// The robot's order list under construction. Every order is checked with the engine's validateOrder
// after the orders kept so far that bear on it (R4.2 claims and R4.10 spending accumulate in listing
// order) and kept only if accepted; the plan also remembers which units are ordered or held back.
import { UNIT_STATS, isPurchase, validateOrder, type MoveOrder, type Order, type PurchaseOrder, type Unit, type UnitType } from "../engine";
import type { Situation } from "./situation";

export class Plan {
  readonly orders: Order[] = [];
  /** Units per `territory|type` that an order claims or the defence holds back. */
  private readonly used = new Map<string, number>();
  /** Units per `territory|type` held back as garrison. */
  private readonly reserved = new Map<string, number>();
  /** Units per `territory|type` that an order takes away (moves or loads). */
  private readonly ordered = new Map<string, number>();
  /** Transports per zone already taken by orders (the engine takes them in `transportQueue` order). */
  private readonly transportsUsed = new Map<string, number>();
  private serial = 0;
  /** Credits committed by purchases so far. */
  spent = 0;
  /** Where each kept move order's units end: its final territory. */
  readonly destinations: { order: MoveOrder; final: string }[] = [];

  constructor(readonly sit: Situation) {}

  /** A copy to go on planning from, this one left as it is (the review plans a turn's attacks more than once). */
  clone(): Plan {
    const copy = new Plan(this.sit);
    copy.orders.push(...this.orders);
    copy.destinations.push(...this.destinations);
    for (const key of ["used", "reserved", "ordered", "transportsUsed"] as const) for (const [k, v] of this[key]) copy[key].set(k, v);
    copy.serial = this.serial;
    copy.spent = this.spent;
    return copy;
  }

  /** Units of `type` in `t` not yet ordered or held back (transports: see transportQueue). */
  free(t: string, type: UnitType): number {
    return this.sit.count(t, type) - (this.used.get(`${t}|${type}`) ?? 0);
  }

  /** Units of `type` in `t` that stay there: not moved or loaded by any order kept so far. */
  staying(t: string, type: UnitType): number {
    return this.sit.count(t, type) - (this.ordered.get(`${t}|${type}`) ?? 0);
  }

  /** Hold units back (a garrison): no later order of this robot takes them. */
  reserve(t: string, type: UnitType, n: number): void {
    const take = Math.min(n, this.free(t, type));
    if (take <= 0) return;
    for (const map of [this.used, this.reserved]) map.set(`${t}|${type}`, (map.get(`${t}|${type}`) ?? 0) + take);
  }

  /** Units of `type` in `t` held back by `reserve` and not released since. */
  held(t: string, type: UnitType): number {
    return this.reserved.get(`${t}|${type}`) ?? 0;
  }

  /** Free units held back earlier (a garrison no longer needed in full). */
  release(t: string, type: UnitType, n: number): void {
    const give = Math.min(n, this.held(t, type));
    if (give <= 0) return;
    for (const map of [this.used, this.reserved]) map.set(`${t}|${type}`, map.get(`${t}|${type}`)! - give);
  }

  /** The nation's transports in a zone that no order has taken yet, in the order the engine picks them (R4.2: most cargo first, then id). */
  transportQueue(zone: string): Unit[] {
    const all = this.sit
      .mine(zone)
      .filter((u) => u.type === "transport")
      .sort((a, b) => this.sit.cargo(b.id).length - this.sit.cargo(a.id).length || a.id - b.id);
    return all.slice(this.transportsUsed.get(zone) ?? 0);
  }

  /**
   * The earlier orders that bear on `order`'s validation: moves that claim units where it claims them
   * (R4.2), the transport orders a bombardment needs (R4.8), every purchase for a purchase (R4.10).
   * Validating against these alone is what validating after the whole list does, in a fraction of
   * the time; robot.ts still checks the finished list as a whole.
   */
  private bearingOn(order: Order): Order[] {
    if (isPurchase(order)) return this.orders.filter(isPurchase);
    const places = new Set([order.from, ...(order.load ? [order.load.from] : [])]);
    return this.orders.filter(
      (o) => !isPurchase(o) && (places.has(o.from) || (o.load !== undefined && places.has(o.load.from)) || (order.bombard !== undefined && o.unload !== undefined)),
    );
  }

  /** Keep a move order if the engine accepts it after the orders kept so far. */
  move(order: Omit<MoveOrder, "id">): boolean {
    const full: MoveOrder = { id: `robot-${++this.serial}`, ...order };
    if (!validateOrder(this.sit.state, this.sit.nation, full, this.bearingOn(full)).ok) {
      this.serial--;
      return false;
    }
    this.orders.push(full);
    const take = (t: string, type: UnitType, n: number) => {
      for (const map of [this.used, this.ordered]) map.set(`${t}|${type}`, (map.get(`${t}|${type}`) ?? 0) + n);
    };
    for (const [type, n] of Object.entries(full.units) as [UnitType, number][]) {
      if (type === "transport") this.transportsUsed.set(full.from, (this.transportsUsed.get(full.from) ?? 0) + n);
      else take(full.from, type, n);
    }
    if (full.load) for (const [type, n] of Object.entries(full.load.units) as [UnitType, number][]) take(full.load.from, type, n);
    this.destinations.push({ order: full, final: full.path.length > 0 ? full.path[full.path.length - 1]! : full.from });
    return true;
  }

  /** Keep a purchase if the engine accepts it (R4.10: treasury and placement limits). */
  buy(order: Omit<PurchaseOrder, "id">): boolean {
    const full: PurchaseOrder = { id: `robot-buy-${++this.serial}`, ...order };
    if (!validateOrder(this.sit.state, this.sit.nation, full, this.bearingOn(full)).ok) {
      this.serial--;
      return false;
    }
    this.orders.push(full);
    this.spent += UNIT_STATS[full.type].cost * full.count;
    return true;
  }

  /** Swap in an equivalent list (purchases merged); the caller has had the engine accept it. */
  replaceOrders(list: readonly Order[]): void {
    this.orders.splice(0, this.orders.length, ...list);
  }

  /** Credits left to spend. */
  get credits(): number {
    return this.sit.state.treasury[this.sit.nation] - this.spent;
  }

  /** Move orders kept so far that end in `t`. */
  endingIn(t: string): MoveOrder[] {
    return this.destinations.filter((d) => d.final === t).map((d) => d.order);
  }
}
