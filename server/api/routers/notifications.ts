// notifications.*: the signed-in user's own notifications, and a live hint when they change.
import { on } from "node:events";
import { tracked } from "@trpc/server";
import { z } from "zod";
import { listNotifications, markRead, unreadCount } from "../../services/notifications";
import { rowId, text } from "../input";
import { checkStreamRoom, counted } from "../streams";
import type { UserEvent } from "../../runtime-events";
import { protectedProcedure, router } from "../trpc";

export const notificationsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listNotifications(ctx.db, ctx.user.id)),
  unread: protectedProcedure.query(({ ctx }) => unreadCount(ctx.db, ctx.user.id)),
  markRead: protectedProcedure
    .input(z.object({ ids: z.union([z.array(rowId).max(200), z.literal("all")]) }))
    .mutation(({ ctx, input }) => markRead(ctx.db, ctx.user.id, input.ids)),
  /** Open tabs refetch the list and the count when this fires; it carries only the user's own id. */
  live: protectedProcedure.input(z.object({ lastEventId: text(0, 200).nullish() }).optional()).subscription(({ ctx, signal }) => {
    checkStreamRoom(ctx.user.id);
    return counted(
      ctx.user.id,
      (async function* () {
        let n = 0;
        for await (const [event] of on(ctx.bus, `user:${ctx.user.id}`, { signal })) {
          const e = event as UserEvent;
          n += 1;
          // Press hints name the game only: the panel refetches what this user may read.
          yield tracked(`${Date.now()}:${n}`, e.kind === "press" ? { kind: "press" as const, gameId: e.gameId ?? 0 } : { kind: "notification" as const });
        }
      })(),
    );
  }),
});
