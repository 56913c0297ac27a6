// notifications.*: the signed-in user's own notifications.
import { z } from "zod";
import { listNotifications, markRead, unreadCount } from "../../services/notifications";
import { protectedProcedure, router } from "../trpc";

export const notificationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),
  unread: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),
  markRead: protectedProcedure
    .input(z.object({ ids: z.union([z.array(z.number().int()).max(200), z.literal("all")]) }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.ids)),
});
