// The shapes of 1942's questions (Ruleset.queries): a question arrives from the network as unknown
// JSON, so each query checks it before the engine reads it — a bad shape is answered with the field
// that is wrong, never a crash inside the rules. Shape only: whether a territory exists, a unit may
// move or a purchase is paid for is the engine's to say (R4), in the answer.
import { z } from "zod";
import { UNIT_TYPES, type Order } from "../engine";
import type { GroupQuery } from "./destinations";

const territory = z.string().min(1).max(80);
const unitCounts = z.partialRecord(z.enum(UNIT_TYPES), z.number().int().min(0).max(999));
const load = z.strictObject({ from: territory, units: unitCounts, atStep: z.number().int().min(0).max(8) });

const moveOrder = z.strictObject({
  id: z.string().min(1).max(40),
  units: unitCounts,
  from: territory,
  path: z.array(territory).max(8),
  stealth: z.boolean().optional(),
  load: load.optional(),
  unload: territory.optional(),
  bombard: territory.optional(),
  raid: z.boolean().optional(),
});
const purchaseOrder = z.strictObject({
  id: z.string().min(1).max(40),
  type: z.enum(UNIT_TYPES),
  count: z.number().int().min(1).max(99),
  destination: territory,
  from: territory.optional(),
});
/** The draft's earlier orders (R4.2: their claims count), at most a draft's worth. */
const earlier = z.array(z.union([moveOrder, purchaseOrder])).max(300);

/** "Where may this group go?": the group, the path chosen so far, its load, and the earlier orders. */
const groupQuestion = z.strictObject({
  from: territory,
  units: unitCounts,
  stealth: z.boolean().optional(),
  via: z.array(territory).max(8).optional(),
  load: load.optional(),
  earlier,
});
/** "Where may I place what I buy?": the earlier orders of the draft (money and factory room spent). */
const placementQuestion = z.strictObject({ earlier });

type Checked<Q> = { ok: true; question: Q } | { ok: false; message: string };

/** The first problem zod found, with the field it concerns ("earlier.0.units.tank: ..."). */
function checked<Q>(schema: z.ZodType, raw: unknown): Checked<Q> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, question: parsed.data as Q };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "the question";
  return { ok: false, message: `${where}: ${issue.message}` };
}

export const checkGroupQuestion = (raw: unknown): Checked<GroupQuery> => checked<GroupQuery>(groupQuestion, raw);
export const checkPlacementQuestion = (raw: unknown): Checked<{ earlier: Order[] }> => checked<{ earlier: Order[] }>(placementQuestion, raw);
