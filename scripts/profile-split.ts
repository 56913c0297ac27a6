// npx tsx scripts/profile-split.ts FILE.cpuprofile [N] — where a V8 CPU profile's time went: self time
// by package or part (Next, React, tRPC, next-auth, zod, drizzle, the Postgres driver, our code by
// folder, Node's own by module, GC, the async_hooks promise hook), and the busiest functions. Frames of
// the production build's bundles are mapped to their sources through the build's source maps. With N
// (the requests profiled, as scripts/request-cpu.ts writes them) every figure is also per request.
import { readFileSync, existsSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const ROOT_URL = new URL("..", import.meta.url).href;
const maps = new Map<string, SourceMap | null>();
function mapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const file = url.startsWith("file://") ? fileURLToPath(url) : url;
    const path = `${file}.map`;
    maps.set(url, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  return maps.get(url)!;
}

/** The source a frame comes from: its own url, or the original file of a bundled frame. */
function sourceOf(f: Frame): string {
  if (!f.url.includes("/.next/")) return f.url;
  const map = mapOf(f.url);
  const entry = map?.findEntry(f.lineNumber, f.columnNumber) as { originalSource?: string } | undefined;
  return decodeURIComponent(entry?.originalSource ?? f.url);
}

const PARTS: [RegExp, string][] = [
  [/node_modules\/next\/dist\/compiled\/(react|react-dom|react-server-dom-[a-z]+)[^/]*\//, "React"],
  [/node_modules\/(react|react-dom)\//, "React"],
  [/node_modules\/next\/dist\/compiled\/@edge-runtime|node_modules\/next\/dist\/compiled\/undici/, "undici / web streams (Next's compiled)"],
  [/node_modules\/next\//, "Next"],
  [/node_modules\/@trpc\//, "tRPC"],
  [/node_modules\/(next-auth|@auth)\//, "next-auth"],
  [/node_modules\/zod\//, "zod"],
  [/node_modules\/drizzle-orm\//, "drizzle"],
  [/node_modules\/postgres\//, "postgres driver"],
  [/node_modules\/pino|node_modules\/thread-stream/, "pino"],
  [/node_modules\/superjson\//, "superjson"],
  [/node_modules\/@tanstack\//, "React Query"],
  [/node_modules\/@radix-ui\//, "Radix"],
];

function partOf(f: Frame): string {
  if (f.functionName === "(garbage collector)") return "GC";
  if (f.functionName === "(program)") return "(program: V8 and native, outside JS)";
  if (f.functionName === "(idle)") return "(idle)";
  if (f.functionName === "trackPromise" || f.functionName === "_propagate" || /async_hooks|async_local_storage/.test(f.url))
    return "async_hooks (promise hook)";
  const src = sourceOf(f);
  for (const [re, name] of PARTS) if (re.test(src)) return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(src);
  if (pkg) return `package ${pkg[1]}`;
  const ours = /(?:^|\/)(app|server|db|lib|components)\/([^/]+)/.exec(src.replace(/^.*\[project\]\//, ""));
  if (ours && !src.includes("node_modules")) return `ours: ${ours[1]}/${ours[2]}`;
  if (/^node:internal\/(webstreams|deps\/undici|abort_controller|worker\/js_transferable|events\/abort_listener)/.test(src))
    return "node: web streams, undici Request/Response, AbortSignal";
  if (/^node:(_http|net|internal\/stream_base|internal\/http)/.test(src)) return "node: http and sockets";
  if (src.startsWith("node:")) return `node: ${src.slice(5).replace(/^internal\//, "").split("/")[0]}`;
  if (src === "") return ["writev", "writeUtf8String", "utf8Write", "writeBuffer"].includes(f.functionName) ? "native: socket writes" : `native: ${f.functionName}`;
  return `other: ${src.replace(/^.*\/\.next\//, ".next/").slice(0, 80)}`;
}

const [file, nArg] = process.argv.slice(2);
if (!file) throw new Error("usage: npx tsx scripts/profile-split.ts FILE.cpuprofile [N]");
const n = Number(nArg ?? 1);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));

const parts = new Map<string, number>();
const fns = new Map<string, number>();
let busy = 0;
for (const [id, ms] of self) {
  const f = byId.get(id)!.callFrame;
  const part = partOf(f);
  parts.set(part, (parts.get(part) ?? 0) + ms);
  if (part !== "(idle)") busy += ms;
  const where = sourceOf(f).replace(/^.*(node_modules\/|\[project\]\/)/, "").replace(ROOT_URL, "");
  const key = `${f.functionName || "(anonymous)"}  ${where}`;
  fns.set(key, (fns.get(key) ?? 0) + ms);
}

// Inclusive time (self and callees) of the frames whose "function  source" matches INCL (a regex),
// summed by source file (a bundle's function names are minified), once a sample however deep.
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const incl = new Map<string, number>();
const inclRe = process.env.INCL ? new RegExp(process.env.INCL) : undefined;
if (inclRe)
  for (const [id, ms] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const src = sourceOf(f).replace(/^.*(node_modules\/|\.\.\/)/, "");
      const name = inclRe.test(`${f.functionName}  ${src}`) ? (inclRe.test(src) ? src : `${f.functionName}  ${src}`) : undefined;
      if (name && !seen.has(name)) {
        seen.add(name);
        incl.set(name, (incl.get(name) ?? 0) + ms);
      }
    }
  }

const line = (name: string, ms: number) => `${(ms / n).toFixed(2).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${name}`;
console.log(`busy ${busy.toFixed(0)} ms in all, ${(busy / n).toFixed(2)} ms a request (N ${n}); idle ${(parts.get("(idle)") ?? 0).toFixed(0)} ms`);
console.log("\nby part (self time):");
for (const [name, ms] of [...parts].filter(([p]) => p !== "(idle)").sort((a, b) => b[1] - a[1])) if (ms / busy >= 0.002) console.log(line(name, ms));
if (inclRe) {
  console.log(`\ninclusive (INCL ${inclRe.source}):`);
  for (const [name, ms] of [...incl].sort((a, b) => b[1] - a[1])) console.log(line(name, ms));
}
console.log("\nbusiest functions (self time):");
for (const [name, ms] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) if (!name.startsWith("(idle)")) console.log(line(name, ms));
