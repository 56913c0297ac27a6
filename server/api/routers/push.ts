// push.*: Web Push subscriptions of the signed-in user's browsers, and the server's public VAPID key.
import { z } from "zod";
import { subscribePush, unsubscribePush, vapidKeys } from "../../services/push";
import { protectedProcedure, router } from "../trpc";

// Push services are reached over HTTPS only (web-push always uses it).
const endpoint = z.string().url().max(2000).startsWith("https://");
const key = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+=*$/, "a base64url key");

export const pushRouter = router({
  publicKey: protectedProcedure.query(async ({ ctx }) => (await vapidKeys(ctx.db)).publicKey),
  subscribe: protectedProcedure
    .input(z.object({ endpoint, keys: z.object({ p256dh: key, auth: key }) }))
    .mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input)),
  unsubscribe: protectedProcedure.input(z.object({ endpoint })).mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
});
