// token.*: the signed-in user's API tokens (issue 23): make one (its secret is answered once), list, revoke.
import { z } from "zod";
import { createToken, listTokens, MAX_TOKEN_DAYS, revokeToken, TOKEN_SCOPES } from "../../services/api-tokens";
import { int4, rowId, text } from "../input";
import { protectedProcedure, router } from "../trpc";

export const tokenRouter = router({
  create: protectedProcedure
    .input(
      z.object({
        name: text(1, 60),
        scopes: z
          .array(z.enum(TOKEN_SCOPES))
          .min(1, "Choose at least one scope")
          .max(TOKEN_SCOPES.length)
          .refine((s) => new Set(s).size === s.length, "A scope is named twice"),
        days: int4(1, MAX_TOKEN_DAYS),
      }),
    )
    .mutation(({ ctx, input }) => createToken(ctx.db, ctx.user.id, input)),
  list: protectedProcedure.query(({ ctx }) => listTokens(ctx.db, ctx.user.id)),
  revoke: protectedProcedure.input(z.object({ id: rowId })).mutation(({ ctx, input }) => revokeToken(ctx.db, ctx.user.id, input.id)),
});
