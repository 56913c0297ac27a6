// The browser's tRPC links: subscriptions over SSE; the queries of POST_QUERIES batched as POST (their
// input may outgrow a URL); every other call batched as tRPC sends it (queries GET, mutations POST).
import { httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from "@trpc/client";
import type { AppRouter } from "../../server/api/root";
import { MAX_BATCH_CALLS } from "./batch";
import { POST_QUERIES } from "./post-queries";

export function trpcLinks(url: string): TRPCLink<AppRouter>[] {
  return [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url }),
      false: splitLink({
        condition: (op) => op.type === "query" && POST_QUERIES.has(op.path),
        true: httpBatchLink({ url, maxItems: MAX_BATCH_CALLS, methodOverride: "POST" }),
        false: httpBatchLink({ url, maxItems: MAX_BATCH_CALLS }),
      }),
    }),
  ];
}
