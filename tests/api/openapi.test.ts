// The OpenAPI 3.1 document of the public API (issue 23): every route of the table is in it, with the
// procedure's input schema, and the document holds together structurally (fields OpenAPI 3.1 requires,
// path parameters declared, every $ref resolving).
import { describe, expect, it, vi } from "vitest";
import { appRouter } from "../../server/api/root";
import { openApiDocument, outputSchemaOf, pathParams } from "../../server/api/public/openapi";
import { API_ROUTES } from "../../server/api/public/routes";

vi.mock("../../server/runtime", () => ({ getRuntime: async () => ({}) }));
const route = await import("../../app/api/v1/[...path]/route");

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string; required: boolean }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: Record<string, unknown>; security: unknown[] }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

function refsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsOf(v, out);
    }
  return out;
}

describe("the OpenAPI document", () => {
  it("is served at /api/v1/openapi.json without a token", async () => {
    const res = await route.GET(new Request("http://localhost/api/v1/openapi.json"));
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toBe("3.1.0");
  });

  it("lists every route of the table, with its procedure, and names only procedures that exist", () => {
    const doc = openApiDocument() as Doc;
    const procedures = Object.keys(appRouter._def.procedures);
    for (const r of API_ROUTES) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      expect(op!.operationId).toBe(r.operationId ?? r.procedure);
      expect(procedures).toContain(r.procedure);
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it("is structurally valid OpenAPI 3.1", () => {
    const doc = openApiDocument() as Doc;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const operationIds = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith("/")).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect(["get", "put", "post", "delete", "patch"]).toContain(method);
        expect(operationIds.has(op.operationId)).toBe(false);
        operationIds.add(op.operationId);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        for (const code of Object.keys(op.responses)) expect(code).toMatch(/^[1-5]\d\d$|^default$/);
        // Every template parameter is declared in: path, required (OpenAPI 3.1 §4.8.12).
        const declared = op.parameters.filter((p) => p.in === "path");
        expect(declared.map((p) => p.name).sort()).toEqual(pathParams({ path } as never).sort());
        for (const p of declared) expect(p.required).toBe(true);
        for (const p of op.parameters) expect(["path", "query", "header", "cookie"]).toContain(p.in);
        for (const s of op.security) for (const name of Object.keys(s as object)) expect(doc.components.securitySchemes).toHaveProperty(name);
      }
    }
    for (const ref of refsOf(doc)) {
      const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      expect((doc.components as Record<string, Record<string, unknown>>)[section!]?.[name!], ref).toBeDefined();
    }
    // JSON all the way through (nothing a client could not read).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("describes each body from the procedure's zod input, path parameters left out", () => {
    const doc = openApiDocument() as Doc;
    const save = doc.paths["/games/{gameId}/nations/{nation}/orders"]!.put!;
    const schema = save.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(schema.properties!)).toEqual(["orders"]);
    const challenge = doc.paths["/challenges"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(challenge.properties!)).toEqual(expect.arrayContaining(["name", "nations", "robots", "ordersHours"]));
    // A phased challenge of any ruleset offers every platform option the classic one does (platform-options.ts).
    const platform = ["ordersHours", "robotsHold", "robotTakeover", "ordersAt", "decisionsAt", "press", "anonymous", "excusedMisses", "honourVacations", "rated", "minReliability", "minFinishedGames", "bots"];
    const phased = doc.paths["/play/challenges"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(phased.properties!)).toEqual(expect.arrayContaining([...platform, "ruleset", "scenario", "seats", "mine", "rules"]));
    expect(Object.keys(challenge.properties!)).toEqual(expect.arrayContaining(platform));
    // POST /challenges takes game.create's body (and a scenario), made a phased game by play.create1942: strict, so an unknown field is refused.
    expect(doc.paths["/challenges"]!.post!.operationId).toBe("play.create1942");
    expect(Object.keys(challenge.properties!)).toEqual(expect.arrayContaining(["lowLuck", "decisionHours", "houseRules", "scenario"]));
    expect((challenge as { additionalProperties?: unknown }).additionalProperties).toBe(false);
    const destinations = doc.paths["/games/{gameId}/nations/{nation}/destinations"]!.get!;
    expect(destinations.parameters.filter((p) => p.in === "query").map((p) => p.name).sort()).toEqual(["earlier", "group"]);
  });
});

describe("the classic 1942 routes", () => {
  it("each names, in its description, the play route a game played a phase at a time is played through, a route of the table", () => {
    const doc = openApiDocument() as Doc;
    const classic = API_ROUTES.filter((r) => r.playInstead);
    expect(classic.map((r) => r.procedure).sort()).toEqual(
      ["battle.decide", "game.get", "game.review", "orders.destinations", "orders.lock", "orders.placements", "orders.save", "orders.unlock", "postCombat.lock", "postCombat.save"].sort(),
    );
    for (const r of classic) {
      const [method, path] = r.playInstead!.split(" ") as [string, string];
      const target = API_ROUTES.find((t) => t.method === method && t.path === path.replace(/\/questions\/\w+$/, "/questions/{name}"));
      expect(target?.procedure, r.playInstead).toMatch(/^play\./);
      const op = doc.paths[r.path]![r.method.toLowerCase()] as unknown as { description: string; "x-play-instead": string };
      expect(op["x-play-instead"]).toBe(r.playInstead);
      expect(op.description).toContain(r.playInstead!);
    }
  });
});

describe("the reference page /api/docs", () => {
  it("lists every route with a curl example, runs no script, and is served under a CSP without scripts", async () => {
    const docs = await import("../../app/api/docs/route");
    const res = docs.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    for (const r of API_ROUTES) {
      const heading = `<span class="method ${r.method.toLowerCase()}">${r.method}</span> <code>${r.path}</code>`;
      expect(html, `${r.method} ${r.path}`).toContain(heading);
    }
    const examples = [...html.matchAll(/<pre class="example">([\s\S]*?)<\/pre>/g)].map((m) => m[1]!);
    expect(examples).toHaveLength(API_ROUTES.length);
    for (const e of examples) expect(e).toMatch(/^curl /);
    expect(html).toContain("--data-urlencode &#39;group={&quot;from&quot;:&quot;Germany&quot;");
  });
});

describe("answer schemas", () => {
  it("every JSON route documents its answer; the exact ones are the procedures' own .output()", () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { responses: { "200": { content: Record<string, { schema: Record<string, unknown> }> } } }>> };
    for (const r of API_ROUTES) {
      const content = doc.paths[r.path]![r.method.toLowerCase()]!.responses["200"].content;
      if (r.stream) {
        expect(Object.keys(content)).toEqual(["text/event-stream"]);
        continue;
      }
      const schema = content["application/json"]!.schema;
      expect(Object.keys(schema).length, `${r.method} ${r.path}`).toBeGreaterThan(0);
      expect(outputSchemaOf(r.procedure), r.procedure).toBeDefined();
    }
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;
    for (const p of ["game.create", "game.join", "game.eventsAfter", "orders.destinations", "orders.lock", "battle.decide"]) expect(procedures[p]!._def.output, p).toBeDefined();
    const events = doc.paths["/games/{gameId}/events"]!.get!.responses["200"].content["application/json"]!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(events.properties)).toEqual(["events"]);
  });
});
