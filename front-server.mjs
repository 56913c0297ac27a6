// @ts-check
// `npm start`: the production server, Node's http server in front of Next. The requests players send
// most (a turn's saves, locks and decisions: HOT below) go straight to the API's handler, without
// Next's routing, its Pages API runtime and their per-request objects (measured: a save's app CPU
// from 3.6 to 1.9 ms; docs/load-test.md, "Sixteenth pass"); every other request is Next's, as under
// `next start`. The handler is the Pages route's own module as Next loads it from the build (one
// module instance in the process: one database handle, one session cache, one set of service caches),
// and a hot answer gets what Next would add: the configured headers and Next's compression (which
// leaves a mutation's `no-transform` answer alone). `npm run dev` is `next dev`, without this server.
// Usage: node front-server.mjs [-p PORT] [-H HOSTNAME], as `next start` (PORT also read from the environment).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** The tRPC mutations of playing a turn, served without Next. */
export const HOT = new Set([
  "orders.save",
  "orders.lock",
  "orders.unlock",
  "battle.decide",
  "postCombat.save",
  "postCombat.lock",
  "postCombat.unlock",
  "play.save",
  "play.lock",
  "play.unlock",
]);

const PREFIX = "/api/trpc/";

/** Whether a request is a POST of hot procedures only (one, or a batch of them), as tRPC's client sends it. */
export function isHot(method = "", url = "") {
  if (method !== "POST" || !url.startsWith(PREFIX)) return false;
  const query = url.indexOf("?");
  return url
    .slice(PREFIX.length, query === -1 ? undefined : query)
    .split(",")
    .every((path) => HOT.has(path));
}

/**
 * The headers next.config.mjs gives a path, from the build's routes manifest, as Next applies them.
 * @param {{ headers: { regex: string, headers: { key: string, value: string }[], has?: unknown, missing?: unknown }[] }} manifest
 * @returns {(pathname: string) => { key: string, value: string }[]}
 */
export function configuredHeaders(manifest) {
  const rules = manifest.headers.map((rule) => {
    // Conditions on the request are Next's to evaluate: a rule with them would need this server to grow.
    if (rule.has || rule.missing) throw new Error("front-server.mjs applies header rules without has/missing only");
    return { regex: new RegExp(rule.regex), headers: rule.headers };
  });
  return (pathname) => rules.flatMap((rule) => (rule.regex.test(pathname) ? rule.headers : []));
}

async function main() {
  Object.assign(process.env, { NODE_ENV: "production" }); // as `next start` sets it
  const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  const dir = fileURLToPath(new URL(".", import.meta.url));
  const require = createRequire(import.meta.url);
  const { default: next } = await import("next");
  const server = createServer();
  const app = next({ dev: false, dir, hostname: values.hostname ?? "localhost", port, httpServer: server });
  await app.prepare(); // instrumentation.ts's register() (server/boot.ts) has run
  const nextHandler = app.getRequestHandler();

  // The same file Next requires for /api/trpc/[trpc]: Node's module cache makes it the same instance.
  const trpc = require(join(dir, ".next/server/pages/api/trpc/[trpc].js")).default;
  const headersOf = configuredHeaders(JSON.parse(readFileSync(join(dir, ".next/routes-manifest.json"), "utf8")));
  const compress = require("next/dist/compiled/compression")();

  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  function serveHot(req, res) {
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    for (const { key, value } of headersOf(query === -1 ? url : url.slice(0, query))) res.setHeader(key, value);
    compress(req, res, () => {});
    // As Next's router: a socket error of one request (a client gone) is no error of the process.
    req.on("error", () => {});
    res.on("error", () => {});
    return trpc(req, res);
  }

  server.on("request", (req, res) => {
    const served = isHot(req.method, req.url) ? serveHot(req, res) : nextHandler(req, res);
    served.catch((/** @type {unknown} */ error) => {
      // As Next's API routes and `next start`: logged, and a 500 that says nothing more.
      console.error(error);
      if (res.headersSent) res.destroy();
      else {
        res.statusCode = 500;
        res.end("Internal Server Error");
      }
    });
  });
  server.listen(port, values.hostname, () => console.log(`lockstep listening on http://${values.hostname ?? "localhost"}:${port}`));
  // A signal ends the process at once, as `next start` does (and a --cpu-prof profile is written).
  for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.once(signal, () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
