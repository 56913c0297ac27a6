// tRPC over HTTP: queries and mutations batched, subscriptions streamed as server-sent events.
// Each request has an id (X-Request-Id, given or new): it is on every log line of the request and in
// the response, so a player's report can be matched to the server's log.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "../../../../server/api/context";
import { appRouter } from "../../../../server/api/root";
import { logger, requestIdOf } from "../../../../server/log";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  const requestId = requestIdOf(req.headers);
  const log = logger.child({ requestId });
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext,
    responseMeta: () => ({ headers: { "x-request-id": requestId } }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") log.error({ err: error, path }, "tRPC internal error");
      else if (error.code === "SERVICE_UNAVAILABLE") log.warn({ err: error.cause, path }, "database unavailable");
    },
  });
}

export { handler as GET, handler as POST };
