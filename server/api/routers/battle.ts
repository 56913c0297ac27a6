// battle.*: a side's lead nation decides its casualties, submerges and withdrawals (R6.2, R6.6, R6.7).
import { z } from "zod";
import { decidedOutput } from "../outputs";
import { getPreference, resolveWithPreferences, setPreference } from "../../services/battle-preferences";
import { decideBattle } from "../../services/battles";
import { int4, keyText, rowId } from "../input";
import { casualtyPreference, gameId, gameNation } from "../schemas";
import { endsVacation, nationProcedure, protectedProcedure, router } from "../trpc";

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
  // The seat check and the end of a vacation are done in the decision's own statements (decideBattle).
  decide: protectedProcedure
    .input(gameNation)
    .input(
      z.object({
        battle: keyText(1, 80),
        round: int4(0, 1000),
        step: z.enum(["bombardment", "submarine", "general", "retreat"]),
        decision,
      }),
    )
    .output(decidedOutput)
    .mutation(({ ctx, input }) =>
      decideBattle(
        ctx.db,
        ctx.user.id,
        input.gameId,
        input.nation,
        { battle: input.battle, round: input.round, step: input.step, decision: input.decision },
        { endsVacation: true },
      ),
    ),
  /** The caller's own standing casualty preference in a game (nobody else's). */
  preference: protectedProcedure.input(z.object({ gameId })).query(({ ctx, input }) => getPreference(ctx.db, input.gameId, ctx.user.id)),
  setPreference: protectedProcedure
    .input(z.object({ gameId, casualties: casualtyPreference }))
    .mutation(({ ctx, input }) => setPreference(ctx.db, input.gameId, ctx.user.id, input.casualties)),
  /** One tap: the caller's preference decides the rest of this battle for the sides the caller leads. */
  resolveWithPreferences: nationProcedure
    .use(endsVacation)
    .input(z.object({ battle: keyText(1, 80) }))
    .mutation(({ ctx, input }) => resolveWithPreferences(ctx.db, input.gameId, ctx.user.id, input.battle)),
});
