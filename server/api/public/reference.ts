// The readable reference of the public API (GET /api/docs, issue 23): the OpenAPI document
// (./openapi.ts) rendered here as one plain HTML page — every route with its scope, parameters, body
// schema, answers and a curl example. No script at all, so it runs under the strictest CSP and costs
// the browser no JavaScript; built from the same document, it cannot drift from it (docs/choices.md).
import { openApiDocument } from "./openapi";

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; anyOf?: Schema[]; oneOf?: Schema[]; minimum?: number; default?: unknown; const?: unknown; additionalProperties?: Schema | boolean; propertyNames?: Schema; description?: string; [k: string]: unknown };
type Parameter = { name: string; in: string; required: boolean; description?: string; schema?: Schema; content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId: string;
  summary: string;
  description: string;
  "x-scope": string;
  /** The tRPC procedure the route calls. */
  "x-procedure": string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
type Doc = { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
/** `code` in a summary becomes <code>. */
const inline = (text: string) => escape(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** Examples written by hand where a made-up value would not be a legal call (a real order, a real battle). */
const EXAMPLES: Record<string, { body?: unknown; query?: Record<string, unknown> }> = {
  "play.create1942": { body: { name: "API practice", nations: ["Germany"], robots: ["Japan", "Russia", "United Kingdom", "United States"], lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: true } },
  "game.join": { body: { nation: "Japan" } },
  "game.eventsAfter": { query: { after: 918273, wait: 25 } },
  "orders.destinations": { query: { group: { from: "Germany", units: { infantry: 1 } }, earlier: [] } },
  "orders.placements": { query: { earlier: [] } },
  "orders.save": { body: { orders: [{ id: "m1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }, { id: "b1", type: "infantry", count: 3, destination: "Germany" }] } },
  "battle.decide": { body: { battle: "Karelia S.S.R.", round: 1, step: "general", decision: { kind: "casualties", units: [17, 18] } } },
  "postCombat.save": { body: { landings: [{ type: "fighter", count: 1, from: "Karelia S.S.R.", to: "Germany" }], aaMoves: [] } },
  "play.ask": { query: { question: { earlier: [] } } },
  "play.setStanding": { body: { value: { casualties: "keep-armour" } } },
  "play.askInBody": { body: { question: { from: "Germany", units: { infantry: 1 }, earlier: [] } } },
  "press.messages": { query: { before: 120 } },
  "press.open": { body: { members: ["Japan"] } },
  "press.send": { body: { text: "Shall we share the Pacific?" } },
};

/** A value of the schema's shape, for routes without a hand-written example. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice?.length) return sample(choice[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "object" || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, sample(v, depth + 1)]));
  if (type === "array") return [];
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return false;
  if (type === "string") return "…";
  return null;
}

const SAMPLE_PATH: Record<string, string> = { gameId: "42", turn: "1", channelId: "7", nation: "Germany" };

function curlOf(method: string, path: string, op: Operation): string {
  const url = `"$LOCKSTEP${path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PATH[name] ?? name)}`;
  const example = EXAMPLES[op.operationId];
  const lines = [`curl -s -H "Authorization: Bearer $TOKEN"`];
  if (op.responses["200"]?.content?.["text/event-stream"]) return `curl -N -H "Authorization: Bearer $TOKEN" ${url}"`;
  if (method === "get") {
    const query = op.parameters.filter((p) => p.in === "query");
    const values = example?.query ?? {};
    const shown = query.filter((p) => p.required || p.name in values);
    if (shown.length === 0) return `${lines[0]} ${url}"`;
    return [`${lines[0]} -G ${url}"`, ...shown.map((p) => `  --data-urlencode '${p.name}=${JSON.stringify(values[p.name] ?? sample(p.content?.["application/json"]?.schema))}'`)].join(" \\\n");
  }
  const body = op.requestBody ? (example?.body ?? sample(op.requestBody.content["application/json"]?.schema)) : undefined;
  const head = `${lines[0]} -X ${method.toUpperCase()} ${url}"`;
  return body === undefined ? head : `${head} \\\n  -H "Content-Type: application/json" -d '${JSON.stringify(body)}'`;
}

/** A short type of a schema for the parameter tables. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) return choice.map(typeOf).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items)}[]`;
  return Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "JSON");
}

const anchor = (method: string, path: string) => `${method}${path.replace(/[{}]/g, "").replace(/[^\w]+/g, "-")}`;

function operationHtml(method: string, path: string, op: Operation): string {
  const params = op.parameters.map((p) => {
    const schema = p.schema ?? p.content?.["application/json"]?.schema;
    return `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escape(typeOf(schema))}</code>${p.description ? ` — ${inline(p.description)}` : ""}</td></tr>`;
  });
  const body = op.requestBody?.content["application/json"]?.schema;
  const ok = op.responses["200"];
  const okSchema = ok?.content?.["application/json"]?.schema;
  return `<section class="op" id="${anchor(method, path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p>${inline(op.summary)}. Scope <strong>${escape(op["x-scope"])}</strong>; calls <code>${escape(op["x-procedure"])}</code>.</p>
${params.length ? `<table><thead><tr><th>parameter</th><th>in</th><th>required</th><th>type</th></tr></thead><tbody>${params.join("")}</tbody></table>` : ""}
${body ? `<details><summary>Body schema</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ""}
<p>Answers <strong>200</strong>: ${inline(ok?.description ?? "")}${okSchema && Object.keys(okSchema).length ? "" : "."}</p>
${okSchema && Object.keys(okSchema).length ? `<details><summary>Answer schema</summary><pre>${escape(JSON.stringify(okSchema, null, 2))}</pre></details>` : ""}
<p class="errors">Errors: ${Object.keys(op.responses).filter((c) => c !== "200").join(", ")} (see <a href="#errors">errors</a>).</p>
<pre class="example">${escape(curlOf(method, path, op))}</pre>
</section>`;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1c2430;background:#fbfaf7}
h1{margin-top:0}h2{margin-top:2.5rem;border-bottom:1px solid #ccc}h3{margin:0 0 .5rem;font-size:1.05rem;overflow-wrap:anywhere}
.op{border:1px solid #d8d4ca;border-radius:6px;padding:.75rem 1rem;margin:1rem 0;background:#fff}
.method{display:inline-block;min-width:3.2rem;text-align:center;border-radius:4px;padding:0 .3rem;font-size:.85rem;color:#fff;background:#41617f}
.method.post{background:#3b7a3b}.method.put{background:#8a5a14}
pre{background:#f1efe9;padding:.6rem;overflow-x:auto;font-size:.85rem;border-radius:4px}
table{border-collapse:collapse;font-size:.9rem;margin:.5rem 0;display:block;overflow-x:auto}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
nav ol{columns:2;font-size:.9rem}@media (max-width:40rem){nav ol{columns:1}}
.errors{font-size:.9rem;color:#555}
@media (prefers-color-scheme:dark){body{background:#14181d;color:#e4e1da}.op{background:#1c2128;border-color:#333}pre{background:#232a33}.errors{color:#aaa}td,th{border-color:#444}a{color:#8cb8e8}}
`;

let cached: string | undefined;

/** The whole page, built once from the OpenAPI document. */
export function referenceHtml(): string {
  if (cached) return cached;
  const doc = openApiDocument() as Doc;
  const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const groups = [...new Set(ops.map((o) => o.op.operationId.split(".")[0]!))];
  const toc = ops.map((o) => `<li><a href="#${anchor(o.method, o.path)}">${o.method.toUpperCase()} ${escape(o.path)}</a> — ${inline(o.op.summary)}</li>`).join("");
  const sections = groups
    .map((g) => `<h2 id="group-${g}">${escape(g)}</h2>${ops.filter((o) => o.op.operationId.startsWith(`${g}.`)).map((o) => operationHtml(o.method, o.path, o.op)).join("\n")}`)
    .join("\n");
  cached = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} · Lockstep</title><style>${STYLE}</style></head>
<body>
<p><a href="/">Lockstep</a> · <a href="/api/v1/openapi.json">openapi.json</a></p>
<h1>${escape(doc.info.title)}</h1>
<p>${inline(doc.info.description)}</p>
<h2 id="start">Start</h2>
<p>Make a token on <a href="/settings">Settings → API tokens</a> with the scopes you need (<strong>read</strong>, <strong>play</strong>, <strong>press</strong>). Send it in the <code>Authorization: Bearer</code> header, never in a URL. Each token may make 120 calls a minute (then <code>429</code> with <code>Retry-After</code>). Paths are under <code>/api/v1</code>; on a <code>GET</code>, each query value is read as JSON when it parses, else as text. The examples below use</p>
<pre>export LOCKSTEP=${escape("https://lockstep.example.org/api/v1")}
export TOKEN=lst_...</pre>
<h2 id="errors">Errors</h2>
<p>Errors are JSON, <code>{"error": {"code", "message", "issues"?, "details"?}}</code>: 400 bad input (<code>issues</code> names each field), 401 no or a bad token, 403 a missing scope or not your seat, 404 no such route or game, 405 another method, 409 not now (e.g. already locked), 413 a body over 1 MiB, 429 over the rate limit or the open streams, 500 our fault (only an error id), 503 the database is away (retry after <code>Retry-After</code>).</p>
<nav aria-label="Routes"><h2 id="routes">Routes</h2><ol>${toc}</ol></nav>
${sections}
</body></html>`;
  return cached;
}

/** The CSP of the page: no script, no connection, no frame; only its own inline style. */
export const REFERENCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
