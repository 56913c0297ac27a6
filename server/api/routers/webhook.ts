// webhook.*: the signed-in user's webhooks (issue 23): register one (its signing secret is answered
// once), list them with their dead letters, send a test, delete. The public API serves the same
// procedures (server/api/public/routes.ts), so one zod schema checks both.
import { z } from "zod";
import { env } from "../../env";
import { serverSecret } from "../../auth/secret";
import { webhookUrlProblem, MAX_WEBHOOK_URL_LENGTH } from "../../services/webhooks/address";
import { createWebhook, deleteWebhook, listWebhooks, testWebhook, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from "../../services/webhooks/webhooks";
import { plainText, rowId } from "../input";
import { protectedProcedure, router } from "../trpc";

// Only https on a public host name (never an IP, localhost or a private name); its addresses are checked again at each connection.
// Under the text policy first: a URL parser silently drops tabs and newlines, so they never reach it.
const url = plainText(z.string().trim().min(1, "Give the receiver's https URL").max(MAX_WEBHOOK_URL_LENGTH), "a webhook URL").superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const webhookInput = {
  create: z.object({
    url,
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1, "Choose at least one event")
      .max(WEBHOOK_EVENTS.length)
      .refine((e) => new Set(e).size === e.length, "An event is named twice"),
    format: z.enum(WEBHOOK_FORMATS).default("json"),
    gameId: rowId.nullish(),
  }),
  one: z.object({ webhookId: rowId }),
};

export const webhookRouter = router({
  create: protectedProcedure.input(webhookInput.create).mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.user.id, input, serverSecret(env()))),
  list: protectedProcedure.query(({ ctx }) => listWebhooks(ctx.db, ctx.user.id)),
  test: protectedProcedure.input(webhookInput.one).mutation(({ ctx, input }) => testWebhook(ctx.db, ctx.user.id, input.webhookId)),
  delete: protectedProcedure.input(webhookInput.one).mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.user.id, input.webhookId)),
});
