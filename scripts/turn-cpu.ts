// npx tsx scripts/turn-cpu.ts — the CPU time of one resolved 1942 game played a phase at a time (play.*,
// as the lobby makes them), from its last lock to the new turn
// on every open page of it (issue 20), on the load test's topology: two `next start` app processes and
// one worker on a throw-away database of the local Postgres server, each game with one live stream on
// each app process (two of its players). Games are resolved one after another, each alone: the last two
// locks sent at once (one to each app process), the worker's adjudication, the events and the play.get refetches the
// streams make (one per event, as the page), and the worker's deliveries that follow (mail, push). CPU time (app processes, worker, this generator), which a busy shared machine
// inflates much less than wall time. The first W games are not counted (code loaded and optimised).
// N: games measured (default 30); W: warm-up games (default 3); LOADTEST_PORT: the first app's port
// (default 3471); LOADTEST_CPU_PROF=DIR: each app process's CPU profile of the measured games
// (DIR/turn-app-<i>.cpuprofile, through the inspector, started once: it also holds each game's streams'
// start and the pauses between games, which the CPU figures leave out; measure without it, as the
// profiler costs CPU; a profiler started and stopped around each game cost far more than the game).
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { NATIONS } from "../server/rulesets/1942/engine";
import { lockSide } from "../server/services/ruleset-games/play";
import { groupCpuMs, loadtestServer, startCluster } from "./loadtest/cluster";
import { collectJobRuns } from "./loadtest/latency";
import { makePhasedGames } from "./loadtest/players";
import { remoteProfiler } from "./loadtest/remote-profiler";
import { lastLocks, measureStage } from "./loadtest/stage";

const N = Number(process.env.N ?? 30);
const W = Number(process.env.W ?? 3);
const profileDir = process.env.LOADTEST_CPU_PROF;
delete process.env.LOADTEST_CPU_PROF; // the apps get the inspector, not a whole-process --cpu-prof
const basePort = Number(process.env.LOADTEST_PORT ?? 3471);
const inspectBasePort = profileDir ? basePort + 1000 : undefined;
const cluster = await startCluster({ adminUrl: loadtestServer(), apps: 2, workers: 1, basePort, inspectBasePort });
const profilers = inspectBasePort === undefined ? [] : await Promise.all(cluster.apps.map((_, i) => remoteProfiler(`http://127.0.0.1:${inspectBasePort + i}`)));
try {
  const runs = collectJobRuns(cluster.workers);
  const games = await makePhasedGames(cluster.handle, W + N, "turn-cpu");
  // Every nation but the last two locked, as the load test's races start.
  for (const g of games) for (const n of NATIONS.slice(0, NATIONS.length - 2)) await lockSide(cluster.handle.db, g.players[n].userId, g.gameId, n);
  const stage = lastLocks(cluster);
  for (const g of games.slice(0, W)) await measureStage(cluster, [g], stage, runs);
  // What the processes cost doing nothing (timers, the worker's housekeeping), for a second: the
  // measure of a game spans some idle time too (the worker's log line awaited, the pause between games).
  const appCpu = () => cluster.appProcs.reduce((sum, p) => sum + groupCpuMs(p), 0);
  const idle0 = { app: appCpu(), workers: cluster.workers.reduce((sum, w) => sum + groupCpuMs(w), 0) };
  await new Promise((done) => setTimeout(done, 4000));
  const idle = { app: (appCpu() - idle0.app) / 4, workers: (cluster.workers.reduce((sum, w) => sum + groupCpuMs(w), 0) - idle0.workers) / 4 };
  // The worker's CPU over the whole loop: its deliveries (mail, push) run half a second after each job,
  // between the games' windows (and its 2 s housekeeping is counted with them).
  const workerCpu = () => cluster.workers.reduce((sum, w) => sum + groupCpuMs(w), 0);
  const workers0 = workerCpu();
  let app = 0;
  let own = 0;
  let windows = 0;
  const wall: number[] = [];
  let missed = 0;
  await Promise.all(profilers.map((p) => p.start()));
  for (const g of games.slice(W)) {
    const t0 = performance.now();
    const r = await measureStage(cluster, [g], stage, runs, { settleMs: 300 });
    windows += performance.now() - t0;
    app += r.cpu.app;
    own += r.cpu.own;
    if (r.fetched.length < cluster.apps.length || r.failed.length > 0) missed += 1;
    wall.push(Math.max(...r.fetched));
    await new Promise((done) => setTimeout(done, 100)); // the servers idle again
  }
  await new Promise((done) => setTimeout(done, 1500)); // the last game's deliveries
  const workers = workerCpu() - workers0;
  if (profileDir) await Promise.all(profilers.map(async (p, i) => writeFile(join(profileDir, `turn-app-${i + 1}.cpuprofile`), JSON.stringify(await p.stop()))));
  wall.sort((a, b) => a - b);
  console.log(
    `resolved game (${N} games, 2 streams each): app CPU ${(app / N).toFixed(1)} ms, worker CPU ${(workers / N).toFixed(1)} ms, generator ${(own / N).toFixed(1)} ms a game; ` +
      `last lock → new turn in hand p50 ${wall[Math.floor(N / 2)]!.toFixed(0)} ms${missed ? `; ${missed} games not measured` : ""} (load average ${loadavg()[0]!.toFixed(1)}); ` +
      `idle: app ${idle.app.toFixed(1)}, worker ${idle.workers.toFixed(1)} ms a second, measure ${(windows / N).toFixed(0)} ms a game`,
  );
} finally {
  for (const p of profilers) p.close();
  await cluster.stop();
}
process.exit(0);
