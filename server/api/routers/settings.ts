// settings.*: the signed-in user's own settings: notification channels, quiet hours, display name.
import { z } from "zod";
import { displayNameOf, setDisplayName } from "../../services/display-name";
import { isBot, setBot } from "../../services/bots";
import { getSettings, saveSettings } from "../../services/notification-settings";
import { text } from "../input";
import { protectedProcedure, router } from "../trpc";

const minuteOfDay = z.number().int().min(0).max(1439).nullable();

export const settingsRouter = router({
  get: protectedProcedure.query(async ({ ctx }) => ({ ...(await getSettings(ctx.db, ctx.user.id)), name: await displayNameOf(ctx.db, ctx.user.id), bot: await isBot(ctx.db, ctx.user.id) })),
  save: protectedProcedure
    .input(
      z.object({
        email: z.boolean(),
        push: z.boolean(),
        quietStart: minuteOfDay,
        quietEnd: minuteOfDay,
        timeZone: text(1, 64),
        // Press (issue 14); absent from older clients: on.
        pressInApp: z.boolean().default(true),
        pressPush: z.boolean().default(true),
        pressEmail: z.boolean().default(true),
      }),
    )
    .mutation(({ ctx, input }) => saveSettings(ctx.db, ctx.user.id, input)),
  /** The name other players see; null goes back to the generated one. Checked by the service (length, characters). */
  setName: protectedProcedure
    .input(z.object({ name: z.string().max(200).nullable() }))
    .mutation(({ ctx, input }) => setDisplayName(ctx.db, ctx.user.id, input.name)),
  /** Mark this account as a bot (issue 23): shown as a bot beside its name everywhere. */
  setBot: protectedProcedure.input(z.object({ bot: z.boolean() })).mutation(({ ctx, input }) => setBot(ctx.db, ctx.user.id, input.bot)),
});
