// The OpenAPI 3.1 document of the public API (GET /api/v1/openapi.json), made from the route table
// (./routes.ts) and each procedure's own zod input schemas (z.toJSONSchema), so it describes exactly
// what the handler accepts. Path parameters are taken out of the body or query schema they came from.
import { z } from "zod";
import { appRouter } from "../root";
import { DOCUMENTED_OUTPUTS } from "../outputs";
import { INTEGER_PARAMS, API_ROUTES, type ApiRoute } from "./routes";

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; [key: string]: unknown };

/**
 * The zod schemas a procedure's input is parsed with (one per `.input()`, merged by tRPC); a parser
 * of our own (orders.save's list, server/api/order-list.ts) names the schema it stands for.
 */
function inputSchemasOf(procedure: string): z.ZodType[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: (z.ZodType | ((input: unknown) => unknown))[] } }>;
  const found = procedures[procedure];
  if (!found) throw new Error(`The API route table names ${procedure}, which the router does not have`);
  return found._def.inputs.map((input) => (typeof input === "function" ? (input as unknown as { schema: z.ZodType }).schema : input));
}

/** One object schema of the procedure's input fields (the merged `.input()`s), path parameters left out. */
export function inputSchemaOf(route: ApiRoute): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  // A body whose every part is strict refuses a field it does not name (400): the document says so.
  let strict = true;
  for (const schema of inputSchemasOf(route.procedure)) {
    // Dates and transforms have no JSON form of their own (STACK.md pitfall 21); the input side is what a client sends.
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    Object.assign(properties, json.properties ?? {});
    for (const name of json.required ?? []) required.add(name);
    strict &&= json.additionalProperties === false;
  }
  for (const name of pathParams(route)) {
    delete properties[name];
    required.delete(name);
  }
  return { type: "object", properties, ...(required.size ? { required: [...required] } : {}), ...(strict ? { additionalProperties: false } : {}) };
}

/** The zod schema of a procedure's answer: its own `.output()`, else the documented one (api/outputs.ts). */
export function outputSchemaOf(procedure: string): z.ZodType | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: z.ZodType } }>;
  return procedures[procedure]?._def.output ?? DOCUMENTED_OUTPUTS[procedure];
}

export const pathParams = (route: ApiRoute) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

function answerSchema(route: ApiRoute): JsonSchema {
  const schema = outputSchemaOf(route.procedure);
  if (!schema) throw new Error(`The API route ${route.method} ${route.path} has no answer schema (server/api/outputs.ts)`);
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  return json;
}

function operation(route: ApiRoute) {
  const parameters: unknown[] = pathParams(route).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: INTEGER_PARAMS.has(name) ? { type: "integer", minimum: 1 } : { type: "string" },
  }));
  const input = route.noInput ? null : inputSchemaOf(route);
  let requestBody: unknown;
  if (route.stream) parameters.push({ name: "Last-Event-ID", in: "header", required: false, description: "The last event id seen: what came after it is sent first", schema: { type: "string" } });
  if (input && route.method === "GET") {
    for (const [name, schema] of Object.entries(input.properties ?? {})) {
      // Query values are read as JSON when they parse (numbers, objects, arrays), else as text.
      parameters.push({ name, in: "query", required: input.required?.includes(name) ?? false, content: { "application/json": { schema } } });
    }
  } else if (input && Object.keys(input.properties ?? {}).length > 0) {
    requestBody = { required: (input.required?.length ?? 0) > 0, content: { "application/json": { schema: input } } };
  }
  return {
    operationId: route.operationId ?? route.procedure,
    "x-procedure": route.procedure,
    summary: route.summary,
    description:
      `Calls the site's \`${route.procedure}\`. Needs a token with the \`${route.scope}\` scope.` +
      (route.playInstead ? ` For classic 1942 games only: a game played a phase at a time (every game POST /challenges makes) answers 400 naming \`${route.playInstead}\`, the route to use.` : ""),
    ...(route.playInstead ? { "x-play-instead": route.playInstead } : {}),
    tags: [route.procedure.split(".")[0]],
    security: [{ bearerAuth: [route.scope] }],
    "x-scope": route.scope,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses: {
      "200": route.stream
        ? { description: "Server-sent events: `id:` (the event's public id), `event:` (its kind), `data:` (the event as JSON); `: keep-alive` comments", content: { "text/event-stream": { schema: { type: "string" } } } }
        : { description: "The procedure's answer, as the site receives it", content: { "application/json": { schema: answerSchema(route) } } },
      "400": errorResponse("Bad input; `issues` names each field and problem"),
      "401": errorResponse("No token, or an unknown, revoked or expired one"),
      "403": errorResponse("The token lacks the scope, or its user may not do this"),
      "404": errorResponse("No such game, channel or route"),
      "409": errorResponse("The game's state does not allow it now"),
      "429": { ...errorResponse("Over the token's rate limit; wait Retry-After seconds"), headers: { "Retry-After": { schema: { type: "integer" } } } },
    },
  };
}

let cached: object | undefined;

/** The whole document; built once (the table and schemas are fixed at start-up). */
export function openApiDocument(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of API_ROUTES) (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Lockstep public API",
      version: "1",
      description: "Play Lockstep from a program: the same procedures, checks and secrecy as the site. Make a token on /settings; see docs/api.md.",
    },
    servers: [{ url: "/api/v1" }],
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API token from /settings (lst_…); scopes read, play, press, webhooks" } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } } },
                details: {},
              },
            },
          },
        },
      },
    },
  };
  return cached;
}
