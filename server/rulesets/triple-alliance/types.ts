// Triple Alliance state, orders and report (rulebook docs/rules/triple-alliance.md).
import type { Poly, Pt } from "./geometry";

export const RULESET_ID = "triple-alliance";
export const RULESET_VERSION = "0.1.0";

export type Arm = "infantry" | "cavalry" | "artillery";
export type Formation = "line" | "column" | "limbered" | "unlimbered";
export type Rating = "elite" | "trained" | "raw";
export type Weapon = "musket" | "rifle" | "smoothbore" | "none";
export type Nation = "Paraguay" | "Brazil" | "Argentina" | "Uruguay";

export interface Unit {
  id: string;
  name: string;
  side: string;
  nation: Nation;
  arm: Arm;
  weapon: Weapon;
  rating: Rating;
  formation: Formation;
  pos: Pt;
  facing: number;
  hits: number;
}

export interface General {
  id: string;
  name: string;
  side: string;
  pos: Pt;
}

export type TerrainKind = "woods" | "town" | "marsh" | "lake" | "hill" | "trench" | "ford" | "bridge";
export interface Area {
  kind: TerrainKind;
  name?: string;
  poly: Poly;
}
export interface Line {
  kind: "river" | "road";
  name?: string;
  points: Pt[];
  /** Roads: full width in mm (TA5.6). */
  width?: number;
}
export interface Battlefield {
  id: string;
  name: string;
  width: number;
  height: number;
  areas: Area[];
  lines: Line[];
}

/** A hand-to-hand that goes on (TA8.7). */
export interface Melee {
  attacker: string;
  defender: string;
}

export interface State {
  ruleset: typeof RULESET_ID;
  scenario: string;
  turn: number;
  turnLimit: number;
  breakFraction: number;
  battlefield: Battlefield;
  sides: string[];
  /** Team of each side (TA1.7). */
  teams: Record<string, string>;
  units: Unit[];
  generals: General[];
  melees: Melee[];
  /** Starting units per team and hits inflicted by each team (TA9.2, TA9.3). */
  startUnits: Record<string, number>;
  inflicted: Record<string, number>;
  ended?: { winners: string[]; draw: boolean; reason: string };
}

export interface MoveOrder {
  /** Facing after the start pivot (TA4.2); default the current facing. */
  face?: number;
  /** Distance straight ahead in mm (TA4.3). */
  distance?: number;
  /** Facing after the end pivot. */
  endFace?: number;
  /** March (TA4.4). */
  march?: boolean;
}

export type UnitOrder =
  | { move: MoveOrder }
  | { formation: Formation; face?: number }
  | { shoot: string }
  | { charge: string }
  | { hold: true };

export type GeneralOrder = { move: Pt } | { rally: string };

export interface Orders {
  units?: Record<string, UnitOrder>;
  generals?: Record<string, GeneralOrder>;
}

export interface ReportLine {
  rule: string;
  kind: string;
  [key: string]: unknown;
}
export interface Report {
  turn: number;
  lines: ReportLine[];
}
