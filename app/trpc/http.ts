// tRPC over HTTP: queries and mutations batched, subscriptions streamed as server-sent events.
// Served by pages/api/trpc/[trpc].ts (a Pages Router API route: Node's request and response, without
// the App Router's route machinery), which turns Node's request into this Request and writes back
// the Response. Each request has an id (X-Request-Id, given or new): it is on every log line of the
// request and in the response, so a player's report can be matched to the server's log.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "../../server/api/context";
import { retryAfterHeaders } from "../../server/api/internal-error";
import { appRouter } from "../../server/api/root";
import { ViewFrames } from "../../server/api/view-frames";
import { limitBody, TRPC_BODY_LIMIT } from "../../server/http/body-limit";
import { logger, requestIdOf } from "../../server/log";
import { MAX_BATCH_CALLS } from "./batch";
import { onlyPostQueries } from "./post-queries";

/** The path the API is served under. */
export const TRPC_ENDPOINT = "/api/trpc";

export async function handleTrpcRequest(incoming: Request): Promise<Response> {
  // A body over the limit is refused before it is read whole (413).
  const req = await limitBody(incoming, TRPC_BODY_LIMIT);
  if (req instanceof Response) return req;
  const requestId = requestIdOf(req.headers);
  // A game's stream: its events' views go in as bytes, the board's shared by every stream (view-frames.ts).
  const { pathname } = new URL(req.url);
  const viewFrames = pathname.endsWith("/game.events") ? new ViewFrames() : undefined;
  const res = await fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: async () => ({ ...(await createContext({ headers: req.headers })), viewFrames }),
    maxBatchSize: MAX_BATCH_CALLS,
    // A query whose input may outgrow a URL (post-queries.ts) may come as a POST; every other query only as a GET.
    allowMethodOverride: req.method === "POST" && onlyPostQueries(pathname, TRPC_ENDPOINT),
    // A mutation answers a few bytes: gzip would cost a compression stream per request (measured as
    // a twentieth of a save's CPU) to save nothing; no-transform tells Next's compression to skip it.
    // A 503 (the database connection failed) says when to retry.
    responseMeta: ({ type, errors }) => ({
      headers: { ...(type === "mutation" ? { "x-request-id": requestId, "cache-control": "no-store, no-transform" } : { "x-request-id": requestId }), ...retryAfterHeaders(errors) },
    }),
    // Internal errors are logged (with the id the client sees) by the error formatter.
    onError({ error, path }) {
      // The request id as a field, not a child logger: a child costs every request, a warning few.
      if (error.code === "SERVICE_UNAVAILABLE") logger.warn({ requestId, err: error.cause, path }, "database unavailable");
    },
  });
  return viewFrames && res.body ? new Response(viewFrames.splice(res.body), res) : res;
}
