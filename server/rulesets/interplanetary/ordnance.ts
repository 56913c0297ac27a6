// IP6: ordnance launched from ships, and its attacks after everything has moved: ordnance against
// ordnance first (IP6.4), then mines, missiles, asteroids and busters against ships and bases
// (IP6.5, IP6.6, IP5.4, IP6.8), all rolled before any damage lands (IP2.3).
import { disableOf, hitsOf, rollAttack, type AttackResult, type Table } from "./attack";
import { BOARD } from "./board";
import { disable, hit } from "./damage";
import { add, cmpFrac, DIR_VECTORS, equal, key, length, type Dir, type Hex } from "./hex";
import { asteroidHexes, courseHexes, endOf, type Course } from "./movement";
import { ORDNANCE } from "./ordnance-data";
import { isSafe } from "./ships";
import type { Dice } from "../shared/dice";
import type { Ordnance, OrdnanceOrders, ReportLine, Ship, ShipOrders, State } from "./types";

/** IP6.1: a ship launches one weapon: it starts where the ship starts, with its old vector and gravity. */
export function launch(state: State, ship: Ship, order: NonNullable<ShipOrders["launch"]>, lines: ReportLine[]): Ordnance {
  const spec = ORDNANCE[order.kind];
  const burns = order.burns ?? [];
  const vel = burns.reduce((v: Hex, d: Dir) => add(v, DIR_VECTORS[d]), ship.vel);
  const extra = Math.max(0, burns.length - spec.launchThrust); // a torpedo's launch burn spends its fuel
  const ord: Ordnance = {
    id: `o${state.nextOrdnance++}`,
    kind: order.kind,
    side: ship.side,
    ship: ship.id,
    pos: ship.pos,
    vel,
    pending: ship.pending.map((p) => ({ ...p })),
    turnsLeft: spec.lifetime,
    fuel: spec.fuel - extra,
  };
  ship.stock[order.kind]--;
  state.ordnance.push(ord);
  lines.push({ rule: "IP6.1", kind: "launch", text: `${ship.id} launches ${ord.kind} ${ord.id}${burns.length ? ` with ${burns.length} burn(s)` : ""}`, ship: ship.id, ordnance: ord.id, ordnanceKind: ord.kind });
  return ord;
}

interface Attack {
  key: string;
  rule: string;
  table: Table;
  modifier: number;
  source: string;
  ship: Ship;
  consumes?: Ordnance;
}

/** The hexes where a ship can meet a mine: where it went (not its start), or where it sat still. */
function contactHexes(c: Course) {
  const hexes = courseHexes(c);
  return hexes.length > 1 ? hexes.slice(1) : hexes;
}

export function ordnanceAttacks(
  state: State,
  courses: Map<string, Course>,
  orders: Map<string, OrdnanceOrders>,
  dice: Dice,
  lines: ReportLine[],
): void {
  const alive = (o: Ordnance) => state.ordnance.includes(o);
  const tipOf = (id: string) => {
    const c = courses.get(id);
    return c && !c.crash && !c.left ? c.tip : null;
  };

  // IP6.4: ordnance against ordnance, all at once, before any of it attacks ships.
  const destroyed = new Set<Ordnance>();
  const used = new Set<Ordnance>();
  for (const o of state.ordnance) {
    const target = orders.get(o.id)?.target;
    const victim = target ? state.ordnance.find((x) => x.id === target) : undefined;
    if (!victim || ORDNANCE[o.kind].attacks !== "tip" || orders.get(o.id)?.hold) continue;
    const a = tipOf(o.id);
    const b = tipOf(victim.id);
    if (!a || !b || !equal(a, b)) continue;
    const r = rollAttack(ORDNANCE[o.kind].table as Table, 0, dice(`ordnance:${o.id}:${victim.id}`));
    used.add(o);
    if (r.result !== "M") destroyed.add(victim);
    lines.push({ rule: "IP6.4", kind: "ordnance-attack", text: `${o.id} attacks ${victim.id}: roll ${r.roll}, ${r.result === "M" ? "miss" : "destroyed"}`, ordnance: o.id, target: victim.id, roll: r.roll, result: r.result });
  }
  state.ordnance = state.ordnance.filter((o) => !destroyed.has(o) && !used.has(o));

  const attacks: Attack[] = [];
  const ships = state.ships.filter((s) => s.status === "flying" && !isSafe(s));
  for (const o of state.ordnance) {
    const spec = ORDNANCE[o.kind];
    const oc = courses.get(o.id);
    if (!oc) continue;
    if (spec.attacks === "course") {
      // IP6.5: a mine attacks every ship whose course meets its own, its launcher's included;
      // IP6.7: only where the ship got to, up to its crash.
      const mineHexes = new Set(courseHexes(oc).map((t) => key(t.hex)));
      for (const ship of ships) {
        const sc = courses.get(ship.id);
        if (!sc) continue;
        const met = contactHexes(sc).find((t) => mineHexes.has(key(t.hex)) && (!sc.crash || cmpFrac(t.enter, sc.crash.enter) <= 0));
        if (met) attacks.push({ key: `mine:${o.id}:${ship.id}`, rule: "IP6.5", table: spec.table as Table, modifier: 0, source: o.id, ship });
      }
    } else if (spec.attacks === "tip") {
      // IP6.6: at its tip, against the chosen enemy ship there (or the first by id); consumed.
      // IP6.7: only ships that reached their course's end are there (not crashed, not off the map).
      const ord = orders.get(o.id);
      const tip = tipOf(o.id);
      if (!tip || ord?.hold) continue;
      const there = ships.filter((s) => s.side !== o.side && equal(endOf(courses.get(s.id)!), tip) && !courses.get(s.id)!.crash && !courses.get(s.id)!.left);
      const target = ord?.target ? there.find((s) => s.id === ord.target) : ord?.target === undefined ? there.sort((a, b) => (a.id < b.id ? -1 : 1))[0] : undefined;
      if (target) attacks.push({ key: `${o.kind}:${o.id}:${target.id}`, rule: "IP6.6", table: spec.table as Table, modifier: 0, source: o.id, ship: target, consumes: o });
    } else if (spec.attacks === "base") busterAttack(state, o, oc, dice, lines);
  }
  // IP5.4: asteroids.
  for (const ship of ships) {
    const c = courses.get(ship.id);
    if (!c) continue;
    for (const h of asteroidHexes(c)) attacks.push({ key: `asteroid:${ship.id}:${key(h)}`, rule: "IP5.4", table: "asteroid", modifier: 0, source: `asteroid ${key(h)}`, ship });
  }
  resolveAttacks(attacks, dice, lines);
  const consumed = new Set(attacks.map((a) => a.consumes).filter(Boolean));
  state.ordnance = state.ordnance.filter((o) => !consumed.has(o));
}

/** Rolls every attack, then applies the results in a fixed order (by attack key). */
export function resolveAttacks(attacks: Attack[], dice: Dice, lines: ReportLine[]): void {
  const rolled = attacks
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((a) => ({ a, r: rollAttack(a.table, a.modifier, dice(a.key)) }));
  for (const { a, r } of rolled) {
    lines.push({ rule: a.rule, kind: "attack", text: `${a.source} attacks ${a.ship.id} on the ${a.table} table: roll ${r.roll}${a.modifier ? ` ${a.modifier > 0 ? "+" : ""}${a.modifier}` : ""} → ${describe(r.result)}`, source: a.source, target: a.ship.id, table: a.table, roll: r.roll, modifier: a.modifier, result: r.result });
  }
  for (const { a, r } of rolled) applyResult(a.ship, r.result, dice(`damage:${a.key}`), lines);
}

export function applyResult(ship: Ship, result: AttackResult, dice: ReturnType<Dice>, lines: ReportLine[]): void {
  for (let i = 0; i < hitsOf(result); i++) hit(ship, dice, lines);
  disable(ship, disableOf(result), lines);
}

const describe = (r: AttackResult): string => ({ M: "miss", D1: "disabled 1 turn", D2: "disabled 2 turns", H: "hit", "H+D2": "hit and disabled 2 turns", "2H": "two hits" })[r];

export type { Attack };

/** IP6.8: a kinetic buster whose course enters an enemy base's hex destroys it on a d6 below its speed. */
function busterAttack(state: State, o: Ordnance, c: Course, dice: Dice, lines: ReportLine[]): void {
  const speed = length(c.vel);
  for (const t of courseHexes(c).slice(1)) {
    const base = [...BOARD.bases.values()].find((b) => equal(b.hex, t.hex));
    const bs = base && state.bases[base.id];
    if (!base || !bs || bs.destroyed || bs.owner === null || bs.owner === o.side) continue;
    const roll = dice(`buster:${o.id}:${base.id}`).d6();
    const hitIt = roll < speed;
    lines.push({ rule: "IP6.8", kind: "buster", text: `${o.id} strikes ${base.name} at speed ${speed}: roll ${roll}, ${hitIt ? "base destroyed" : "no effect"}`, ordnance: o.id, base: base.id, roll, speed, destroyed: hitIt });
    state.ordnance = state.ordnance.filter((x) => x !== o);
    if (hitIt) {
      bs.destroyed = true;
      if (state.hqDestroyed[bs.owner] === undefined) state.hqDestroyed[bs.owner] = state.turn;
      for (const s of state.ships) if (s.base === base.id && s.status !== "destroyed") {
        s.status = "destroyed";
        lines.push({ rule: "IP6.8", kind: "destroyed", text: `${s.id} is destroyed with ${base.name}`, ship: s.id });
      }
    }
    return;
  }
}
