// Builds full Interplanetary states from the corpus' compact JSON: every field a case leaves out
// takes a plain default (a fresh ship in space at speed 0, all bases open).
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { key } from "../../../server/rulesets/interplanetary/hex";
import { ORDNANCE_KINDS, type Ordnance, type OrdnanceKind, type PendingGravity, type Ship, type State } from "../../../server/rulesets/interplanetary/types";

type Pair = [number, number];
const h = (p: Pair | undefined, d: Pair = [0, 0]) => ({ q: (p ?? d)[0], r: (p ?? d)[1] });

/** Pending gravity named by hex key ("-6,0"), or "-6,0!" for a forced weak hex. */
export function pendingFrom(list: (string | PendingGravity)[] | undefined): PendingGravity[] {
  return (list ?? []).map((x) => {
    if (typeof x !== "string") return x;
    const forced = x.endsWith("!");
    const k = forced ? x.slice(0, -1) : x;
    const g = BOARD.gravity.get(k);
    if (!g) throw new Error(`fixture: ${k} is not a gravity hex`);
    return { hex: k, arrows: g.arrows.map((a) => a.dir), strength: g.strength, weak: g.weak, forced };
  });
}

export interface ShipFixture extends Partial<Omit<Ship, "pos" | "vel" | "pending" | "stock" | "hp">> {
  id: string;
  side: string;
  pos: Pair;
  vel?: Pair;
  pending?: string[];
  stock?: Partial<Record<OrdnanceKind, number>>;
  hp?: Partial<Ship["hp"]>;
}

export interface OrdnanceFixture extends Partial<Omit<Ordnance, "pos" | "vel" | "pending">> {
  id: string;
  kind: OrdnanceKind;
  side: string;
  pos: Pair;
  vel?: Pair;
  pending?: string[];
}

export interface StateFixture extends Partial<Omit<State, "ships" | "ordnance">> {
  ships?: ShipFixture[];
  ordnance?: OrdnanceFixture[];
}

export function buildState(f: StateFixture): State {
  const ships: Ship[] = (f.ships ?? []).map((s) => ({
    fuel: 20,
    maxFuel: 20,
    guns: 0,
    disabled: 0,
    status: "flying",
    base: null,
    orbit: null,
    visited: [],
    ...s,
    pos: h(s.pos),
    vel: h(s.vel),
    pending: pendingFrom(s.pending),
    stock: { ...(Object.fromEntries(ORDNANCE_KINDS.map((k) => [k, 0])) as Record<OrdnanceKind, number>), ...s.stock },
    hp: { structure: 8, guns: 6, launchers: 6, reactor: 6, systems: 6, ...s.hp },
  }));
  const ordnance: Ordnance[] = (f.ordnance ?? []).map((o) => ({ ship: "x", turnsLeft: 5, fuel: o.kind === "torpedo" ? 1 : 0, ...o, pos: h(o.pos), vel: h(o.vel), pending: pendingFrom(o.pending) }));
  const bases = Object.fromEntries([...BOARD.bases.keys()].map((b) => [b, { owner: null, closed: false, destroyed: false, busters: 0 }]));
  const sides = f.sides ?? [...new Set([...ships.map((s) => s.side), ...ordnance.map((o) => o.side)])];
  return {
    ruleset: "interplanetary",
    version: "0.1.0",
    scenario: "training",
    turn: 1,
    nextOrdnance: 100,
    noFireZone: false,
    hqDestroyed: {},
    turnLimit: 100,
    ended: null,
    ...f,
    bases: { ...bases, ...f.bases },
    sides,
    ships,
    ordnance,
  };
}

export { key };
