// `next build` once for every process that needs the production build (the browser tests, the load
// test): skipped when the build is newer than every source, and run under a lock directory so two
// test files or a test and the load test never build at the same time.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NEXT_BIN = join(ROOT, "node_modules/next/dist/bin/next");

/** Newest modification time of any file under these paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(join(ROOT, p));
  return newest;
}

function buildIsFresh(): boolean {
  const id = join(ROOT, ".next", "BUILD_ID");
  if (!existsSync(id)) return false;
  const sources = newestMtime(["app", "pages", "server", "db", "drizzle", "next.config.mjs", "package.json", "tsconfig.json"]);
  return statSync(id).mtimeMs > sources;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`))));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `next build` unless the build is newer than every source. Test files run in parallel, so the build
 * runs under a lock directory (taken atomically by mkdir; a lock whose process is gone is stale).
 */
export async function ensureBuild(env: NodeJS.ProcessEnv): Promise<void> {
  const lock = join(ROOT, ".data", "next-build.lock");
  mkdirSync(join(ROOT, ".data"), { recursive: true });
  const until = Date.now() + 600_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, "pid"), "utf8"));
      } catch {
        // being written or removed
      }
      if (owner && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`the build lock ${lock} is held by process ${owner} for more than 10 min`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    if (!buildIsFresh()) await run(process.execPath, [NEXT_BIN, "build"], env);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

