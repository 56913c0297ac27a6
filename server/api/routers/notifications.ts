// notifications.*: the signed-in user's own notifications, and a live hint when they change.
import { z } from "zod";
import { listNotifications, markRead, unreadCount } from "../../services/notifications";
import type { UserEvent } from "../../runtime-events";
import { userEventsAfter } from "../../services/events";
import { publicIds } from "../../services/public-ids";
import { rowId, text } from "../input";
import { liveStream } from "../live-stream";
import { checkStreamRoom, counted } from "../streams";
import { protectedProcedure, router } from "../trpc";

export const notificationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),
  unread: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),
  markRead: protectedProcedure
    .input(z.object({ ids: z.union([z.array(rowId).max(200), z.literal("all")]) }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.ids)),
  /** Open tabs refetch the list and the count when this fires; it carries only the user's own id. */
  live: protectedProcedure.input(z.object({ lastEventId: text(0, 200).nullish() }).optional()).subscription(async ({ ctx, input, signal }) => {
    checkStreamRoom(ctx.user.id);
    const ids = await publicIds(ctx.db);
    return counted(
      ctx.user.id,
      liveStream<UserEvent>({
        bus: ctx.bus,
        name: `user:${ctx.user.id}`,
        signal,
        lastEventId: input?.lastEventId,
        ids,
        // One hint is enough to refetch: only the latest missed one is replayed. Press hints name the
        // game only: the panel refetches what this user may read.
        replay: async (after) => (await userEventsAfter(ctx.db, ctx.user.id, after)).slice(-1),
      }),
    );
  }),
});
