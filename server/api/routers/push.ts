// push.*: Web Push subscriptions of the signed-in user's browsers, and the server's public VAPID key.
import { z } from "zod";
import { pushEndpointProblem } from "../../services/push-endpoint";
import { subscribePush, unsubscribePush, vapidKeys } from "../../services/push";
import { text } from "../input";
import { protectedProcedure, router } from "../trpc";

// Only a real browser push service's https endpoint (never loopback, an IP or a private host).
const endpoint = text(1, 2000).superRefine((url, ctx) => {
  const problem = pushEndpointProblem(url);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** base64url (padding allowed) that decodes to `bytes` bytes, as PushSubscription.toJSON() gives keys. */
const key = (bytes: number, what: string, check: (b: Buffer) => boolean = () => true) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((s) => {
      const b = Buffer.from(s, "base64url");
      return b.length === bytes && check(b);
    }, `${what} is not a valid key`);

// RFC 8291: p256dh is an uncompressed P-256 point (65 bytes, 0x04 first); auth is a 16-byte secret.
const keys = z.strictObject({ p256dh: key(65, "p256dh", (b) => b[0] === 4), auth: key(16, "auth") });

export const pushRouter = router({
  publicKey: protectedProcedure.query(async ({ ctx }) => (await vapidKeys(ctx.db)).publicKey),
  subscribe: protectedProcedure.input(z.object({ endpoint, keys })).mutation(({ ctx, input }) => subscribePush(ctx.db, ctx.user.id, input)),
  unsubscribe: protectedProcedure.input(z.object({ endpoint: text(1, 2000) })).mutation(({ ctx, input }) => unsubscribePush(ctx.db, ctx.user.id, input.endpoint)),
});
