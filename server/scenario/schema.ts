// RULES.md Appendix A — the scenario file, as a zod schema. Shapes only; names are checked in parse.ts.
import { z } from "zod";
import { NATIONS, UNIT_TYPES } from "../rulesets/1942/engine/types";

const nation = z.enum(NATIONS);
const unitType = z.enum(UNIT_TYPES);
const count = z.number().int().min(0);
const id = z.string().min(1);
const counts = z.record(z.string(), count);

/** R9.1 — a victory city; strict, so a misspelt key is a file error rather than silently dropped. */
export const victoryCitySchema = z.strictObject({
  name: z.string().min(1),
  points: z.number().int().min(1),
  nation: nation.optional(),
});

export const territorySchema = z.object({
  id,
  kind: z.enum(["land", "sea"]),
  value: count.optional(),
  owner: nation.optional(),
  originalOwner: nation.optional(),
  capitalOf: nation.optional(),
  victoryCity: z.union([victoryCitySchema, z.array(victoryCitySchema).min(1)]).optional(),
});

/** R9 — the house rules; strict, so a misspelt rule is a file error rather than silently off. */
export const houseRulesSchema = z.strictObject({
  victoryCities: z.boolean().optional(),
  minorVictoryTurn: z.number().int().min(1).optional(),
  vcInfantry: z.boolean().optional(),
  commerceRaiding: z.boolean().optional(),
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
  options: z
    .object({
      lowLuck: z.boolean().optional(),
      seed: z.string().optional(),
      houseRules: houseRulesSchema.optional(),
      /** The number of the turn the scenario plays (R9.1 minor victory); default 1. */
      turn: z.number().int().min(1).optional(),
    })
    .optional(),
  treasury: z.partialRecord(nation, count).optional(),
  units: z.array(unitStackSchema).optional(),
  orders: z.partialRecord(nation, z.array(z.record(z.string(), z.unknown()))).optional(),
  /** Post-combat landings chosen by players (R7.1), for `until: "turn"`; others land by default (R7.4). */
  landings: z.partialRecord(nation, z.array(z.object({ type: unitType, count: z.number().int().min(1), from: id, to: id }))).optional(),
  /** Post-combat AA gun moves (R7.2), for `until: "turn"`. */
  aaMoves: z.partialRecord(nation, z.array(z.object({ from: id, to: id, count: z.number().int().min(1) }))).optional(),
  until: z.enum(["movement", "battles", "turn"]).optional(),
});
