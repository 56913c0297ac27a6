// npx tsx scripts/worker-cpu.ts — the workers' CPU time a turn costs (issue 20), in this one process
// (process.cpuUsage: CPU time holds on a busy machine, wall time does not). GAMES games of five human
// players (the load test's games) lock every nation; then the adjudication jobs run here one after
// another (server/jobs/worker.ts's drain: claim, read, engine, write, commit, complete), timed alone
// (the mail and push they queue are not sent here). The database is a
// throw-away one on the local Postgres server, so its CPU is not counted; round trips and rows are.
// GAMES (default 40, after 5 untimed); ORDERS=1: each nation saves the load test's order lists first
// (battles then wait for decisions: the turn stops at the battles, as in a game);
// WORKER_CPU_PROF=DIR: a V8 CPU profile of the timed jobs there (open in Chrome's DevTools).
// Then the mail the jobs queued (each player's "turn resolved") is sent, timed apart: the worker's
// dispatchDue writing files as the load test's MAIL_DIR does, BATCH rows a claim (default the
// worker's DELIVERY_BATCH; BATCH=1 is how the lanes claimed before issue 20's batches).
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import * as worker from "../server/jobs/worker";
import { dispatchDue } from "../server/services/dispatch";
import { createMailer } from "../server/services/mailer";
import { lockOrders, saveOrders } from "../server/services/orders";
import { NATIONS } from "../server/rulesets/1942/engine";
import { loadtestServer, ownCpuMs } from "./loadtest/cluster";
import { makeGames } from "./loadtest/players";
import { saveLists } from "./loadtest/run";
import { throwAwayDatabase } from "../tests/support/throw-away-db";

const GAMES = Number(process.env.GAMES ?? 40);

/** Instrumentation on or off for this process (callgrind_control, which valgrind reads as it runs). */
function callgrind(state: "on" | "off"): Promise<void> {
  return new Promise((resolve, reject) => execFile("callgrind_control", ["-i", state, String(process.pid)], (error) => (error ? reject(error) : resolve())));
}
const WARM = 5;
const adminUrl = loadtestServer();

const { handle, drop } = await throwAwayDatabase(adminUrl, "lockstep_load");
try {
  const games = await makeGames(handle, GAMES + WARM, "worker");
  const lists = process.env.ORDERS === "1" ? saveLists() : undefined;
  const lockAll = async (some: typeof games) => {
    for (const g of some)
      for (const n of NATIONS) {
        if (lists) await saveOrders(handle.db, g.players[n].userId, g.gameId, n, lists[n]);
        await lockOrders(handle.db, g.players[n].userId, g.gameId, n);
      }
  };
  // The first games warm the engine and the statements up, untimed.
  await lockAll(games.slice(0, WARM));
  await worker.drain(handle, "cpu-worker");
  // Their mail too (and every game's start), untimed.
  const batch = Number(process.env.BATCH ?? worker.DELIVERY_BATCH);
  const mailDeps = { workerId: "cpu-worker", sendMail: createMailer({ dir: "/tmp/lockstep-worker-cpu-mail", from: "Lockstep <lockstep@test>" }), push: { subject: "mailto:load@lockstep.test" }, baseUrl: "http://127.0.0.1" };
  await dispatchDue(handle.db, mailDeps, batch);
  await lockAll(games.slice(WARM));
  console.log(`${GAMES} games, five human players each${lists ? ", the load test's orders" : ", no orders"}; load average ${loadavg()[0]!.toFixed(1)}`);
  const dir = process.env.WORKER_CPU_PROF;
  const session = dir ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
  }
  // What the jobs send: statements and their bytes (text and parameters), by drizzle's logger.
  const sent = { statements: 0, bytes: 0 };
  const drizzleSession = (handle.db as unknown as { _: { session: { logger: unknown; options: { logger?: unknown } } } })._.session;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      sent.statements += 1;
      sent.bytes += query.length + params.reduce<number>((n, p) => n + (p == null ? 0 : typeof p === "string" ? p.length : JSON.stringify(p).length), 0);
    },
  };
  drizzleSession.logger = logger;
  drizzleSession.options.logger = logger;
  // WORKER_CPU_CALLGRIND=1 under `valgrind --tool=callgrind --instr-atstart=no`: instructions counted
  // for the timed jobs alone (repeatable on a busy machine, unlike CPU time).
  if (process.env.WORKER_CPU_CALLGRIND === "1") await callgrind("on");
  const before = ownCpuMs();
  const usage0 = process.cpuUsage();
  const wall = performance.now();
  const ran = await worker.drain(handle, "cpu-worker");
  const cpu = ownCpuMs() - before;
  const usage = process.cpuUsage(usage0);
  if (process.env.WORKER_CPU_CALLGRIND === "1") await callgrind("off");
  // The profile is of the jobs alone (the mail below is timed apart).
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    await writeFile(join(dir!, "worker-jobs.cpuprofile"), JSON.stringify(profile));
    console.log(`profile: ${join(dir!, "worker-jobs.cpuprofile")}`);
  }
  console.log(`adjudication jobs: ${ran}, CPU ${(cpu / ran).toFixed(1)} ms a job (user ${(usage.user / 1000 / ran).toFixed(1)}, system ${(usage.system / 1000 / ran).toFixed(1)}), wall ${((performance.now() - wall) / ran).toFixed(1)} ms a job`);
  console.log(`statements sent: ${(sent.statements / ran).toFixed(1)} a job, ${(sent.bytes / ran / 1024).toFixed(1)} KB a job`);
  // The peak resident memory of this process so far: what the young generation's size costs (NODE_OPTIONS=--max-semi-space-size=N).
  console.log(`max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  // The timed games' mail.
  const mail0 = { cpu: ownCpuMs(), statements: sent.statements };
  const mailWall = performance.now();
  const mailed = await dispatchDue(handle.db, mailDeps, batch);
  const mailCpu = ownCpuMs() - mail0.cpu;
  console.log(
    `deliveries (${batch} a claim): ${mailed.sent} sent, ${mailed.skipped} skipped; CPU ${(mailCpu / ran).toFixed(1)} ms a game (${(mailCpu / Math.max(1, mailed.sent + mailed.skipped)).toFixed(2)} ms a row), ` +
      `${((sent.statements - mail0.statements) / ran).toFixed(1)} statements a game, wall ${((performance.now() - mailWall) / ran).toFixed(1)} ms a game`,
  );
} finally {
  await drop();
}
