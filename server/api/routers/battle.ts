// battle.*: a side's lead nation decides its casualties, submerges and withdrawals (R6.2, R6.6, R6.7).
import { z } from "zod";
import { decideBattle } from "../../services/battles";
import { int4, rowId, text } from "../input";
import { nationProcedure, router } from "../trpc";

// A unit is named once per choice: the same id twice would count one unit as two casualties.
const unitIds = z
  .array(rowId)
  .max(500)
  .refine((ids) => new Set(ids).size === ids.length, "A unit is named twice in one choice");

const decision = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("casualties"), units: unitIds }),
  z.strictObject({ kind: z.literal("retreat"), submerge: unitIds, withdraw: unitIds }),
]);

export const battleRouter = router({
  decide: nationProcedure
    .input(
      z.object({
        battle: text(1, 80),
        round: int4(0, 1000),
        step: z.enum(["bombardment", "submarine", "general", "retreat"]),
        decision,
      }),
    )
    .mutation(({ ctx, input }) =>
      decideBattle(ctx.db, input.gameId, input.nation, { battle: input.battle, round: input.round, step: input.step, decision: input.decision }),
    ),
});
