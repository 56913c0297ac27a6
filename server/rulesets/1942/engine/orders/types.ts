// R4 — orders as data (RULES.md Appendix A `orders`).
import type { UnitCounts, UnitType } from "../types";

/** R4.7 — load land units from a land territory after `atStep` steps of the transport's path. */
export interface LoadSpec {
  from: string;
  units: UnitCounts;
  atStep: number;
}

/** R4.2 move order, with the options of R4.4 (stealth), R4.7 (load/unload), R4.8 (bombard), R4.9 (raid). */
export interface MoveOrder {
  id: string;
  units: UnitCounts;
  from: string;
  path: string[];
  stealth?: boolean;
  load?: LoadSpec;
  unload?: string;
  bombard?: string;
  raid?: boolean;
}

/** R4.10 purchase. Ships name the zone as `destination` and the factory territory as `from`. */
export interface PurchaseOrder {
  id: string;
  type: UnitType;
  count: number;
  destination: string;
  from?: string;
}

export type Order = MoveOrder | PurchaseOrder;

export function isPurchase(order: Order): order is PurchaseOrder {
  return "type" in order && "destination" in order;
}

export interface Refusal {
  ok: false;
  rule: string;
  message: string;
}

export type Validation = { ok: true } | Refusal;

export function refuse(rule: string, message: string): Refusal {
  return { ok: false, rule, message: `${message} (${rule})` };
}
