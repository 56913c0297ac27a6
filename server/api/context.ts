// The request context: the runtime's database and bus, and the signed-in user from next-auth.
import { getRuntime } from "../runtime";
import { getSessionUser, sessionUserOfRequest } from "../auth";
import { contextFrom } from "./context-from";
import type { Context } from "./trpc";

/** What an API request gives for its context: its headers. */
export interface ApiRequest {
  headers: Headers;
}

/**
 * The context of a server component's call (the user through next/headers) or, given `api`, of an
 * HTTP request to the API (the user from that request's own cookies).
 */
export async function createContext(api?: ApiRequest): Promise<Context> {
  return contextFrom(getRuntime, api ? () => sessionUserOfRequest(api.headers) : getSessionUser);
}
