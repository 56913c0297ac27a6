// The load test's system under test, all on loopback: a fresh database on the local Postgres server,
// the production build, N app processes as `npm start` runs them (front-server.mjs; `next start` alone
// with LOADTEST_NEXT_START=1, to compare) and N `npm run worker` processes. Every child
// leads its own process group, so stopping (or kill -9 of a worker) reaches what it started.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DbHandle } from "../../db/client";
import { ensureBuild } from "../../tests/support/next-build";
import { throwAwayDatabase } from "../../tests/support/throw-away-db";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const NEXT_BIN = join(ROOT, "node_modules/next/dist/bin/next");
const FRONT_SERVER = join(ROOT, "front-server.mjs");
const TSX_BIN = join(ROOT, "node_modules/tsx/dist/cli.mjs");
const LOOPBACK = new Set(["127.0.0.1", "::1", "[::1]", "localhost"]);

/** Load is only ever sent to this machine: any other host is refused before anything starts. */
export function assertLoopback(url: string, what: string): void {
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`${what} must be on loopback (127.0.0.1, ::1, localhost), not ${host}`);
}

/** The Postgres server the load test and the CPU measures make their throw-away databases on: loopback only. */
export function loadtestServer(): string {
  const url = process.env.LOADTEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  assertLoopback(url, "LOADTEST_DATABASE_URL");
  return url;
}

/** This process's CPU time so far, in ms (the CPU measures: it holds on a busy machine, wall time does not). */
export function ownCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface Proc {
  name: string;
  child: ChildProcess;
  log: () => string;
  /** Calls `fn` with each whole line the process writes to stdout from now on. */
  onLine(fn: (line: string) => void): void;
}

/** Every child started, so an interrupted run (time limit, Ctrl-C) leaves none behind. */
const started: ChildProcess[] = [];

/** kill -9 every child's process group at once (for exits that cannot wait). */
export function killAll(): void {
  for (const child of started)
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
}

function startProc(name: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  let log = "";
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const readers: ((line: string) => void)[] = [];
  let partial = "";
  child.stdout!.on("data", (d: Buffer) => {
    if (readers.length === 0) return;
    const lines = (partial + d.toString()).split("\n");
    partial = lines.pop()!;
    for (const line of lines) for (const r of readers) r(line);
  });
  return { name, child, log: () => log, onLine: (fn) => void readers.push(fn) };
}

export async function stopProc(p: Proc, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!p.child.pid || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => p.child.once("exit", () => r()));
  const send = (s: NodeJS.Signals) => {
    try {
      process.kill(-p.child.pid!, s);
    } catch {
      // already gone
    }
  };
  send(signal);
  // A process writing its CPU profile (LOADTEST_CPU_PROF) on a busy machine needs longer than 5 s.
  const timer = setTimeout(() => send("SIGKILL"), process.env.LOADTEST_CPU_PROF ? 60_000 : 5_000);
  await exited;
  clearTimeout(timer);
}

async function waitForApp(base: string, p: Proc, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited with ${p.child.exitCode}:\n${p.log().slice(-4000)}`);
    try {
      if ((await fetch(`${base}/`, { signal: AbortSignal.timeout(30_000) })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${p.name} did not answer at ${base} within ${timeoutMs / 1000} s:\n${p.log().slice(-4000)}`);
}

/** CPU time (user + system, ms) used so far by every process of a child's group (Linux /proc). */
export function groupCpuMs(p: Proc): number {
  const tick = 10; // USER_HZ is 100 on Linux
  let total = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(fields[2]) === p.child.pid) total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface Cluster {
  /** The app processes' origins, e.g. http://127.0.0.1:3311 */
  apps: string[];
  /** The app processes, in the order of `apps`. */
  appProcs: Proc[];
  workers: Proc[];
  handle: DbHandle;
  /** Start one more worker (after a kill -9). */
  addWorker(): Proc;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The Postgres server (loopback) on which a throw-away database is created. */
  adminUrl: string;
  apps: number;
  workers: number;
  basePort: number;
  /** App i listens for the inspector (loopback) on this port + i, instead of writing a --cpu-prof profile. */
  inspectBasePort?: number;
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  assertLoopback(o.adminUrl, "the database server");
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  delete (env as Record<string, string | undefined>).NODE_ENV; // next sets it
  await ensureBuild(env);

  const { url: dbUrl, handle, drop } = await throwAwayDatabase(o.adminUrl, "lockstep_load");

  const procEnv: NodeJS.ProcessEnv = { ...env, DATABASE_URL: dbUrl, AUTH_SECRET: "load-test-secret", RUN_WORKER: "0", MAIL_DIR: "/tmp/lockstep-load-mail" };
  delete procEnv.SMTP_URL;
  delete procEnv.DEV_MAILBOX;
  const procs: Proc[] = [];
  const workers: Proc[] = [];
  const addWorker = () => {
    // As `npm run worker` starts it: V8's young generation sized for a phase's working data (worker-main.ts).
    const w = startProc(`worker ${workers.length + 1}`, [TSX_BIN, "--max-semi-space-size=64", "server/jobs/worker-main.ts"], procEnv);
    workers.push(w);
    procs.push(w);
    return w;
  };
  const stop = async () => {
    await Promise.all(procs.map((p) => stopProc(p)));
    await drop().catch(() => {});
  };
  try {
    const apps: string[] = [];
    for (let i = 0; i < o.apps; i++) {
      const port = o.basePort + i;
      // LOADTEST_CPU_PROF=DIR writes a V8 CPU profile of each app process there when it stops.
      const prof =
        o.inspectBasePort !== undefined
          ? [`--inspect=127.0.0.1:${o.inspectBasePort + i}`]
          : process.env.LOADTEST_CPU_PROF
            ? ["--cpu-prof", `--cpu-prof-dir=${process.env.LOADTEST_CPU_PROF}`]
            : [];
      const server = process.env.LOADTEST_NEXT_START === "1" ? [NEXT_BIN, "start"] : [FRONT_SERVER];
      const p = startProc(`app ${i + 1}`, [...prof, ...server, "-p", String(port), "-H", "127.0.0.1"], { ...procEnv, PORT: String(port), AUTH_URL: `http://127.0.0.1:${port}` });
      procs.push(p);
      apps.push(`http://127.0.0.1:${port}`);
    }
    for (let i = 0; i < o.workers; i++) addWorker();
    await Promise.all(apps.map((base, i) => waitForApp(base, procs[i]!)));
    return { apps, appProcs: procs.slice(0, o.apps), workers, handle, addWorker, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
