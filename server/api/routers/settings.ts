// settings.*: the signed-in user's own notification settings (channels, quiet hours).
import { z } from "zod";
import { getSettings, saveSettings } from "../../services/notification-settings";
import { protectedProcedure, router } from "../trpc";

const minuteOfDay = z.number().int().min(0).max(1439).nullable();

export const settingsRouter = router({
  get: protectedProcedure.query(({ ctx }) => getSettings(ctx.db, ctx.user.id)),
  save: protectedProcedure
    .input(
      z.object({
        email: z.boolean(),
        push: z.boolean(),
        quietStart: minuteOfDay,
        quietEnd: minuteOfDay,
        timeZone: z.string().min(1).max(64),
        // Press (issue 14); absent from older clients: on.
        pressInApp: z.boolean().default(true),
        pressPush: z.boolean().default(true),
        pressEmail: z.boolean().default(true),
      }),
    )
    .mutation(({ ctx, input }) => saveSettings(ctx.db, ctx.user.id, input)),
});
