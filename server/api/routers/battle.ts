// battle.*: a side's lead nation decides its casualties, submerges and withdrawals (R6.2, R6.6, R6.7).
import { z } from "zod";
import { decideBattle } from "../../services/battles";
import { nationProcedure, router } from "../trpc";

const unitIds = z.array(z.number().int().positive()).max(500);

const decision = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("casualties"), units: unitIds }),
  z.strictObject({ kind: z.literal("retreat"), submerge: unitIds, withdraw: unitIds }),
]);

export const battleRouter = router({
  decide: nationProcedure
    .input(
      z.object({
        battle: z.string().min(1).max(80),
        round: z.number().int().min(0).max(1000),
        step: z.enum(["bombardment", "submarine", "general", "retreat"]),
        decision,
      }),
    )
    .mutation(({ ctx, input }) =>
      decideBattle(ctx.db, input.gameId, input.nation, { battle: input.battle, round: input.round, step: input.step, decision: input.decision }),
    ),
});
