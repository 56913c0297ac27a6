// RULES.md Appendix A — the scenario file, as a zod schema. Shapes only; names are checked in parse.ts.
import { z } from "zod";
import { NATIONS, UNIT_TYPES } from "../engine/types";

const nation = z.enum(NATIONS);
const unitType = z.enum(UNIT_TYPES);
const count = z.number().int().min(0);
const id = z.string().min(1);
const counts = z.record(z.string(), count);

export const territorySchema = z.object({
  id,
  kind: z.enum(["land", "sea"]),
  value: count.optional(),
  owner: nation.optional(),
  originalOwner: nation.optional(),
  capitalOf: nation.optional(),
});

export const boardSchema = z.object({
  territories: z.array(territorySchema).min(1),
  edges: z.array(z.tuple([id, id])),
  canals: z.array(z.object({ between: z.tuple([id, id]), controlledBy: z.array(id).min(1) })).optional(),
  economicVictory: count.optional(),
});

export const unitStackSchema = z.object({
  nation,
  type: unitType,
  at: id,
  count,
  cargo: z.array(z.object({ type: unitType, count })).optional(),
});

export const moveOrderSchema = z.object({
  id: id.optional(),
  units: counts,
  from: id,
  path: z.array(id),
  stealth: z.boolean().optional(),
  load: z.object({ from: id, units: counts, atStep: count }).optional(),
  unload: id.optional(),
  bombard: id.optional(),
  raid: z.boolean().optional(),
});

export const purchaseOrderSchema = z.object({
  id: id.optional(),
  type: unitType,
  count: z.number().int(),
  destination: id,
  from: id.optional(),
});

export const scenarioSchema = z.object({
  board: boardSchema.optional(),
  options: z.object({ lowLuck: z.boolean().optional(), seed: z.string().optional() }).optional(),
  treasury: z.partialRecord(nation, count).optional(),
  units: z.array(unitStackSchema).optional(),
  orders: z.partialRecord(nation, z.array(z.record(z.string(), z.unknown()))).optional(),
  /** Post-combat landings chosen by players (R7.1), for `until: "turn"`; others land by default (R7.4). */
  landings: z.partialRecord(nation, z.array(z.object({ type: unitType, count: z.number().int().min(1), from: id, to: id }))).optional(),
  /** Post-combat AA gun moves (R7.2), for `until: "turn"`. */
  aaMoves: z.partialRecord(nation, z.array(z.object({ from: id, to: id, count: z.number().int().min(1) }))).optional(),
  until: z.enum(["movement", "battles", "turn"]).optional(),
});
