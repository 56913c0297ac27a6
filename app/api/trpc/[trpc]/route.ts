// tRPC over HTTP: queries and mutations batched, subscriptions streamed as server-sent events.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "../../../../server/api/context";
import { appRouter } from "../../../../server/api/root";
import { limitBody, TRPC_BODY_LIMIT } from "../../../../server/http/body-limit";
import { MAX_BATCH_CALLS } from "../../../trpc/batch";

export const dynamic = "force-dynamic";

async function handler(incoming: Request) {
  // A body over the limit is refused before it is read whole (413).
  const req = await limitBody(incoming, TRPC_BODY_LIMIT);
  if (req instanceof Response) return req;
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext,
    maxBatchSize: MAX_BATCH_CALLS,
    // Internal errors are logged (with the id the client sees) by the error formatter.
  });
}

export { handler as GET, handler as POST };
