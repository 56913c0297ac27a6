// settings.*: the signed-in user's own notification settings (channels, quiet hours).
import { z } from "zod";
import { getSettings, saveSettings } from "../../services/notification-settings";
import { text } from "../input";
import { protectedProcedure, router } from "../trpc";

const minuteOfDay = z.number().int().min(0).max(1439).nullable();

export const settingsRouter = router({
  get: protectedProcedure.query(({ ctx }) => getSettings(ctx.db, ctx.user.id)),
  save: protectedProcedure
    .input(z.object({ email: z.boolean(), push: z.boolean(), quietStart: minuteOfDay, quietEnd: minuteOfDay, timeZone: text(1, 64) }))
    .mutation(({ ctx, input }) => saveSettings(ctx.db, ctx.user.id, input)),
});
