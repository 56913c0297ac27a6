// The public HTTP API (issue 23): a request under /api/v1 is authenticated by its bearer token,
// checked against the token's scopes and rate limit, and answered by the SAME tRPC procedure the site
// calls (through the server-side caller, as the token's user), so validation, authorization and
// secrecy are the site's. Errors are JSON naming the problem; a 500 carries only a logged error id.
// The token itself is read only from the Authorization header and is never logged: the log line of
// each call carries the token's row id.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { z } from "zod";
import { authenticateToken } from "../../services/api-tokens";
import { ServiceError } from "../../services/errors";
import { hitRateLimit, type RateLimit } from "../../services/rate-limit";
import { getRuntime } from "../../runtime";
import { isConnectionError } from "../../../db/connection-error";
import { readBodyWithin, TRPC_BODY_LIMIT } from "../../http/body-limit";
import { logger, requestIdOf } from "../../log";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, internalMessage, logInternalError } from "../internal-error";
import { createCaller } from "../root";
import { openApiDocument } from "./openapi";
import { NotClassicError } from "../../services/ruleset-games/rulesets";
import { INTEGER_PARAMS, matchRoute, playRouteFor, type ApiRoute } from "./routes";
import { MAX_STREAMS_PER_TOKEN, sseResponse, takeStreamSlot } from "./stream";

/** Calls per token per minute. */
export const API_PER_TOKEN: RateLimit = { name: "api:token", max: 120, windowSeconds: 60 };

const PREFIX = "/api/v1";

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store", ...headers } });
}

const problem = (status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  json(status, { error: { code, message, ...extra } }, headers);

/** A path parameter as its input field: whole numbers for ids and turns (zod refuses anything else). */
function paramValue(name: string, value: string): unknown {
  return INTEGER_PARAMS.has(name) && /^\d{1,16}$/.test(value) ? Number(value) : value;
}

/** A GET's query: each value is read as JSON when it parses (numbers, objects, arrays), else as text. */
function queryInput(search: URLSearchParams): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of search) {
    try {
      input[key] = JSON.parse(value);
    } catch {
      input[key] = value;
    }
  }
  return input;
}

/** The procedure's input: the body (or a GET's query) with the path's parameters over it. */
async function inputOf(req: Request, route: ApiRoute, params: Record<string, string>): Promise<Record<string, unknown> | Response> {
  let fields: Record<string, unknown> = {};
  if (route.method === "GET") fields = queryInput(new URL(req.url).searchParams);
  else {
    const body = await readBodyWithin(req, TRPC_BODY_LIMIT);
    if (body instanceof Response) return body;
    const text = body ? new TextDecoder().decode(body).trim() : "";
    if (text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return problem(400, "BAD_REQUEST", "The body is not JSON");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return problem(400, "BAD_REQUEST", "The body must be a JSON object");
      fields = parsed as Record<string, unknown>;
    }
  }
  for (const [name, value] of Object.entries(params)) fields[name] = paramValue(name, value);
  return fields;
}

/**
 * The refusal of a classic 1942 route for a game played a phase at a time (or of another ruleset):
 * what the game is, and the play route to call instead, filled in for this call.
 */
function notClassicResponse(cause: NotClassicError, route: ApiRoute, params: Record<string, string>): Response {
  const [method, path] = playRouteFor(route, params)!.split(" ");
  const use = `${method} ${PREFIX}${path}`;
  return problem(400, "BAD_REQUEST", `${cause.lead}: use ${use}`, { details: { use } });
}

/** The HTTP answer for a procedure's error: its status, code and message; zod issues by field. */
function errorResponse(error: TRPCError, where: string, route?: ApiRoute, params: Record<string, string> = {}): Response {
  if (error.cause instanceof NotClassicError && route?.playInstead) return notClassicResponse(error.cause, route, params);
  if (error.code === "INTERNAL_SERVER_ERROR") {
    if (isConnectionError(error.cause ?? error)) return problem(503, "SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, {}, { "retry-after": String(RETRY_AFTER_SECONDS) });
    const id = logInternalError(error.cause ?? error, where);
    return problem(500, "INTERNAL_SERVER_ERROR", internalMessage(id));
  }
  const status = getHTTPStatusCodeFromError(error);
  if (error.code === "SERVICE_UNAVAILABLE") return problem(status, error.code, UNAVAILABLE_MESSAGE, {}, { "retry-after": String(RETRY_AFTER_SECONDS) });
  if (error.cause instanceof z.ZodError) {
    const issues = error.cause.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
    const message = issues
      .slice(0, 5)
      .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
      .join("; ");
    return problem(400, "BAD_REQUEST", `Bad input: ${message}`, { issues });
  }
  const details = error.cause instanceof ServiceError && error.cause.data !== undefined ? { details: error.cause.data } : {};
  return problem(status, error.code, error.message, details);
}

/** Calls procedure `path` ("orders.save") of `caller` with `input`. */
function callProcedure(caller: ReturnType<typeof createCaller>, path: string, input: unknown): Promise<unknown> {
  const [group, name] = path.split(".");
  const procedures = caller as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
  return procedures[group!]![name!]!(input);
}

function bearerOf(req: Request): string | null {
  const header = req.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
}

/** Answers one request under /api/v1. */
export async function handleApiRequest(req: Request): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(req.headers);
  const log = logger.child({ requestId });
  const path = new URL(req.url).pathname.replace(/\/+$/, "");
  if (!path.startsWith(PREFIX)) return problem(404, "NOT_FOUND", "No such route");
  const rest = path.slice(PREFIX.length) || "/";
  if (rest === "/openapi.json" && req.method === "GET") return json(200, openApiDocument());

  let matched: ReturnType<typeof matchRoute>;
  try {
    matched = matchRoute(req.method, rest);
  } catch {
    return problem(400, "BAD_REQUEST", "The path is not well encoded");
  }
  if ("problem" in matched) {
    return matched.problem === "method"
      ? problem(405, "METHOD_NOT_SUPPORTED", `Use ${matched.allowed!.join(" or ")} on this route`, {}, { allow: matched.allowed!.join(", ") })
      : problem(404, "NOT_FOUND", "No such route; see /api/v1/openapi.json");
  }
  const { route, params } = matched;
  // Every call to a route is logged with its token's id (none before the token is known), never the token.
  const finish = (response: Response, tokenId?: number) => {
    log.info({ tokenId, method: route.method, route: route.path, procedure: route.procedure, status: response.status, ms: Math.round(performance.now() - started) }, "api call");
    response.headers.set("x-request-id", requestId);
    return response;
  };

  const token = bearerOf(req);
  if (!token) return finish(problem(401, "UNAUTHORIZED", "Send an API token as Authorization: Bearer <token>", {}, { "www-authenticate": "Bearer" }));

  let runtime;
  try {
    runtime = await getRuntime();
  } catch (error) {
    log.warn({ err: error }, "database unavailable");
    return finish(problem(503, "SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, {}, { "retry-after": String(RETRY_AFTER_SECONDS) }));
  }
  const db = runtime.handle.db;

  try {
    const holder = await authenticateToken(db, token);
    if (!holder) return finish(problem(401, "UNAUTHORIZED", "The token is unknown, revoked or expired", {}, { "www-authenticate": 'Bearer error="invalid_token"' }));
    if (!holder.scopes.includes(route.scope))
      return finish(problem(403, "FORBIDDEN", `This token lacks the ${route.scope} scope`, {}, { "www-authenticate": `Bearer error="insufficient_scope", scope="${route.scope}"` }), holder.tokenId);
    const verdict = await hitRateLimit(db, API_PER_TOKEN, String(holder.tokenId));
    if (!verdict.allowed)
      return finish(
        problem(429, "TOO_MANY_REQUESTS", `Over ${API_PER_TOKEN.max} calls a minute; try again in ${verdict.retryAfterSeconds} s`, {}, { "retry-after": String(verdict.retryAfterSeconds) }),
        holder.tokenId,
      );

    if (route.stream) {
      const release = takeStreamSlot(holder.tokenId);
      if (!release)
        return finish(problem(429, "TOO_MANY_REQUESTS", `At most ${MAX_STREAMS_PER_TOKEN} open streams per token; close one first`, {}, { "retry-after": "30" }), holder.tokenId);
      // The stream ends when the client goes away or the server ends it (its lifetime): either aborts the source.
      const stop = new AbortController();
      req.signal.addEventListener("abort", () => stop.abort(), { once: true });
      const caller = createCaller({ db, bus: runtime.bus, user: holder.user }, { signal: stop.signal });
      const lastEventId = req.headers.get("last-event-id") ?? new URL(req.url).searchParams.get("lastEventId");
      const input = { ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, paramValue(k, v)])), ...(lastEventId ? { lastEventId } : {}) };
      try {
        const events = (await callProcedure(caller, route.procedure, input)) as AsyncIterable<unknown>;
        return finish(sseResponse(events, stop, release), holder.tokenId);
      } catch (error) {
        release();
        stop.abort();
        const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
        return finish(errorResponse(trpcError, `api ${route.method} ${route.path}`), holder.tokenId);
      }
    }
    const input = route.noInput ? undefined : await inputOf(req, route, params);
    if (input instanceof Response) return finish(input, holder.tokenId);
    const caller = createCaller({ db, bus: runtime.bus, user: holder.user }, { signal: req.signal });
    try {
      const result = await callProcedure(caller, route.procedure, input);
      return finish(json(200, result ?? null), holder.tokenId);
    } catch (error) {
      const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: error });
      return finish(errorResponse(trpcError, `api ${route.method} ${route.path}`, route, params), holder.tokenId);
    }
  } catch (error) {
    if (isConnectionError(error)) {
      log.warn({ err: error }, "database unavailable");
      return finish(problem(503, "SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, {}, { "retry-after": String(RETRY_AFTER_SECONDS) }));
    }
    const id = logInternalError(error, `api ${route.method} ${route.path}`);
    return finish(problem(500, "INTERNAL_SERVER_ERROR", internalMessage(id)));
  }
}
