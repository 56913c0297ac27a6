// postCombat.*: save, lock, unlock a nation's landings and AA moves (R7) — only by that nation's player.
import { lockPostCombat, savePostCombat, unlockPostCombat } from "../../services/post-combat";
import { postCombatInput } from "../schemas";
import { endsVacation, nationProcedure, router } from "../trpc";
import { lockOutput } from "../outputs";

export const postCombatRouter = router({
  save: nationProcedure.use(endsVacation).input(postCombatInput).mutation(({ ctx, input }) => savePostCombat(ctx.db, ctx.user.id, input.gameId, input.nation, input)),
  lock: nationProcedure.use(endsVacation).output(lockOutput).mutation(({ ctx, input }) => lockPostCombat(ctx.db, ctx.user.id, input.gameId, input.nation)),
  unlock: nationProcedure.mutation(({ ctx, input }) => unlockPostCombat(ctx.db, input.gameId, input.nation)),
});
