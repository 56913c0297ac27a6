// IP6.2: the ordnance kinds (data/ordnance.json).
import data from "./data/ordnance.json";
import type { Table } from "./attack";
import type { OrdnanceKind } from "./types";

export interface OrdnanceSpec {
  cost: number;
  launchThrust: number;
  fuel: number;
  lifetime: number;
  table: Table | "buster";
  attacks: "course" | "tip" | "base";
}

export const ORDNANCE = data as Record<OrdnanceKind, OrdnanceSpec>;
