// postCombat.*: save, lock, unlock a nation's landings and AA moves (R7) — only by that nation's player.
import { lockPostCombat, savePostCombat, unlockPostCombat } from "../../services/post-combat";
import { gameNation, postCombatInput } from "../schemas";
import { endsVacation, nationProcedure, protectedProcedure, router } from "../trpc";
import { lockOutput } from "../outputs";

export const postCombatRouter = router({
  save: nationProcedure.use(endsVacation).input(postCombatInput).mutation(({ ctx, input }) => savePostCombat(ctx.db, ctx.user.id, input.gameId, input.nation, input)),
  // The seat check (and the lock's end of a vacation) are done in each call's own statement.
  lock: protectedProcedure
    .input(gameNation)
    .output(lockOutput)
    .mutation(({ ctx, input }) => lockPostCombat(ctx.db, ctx.user.id, input.gameId, input.nation, { endsVacation: true })),
  unlock: protectedProcedure.input(gameNation).mutation(({ ctx, input }) => unlockPostCombat(ctx.db, ctx.user.id, input.gameId, input.nation)),
});
