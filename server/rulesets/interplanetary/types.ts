// Interplanetary's state, orders and report: the ruleset's own JSON (stored and replayed as is).
import type { Dir, Hex } from "./hex";

export const RULESET_ID = "interplanetary";
export const RULESET_VERSION = "0.1.0";

export type OrdnanceKind = "mine" | "rocket" | "missile" | "torpedo" | "buster";
export const ORDNANCE_KINDS: OrdnanceKind[] = ["mine", "rocket", "missile", "torpedo", "buster"];
export type ScenarioId = "training" | "planet-race" | "last-man-standing" | "hostile-takeover";

/** Gravity felt on the next turn from a hex entered or passed this turn (IP4.1). */
export interface PendingGravity {
  hex: string;
  arrows: Dir[];
  strength: 1 | 2;
  weak: boolean;
  /** The second of two weak hexes entered one after the other must apply (IP4.3). */
  forced: boolean;
}

export interface Subsystems {
  structure: number;
  guns: number;
  launchers: number;
  reactor: number;
  systems: number;
}

export type ShipStatus = "flying" | "landed" | "destroyed" | "lost";

export interface Ship {
  id: string;
  side: string;
  pos: Hex;
  vel: Hex;
  fuel: number;
  maxFuel: number;
  guns: number;
  stock: Record<OrdnanceKind, number>;
  /** Damage each subsystem can still take (IP7.7). */
  hp: Subsystems;
  /** Turns of disability left (IP7.6). */
  disabled: number;
  pending: PendingGravity[];
  status: ShipStatus;
  /** Landed at (planet base) or docked to (orbital or asteroid base). */
  base: string | null;
  /** The body this ship is in orbit around after the last turn (IP4.6). */
  orbit: string | null;
  /** Bodies whose gravity hexes this ship has entered, in order (scenario goals). */
  visited: string[];
}

export interface Ordnance {
  id: string;
  kind: OrdnanceKind;
  side: string;
  ship: string;
  pos: Hex;
  vel: Hex;
  pending: PendingGravity[];
  /** Turns left before it burns out; null: lasts for ever (a mine field, IP6.3). */
  turnsLeft: number | null;
  fuel: number;
}

export interface BaseState {
  /** Side owning the base, or null: open to all (IP8.1). */
  owner: string | null;
  /** Closed bases refuse service to everyone. */
  closed: boolean;
  destroyed: boolean;
  busters: number;
  /** Mass drivers of a headquarters (IP7.8); absent: none. */
  guns?: number;
}

export interface GameEnd {
  winners: string[];
  draw: boolean;
  reason: string;
  turn: number;
}

export interface State {
  ruleset: typeof RULESET_ID;
  version: string;
  scenario: ScenarioId;
  turn: number;
  sides: string[];
  ships: Ship[];
  ordnance: Ordnance[];
  bases: Record<string, BaseState>;
  nextOrdnance: number;
  /** Earth's no-fire zone of the planet race, until every ship has left it (IP9.2). */
  noFireZone: boolean;
  /** Turn each side's headquarters was destroyed (hostile takeover, IP9.4). */
  hqDestroyed: Record<string, number>;
  turnLimit: number;
  ended: GameEnd | null;
}

export interface ShipOrders {
  burn?: Dir;
  /** Choices for pending weak or two-directed gravity, by hex key (IP4.3, IP4.4). */
  gravity?: Record<string, Dir | "ignore">;
  takeoff?: boolean;
  land?: boolean;
  launch?: { kind: OrdnanceKind; burns?: Dir[]; target?: string; hold?: boolean };
  /** One target ship id per gun fired (IP7.1). */
  fire?: string[];
}

export interface OrdnanceOrders {
  burn?: Dir;
  gravity?: Record<string, Dir | "ignore">;
  /** The ship or ordnance to attack at the tip; hold: attack nothing this turn (IP6.6). */
  target?: string;
  hold?: boolean;
}

export interface Orders {
  ships?: Record<string, ShipOrders>;
  ordnance?: Record<string, OrdnanceOrders>;
}

export interface ReportLine {
  rule: string;
  kind: string;
  text: string;
  [field: string]: unknown;
}

export interface Report {
  turn: number;
  lines: ReportLine[];
}
