// vacation.*: the caller's vacation (issue 22): read it, declare one from now, end it early.
import { z } from "zod";
import { endVacation, MAX_VACATION_DAYS, startVacation, vacationState } from "../../services/vacations";
import { protectedProcedure, router } from "../trpc";

export const vacationRouter = router({
  get: protectedProcedure.query(({ ctx }) => vacationState(ctx.db, ctx.user.id)),
  /** Days from now, up to 10 (fractions allowed: 0.5 is twelve hours). */
  start: protectedProcedure
    .input(z.object({ days: z.number().min(1 / 24, "A vacation lasts at least an hour").max(MAX_VACATION_DAYS, `A vacation lasts up to ${MAX_VACATION_DAYS} days`) }))
    .mutation(({ ctx, input }) => startVacation(ctx.db, ctx.user.id, input.days)),
  end: protectedProcedure.mutation(async ({ ctx }) => ({ ended: await endVacation(ctx.db, ctx.user.id) })),
});
