// tRPC over HTTP: queries and mutations batched, subscriptions streamed as server-sent events.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { createContext } from "../../../../server/api/context";
import { appRouter } from "../../../../server/api/root";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext,
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path}:`, error);
    },
  });
}

export { handler as GET, handler as POST };
