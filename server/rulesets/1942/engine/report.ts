// The report of a combat phase (RULES.md Appendix A; more fields than tests rely on).
import type { ChoiceEntry, RoundRecord } from "./combat/battle";
import type { FireRecord } from "./combat/fire";
import type { Nation, Team, UnitCounts, UnitType } from "./types";

export type OrderStatus = "completed" | "stopped" | "bounced" | "destroyed" | "invalid";

export interface OrderReport {
  id: string;
  nation: Nation;
  status: OrderStatus;
  /** Where the order's own units stand when its pass ends (R5.2); `from` for invalid orders. */
  endedAt: string;
  /** Rule and words: why invalid, stopped, bounced or destroyed; why cargo did not unload. */
  reason?: string;
  rule?: string;
  pass?: "sea" | "land";
  /** Transport orders with `unload` (R5.3). */
  unloaded?: boolean;
  unloadReason?: string;
}

export interface AaReport {
  territory: string;
  order: string;
  nation: Nation;
  shots: number;
  hits: number;
  lost: UnitCounts;
  fire: FireRecord;
}

export interface ConflictReport {
  kind: "meeting" | "head-on";
  pass: "sea" | "land";
  step: number;
  /** Meeting: the territory; head-on: the territory of the weaker force (or both, on a bounce). */
  territory: string;
  edge?: [string, string];
  forces?: { team: Team; from: string; to: string; value: number; orders: string[]; nations?: Nation[] }[];
  result?: "advanced" | "bounced";
  orders: string[];
  /** The nation of each order in `orders` (order ids are unique only within a nation's list, R4.2). */
  nations?: Nation[];
  rule: string;
}

export interface RaidReport {
  territory: string;
  nation: Nation;
  raiders: string[];
  rolls: number[];
  /** Credits the raided nation actually lost. */
  damage: number;
  reason?: string;
}

export interface CaptureReport {
  territory: string;
  from: Nation;
  to: Nation;
  when: "blitz" | "movement" | "battle";
  liberated?: boolean;
  rule: string;
}

export interface CreditTransfer {
  capital: string;
  from: Nation;
  to: Nation;
  credits: number;
  rule: "R8.2";
}

export interface BattleReport {
  territory: string;
  pass: "sea" | "land";
  amphibious: boolean;
  winner?: Team | "none";
  bombardment: { hits: number; lost: Partial<Record<Team, UnitCounts>>; fire?: FireRecord; choices?: ChoiceEntry[] };
  destroyedAtOnce: Partial<Record<Team, UnitCounts>>;
  rounds: RoundRecord[];
  /** Units that took part: nation, type, counts per team at the start. */
  sides: Record<Team, { nation: Nation; type: UnitType; count: number; attacking: boolean }[]>;
}

export interface UnitReport {
  nation: Nation;
  type: UnitType;
  at: string;
  count: number;
  aboard?: true;
}

export interface PurchaseReport {
  id: string;
  nation: Nation;
  type: UnitType;
  count: number;
  destination: string;
  from?: string;
  cost: number;
}

export interface CombatReport {
  orders: OrderReport[];
  aa: AaReport[];
  conflicts: ConflictReport[];
  battles: BattleReport[];
  raids: RaidReport[];
  captures: CaptureReport[];
  transfers: CreditTransfer[];
  purchases: PurchaseReport[];
  units: UnitReport[];
  owners: Record<string, Nation>;
  treasury: Record<Nation, number>;
}
