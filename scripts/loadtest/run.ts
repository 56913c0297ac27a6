// The load test's scenarios, each bounded in count and time, and the figures they print, on 1942
// games played a phase at a time (play.*: the games the lobby makes). The small version (CI) runs
// the same code with small numbers and without the worker kill.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { and, eq, like } from "drizzle-orm";
import { jobs, phases } from "../../db/schema";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, validateOrders, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { LEASE_SECONDS } from "../../server/jobs/queue";
import { lockSide } from "../../server/services/ruleset-games/play";
import { verifyGame } from "../../server/services/verify";
import { makeRand, randomOrders } from "../../tests/support/random-orders";
import { groupCpuMs, startCluster, stopProc, type Cluster } from "./cluster";
import { atRate, ms, page, percentile, trpc, type RateResult } from "./http";
import { collectJobRuns, stepLines, stepsOf, type JobRun, type Steps } from "./latency";
import { makePhasedGames, type LoadGame } from "./players";
import { battlesAtOnce, makeBattleGames, mergeStages } from "./battles";
import { lastLocks, measureStage, type StageCpu, type StageResult } from "./stage";

export interface LoadOptions {
  adminUrl: string;
  basePort: number;
  /** Games whose players save orders and load pages. */
  games: number;
  saveRates: number[];
  saveSeconds: number;
  pageRate: number;
  pageSeconds: number;
  /** Games whose turns resolve at once (two live streams each, one per app process), locked in a race. */
  resolveGames: number;
  /** Games adjudicated while a worker is killed (0: no kill). */
  killGames: number;
  /** Only the save latency (for profiling the save path). */
  savesOnly?: boolean;
  /** Only the pages, with 10 games resolved for history and review (for profiling the pages). */
  pagesOnly?: boolean;
  /** Only this many games resolved one after another, each alone on the idle servers (the one-game latency). */
  oneGame?: number;
  /** Only the games resolving at once (with their lock races): the latency under load, without saves, pages or the kill. */
  latencyOnly?: boolean;
  log: (line: string) => void;
}

export const FULL: Omit<LoadOptions, "adminUrl" | "log"> = {
  basePort: 3311,
  games: 40,
  saveRates: [50, 100, 200],
  saveSeconds: 10,
  pageRate: 50,
  pageSeconds: 10,
  resolveGames: 100,
  killGames: 30,
};

export const SMALL: Omit<LoadOptions, "adminUrl" | "log"> = {
  basePort: 3331,
  games: 4,
  saveRates: [20],
  saveSeconds: 2,
  pageRate: 5,
  pageSeconds: 2,
  resolveGames: 4,
  killGames: 0,
};

export interface LoadFigures {
  /** cpuMs: the app process's CPU time per save, which a busy shared machine does not inflate. */
  saves: { rate: number; result: RateResult; cpuMs: number }[];
  /** cpuMs: both app processes' CPU time per page. */
  gamePage: RateResult & { cpuMs: number };
  historyPage: RateResult & { cpuMs: number };
  reviewPage: RateResult & { cpuMs: number };
  /** Last lock → event, → new turn fetched (ms a stream), and where that time went, step by step. */
  resolved: { event: number[]; fetched: number[]; steps: Steps };
  /** Games whose phase was adjudicated exactly once (one job, one next turn), out of resolveGames. */
  exactlyOnce: number;
  killed?: { retaken: number; of: number; seconds: number };
  /** Battle decisions → next round fetched (ms a stream, every round; games deciding each round), post-combat lock → next turn fetched; failed actions. */
  battles?: { decisions: { fetched: number[]; failed: number; rounds: number[] }; postCombat: { fetched: number[]; failed: number } };
  /** Games whose turn resolved, checked by `verify` after the run (every phase row replayed), and those that failed it. */
  verified?: number;
  unverified: number[];
}

/** 24 orders for each nation (fewer if a nation has fewer legal groups), all legal on the opening board. */
export function saveLists(): Record<Nation, Order[]> {
  const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  const best = {} as Record<Nation, Order[]>;
  for (let seed = 1; seed <= 20; seed++) {
    const all = randomOrders(state, makeRand(seed), { hold: 0 });
    for (const n of NATIONS) {
      const list = (all[n] ?? []).slice(0, 24);
      if (list.length > (best[n]?.length ?? -1) && validateOrders(state, n, list).results.every((r) => r.ok)) best[n] = list;
    }
  }
  return best;
}

const pick = <T,>(list: readonly T[], i: number) => list[i % list.length]!;

/** Lock every nation but the last `left` ones directly in the database (the setup of a race). */
async function lockAllBut(cluster: Cluster, games: LoadGame[], left: number): Promise<void> {
  for (const g of games) for (const n of NATIONS.slice(0, NATIONS.length - left)) await lockSide(cluster.handle.db, g.players[n].userId, g.gameId, n);
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** The games whose first turn resolved (turn 2 opened). */
async function resolvedGames(cluster: Cluster, games: LoadGame[]): Promise<LoadGame[]> {
  const out: LoadGame[] = [];
  for (const g of games) {
    const rows = await cluster.handle.db.select({ turn: phases.turn }).from(phases).where(and(eq(phases.gameId, g.gameId), eq(phases.turn, 2)));
    if (rows.length > 0) out.push(g);
  }
  return out;
}

const resolvedCount = async (cluster: Cluster, games: LoadGame[]) => (await resolvedGames(cluster, games)).length;

/** Last lock → "turn resolved" on every stream, → the new turn fetched; the last two locks race. */
async function resolveAtOnce(cluster: Cluster, games: LoadGame[], runs: Map<string, JobRun>): Promise<StageResult> {
  await lockAllBut(cluster, games, 2);
  return measureStage(cluster, games, lastLocks(cluster), runs);
}

/** Games adjudicated exactly once (one job, one next turn), more than once (a lost race: never allowed), and not at all (a lock failed). */
async function raceOutcomes(cluster: Cluster, games: LoadGame[]): Promise<{ once: number; more: number; none: number }> {
  const out = { once: 0, more: 0, none: 0 };
  for (const g of games) {
    const turns = await cluster.handle.db.select({ id: phases.id, turn: phases.turn, step: phases.step }).from(phases).where(eq(phases.gameId, g.gameId));
    const first = turns.find((t) => t.turn === 1 && t.step === 0);
    const jobRows = first ? await cluster.handle.db.select({ id: jobs.id }).from(jobs).where(like(jobs.key, `adjudicate:${first.id}`)) : [];
    const next = turns.filter((t) => t.turn === 2).length;
    if (jobRows.length === 1 && next === 1) out.once += 1;
    else if (jobRows.length > 1 || next > 1) out.more += 1;
    else out.none += 1;
  }
  return out;
}

/** The lock races' outcome, printed; returns the games adjudicated exactly once. */
async function racesLogged(cluster: Cluster, games: LoadGame[], log: (l: string) => void): Promise<number> {
  const r = await raceOutcomes(cluster, games);
  log(`    lock races: ${r.once} of ${games.length} adjudicated exactly once, ${r.more} more than once, ${r.none} not resolved (a lock failed)`);
  return r.once;
}

function groupOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);
  } catch {
    return undefined;
  }
}

/** kill -9 of a worker holding an adjudication; a new worker starts; every game must still resolve. */
async function killDuringAdjudications(cluster: Cluster, games: LoadGame[], log: (l: string) => void): Promise<NonNullable<LoadFigures["killed"]>> {
  await lockAllBut(cluster, games, 1);
  const lastNation = NATIONS[NATIONS.length - 1]!;
  await Promise.all(games.map((g, i) => trpc(pick(cluster.apps, i), g.players[lastNation].cookie, "play.lock", { gameId: g.gameId, side: lastNation }, "mutation")));
  let victim: (typeof cluster.workers)[number] | undefined;
  await until(async () => {
    const running = await cluster.handle.db.select({ by: jobs.lockedBy }).from(jobs).where(eq(jobs.status, "running"));
    for (const r of running) {
      const pgid = groupOf(Number(r.by?.split("-").pop()));
      victim = cluster.workers.find((w) => w.child.exitCode === null && w.child.pid === pgid);
      if (victim) return true;
    }
    return false;
  }, 30_000);
  if (!victim) throw new Error("no worker was seen adjudicating");
  const killedAt = performance.now();
  log(`    kill -9 ${victim.name} (process group ${victim.child.pid}) while it adjudicates; a new worker starts`);
  await stopProc(victim, "SIGKILL");
  cluster.addWorker();
  const all = await until(async () => (await resolvedCount(cluster, games)) === games.length, (LEASE_SECONDS + 90) * 1000);
  return { retaken: await resolvedCount(cluster, games), of: games.length, seconds: all ? (performance.now() - killedAt) / 1000 : NaN };
}

const NONE = { latencies: [], errors: 0, cpuMs: NaN };

/** A stage's figures: action → event / fetched, where the time went, and the CPU it cost. */
function printStage(r: StageResult, runs: Map<string, JobRun>, games: number, streams: number, action: string, log: (l: string) => void): Steps {
  const steps = stepsOf(r.timings, runs, action);
  log(`    ${action} → event: p50 ${ms(percentile(r.event, 0.5))}, p95 ${ms(percentile(r.event, 0.95))} (${r.event.length} streams)`);
  log(`    ${action} → next phase in hand (play.get refetched): p50 ${ms(percentile(r.fetched, 0.5))}, p95 ${ms(percentile(r.fetched, 0.95))} (${r.fetched.length} streams; ${r.streams.refetches} refetches of play.get in all, one per event a stream heard, as the page sends them)`);
  log(`    where the time goes, step by step:`);
  for (const line of stepLines(steps)) log(line);
  log(cpuLine(r.cpu, games, streams));
  if (r.failed.length > 0) log(`    ${r.failed.length} games not measured: an action failed (${r.failed[0]})`);
  const s = r.streams;
  if (s.connected < s.opened || s.refetchErrors > 0) log(`    streams: ${s.connected} of ${s.opened} connected before the actions; ${s.refetchErrors} refetches failed`);
  return steps;
}

/** Resolve `games` at once and print last lock → event / fetched, where the time went, and the CPU it cost. */
async function resolveMeasured(cluster: Cluster, games: LoadGame[], jobRuns: Map<string, JobRun>, log: (l: string) => void): Promise<LoadFigures["resolved"]> {
  const r = await resolveAtOnce(cluster, games, jobRuns);
  const steps = printStage(r, jobRuns, games.length, cluster.apps.length, "last lock", log);
  return { event: r.event, fetched: r.fetched, steps };
}

/** Battle decisions → next round, and post-combat lock → next turn, for `games` at once. */
async function battlesMeasured(cluster: Cluster, games: LoadGame[], jobRuns: Map<string, JobRun>, log: (l: string) => void): Promise<NonNullable<LoadFigures["battles"]>> {
  log(`${games.length} games in a battle at once (Germany attacks Karelia, low luck; both sides save their casualty choices and lock each battles phase), then their post-combat landing; ${games.length * cluster.apps.length} live streams`);
  const b = await battlesAtOnce(cluster, games, jobRuns);
  log(`  battle decisions: play.save of the choices, then play.lock, by each side that chooses (every battles phase; games deciding one: ${b.decisions.rounds.join(", ")})`);
  printStage(b.decisions, jobRuns, b.decisions.timings.length, cluster.apps.length, "decision", log);
  log(`  post-combat lock: play.lock, the default landing (${b.postCombat.timings.length} games)`);
  printStage(b.postCombat, jobRuns, b.postCombat.timings.length, cluster.apps.length, "post-combat lock", log);
  return { decisions: { fetched: b.decisions.fetched, failed: b.decisions.failed.length, rounds: b.decisions.rounds }, postCombat: { fetched: b.postCombat.fetched, failed: b.postCombat.failed.length } };
}

const cpuLine = (cpu: StageCpu, games: number, streams: number) =>
  `    CPU a game (its requests, the adjudication, its events and its ${streams} streams' refetches): app processes ${ms(cpu.app / games)}, workers ${ms(cpu.workers / games)}, load generator ${ms(cpu.own / games)}`;

/** `count` games, each resolved alone (after one not counted, to warm up): the latency of an idle server. */
async function oneGameAtATime(cluster: Cluster, count: number, jobRuns: Map<string, JobRun>, log: (l: string) => void): Promise<void> {
  const games = await makePhasedGames(cluster.handle, count + 1, "one");
  await resolveAtOnce(cluster, games.slice(0, 1), jobRuns);
  log(`${count} games resolved one after another, each alone, with ${cluster.apps.length} live streams`);
  const all: StageResult[] = [];
  for (const g of games.slice(1)) {
    all.push(await resolveAtOnce(cluster, [g], jobRuns));
    await new Promise((done) => setTimeout(done, 200)); // the servers idle again
  }
  printStage(mergeStages(all), jobRuns, count, cluster.apps.length, "last lock", log);
  const fights = await makeBattleGames(cluster, count, "one-battle");
  log(`${count} battles and post-combat landings, each game alone, with ${cluster.apps.length} live streams`);
  const decisions: StageResult[] = [];
  const landings: StageResult[] = [];
  for (const g of fights) {
    const b = await battlesAtOnce(cluster, [g], jobRuns);
    decisions.push(b.decisions);
    landings.push(b.postCombat);
    await new Promise((done) => setTimeout(done, 200));
  }
  log(`  battle decisions (every round)`);
  printStage(mergeStages(decisions), jobRuns, decisions.reduce((n, d) => n + d.timings.length, 0), cluster.apps.length, "decision", log);
  log(`  post-combat lock`);
  printStage(mergeStages(landings), jobRuns, count, cluster.apps.length, "post-combat lock", log);
}

export async function runLoadtest(o: LoadOptions): Promise<LoadFigures> {
  const log = o.log;
  // Latency on a shared machine says as much about the neighbours as about the app: say how busy it was.
  const busy = () => `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
  log(`machine: ${busy()}`);
  log(`starting: production build, a fresh database on ${new URL(o.adminUrl).host}, 2 app processes, 2 workers`);
  const cluster = await startCluster({ adminUrl: o.adminUrl, apps: 2, workers: 2, basePort: o.basePort });
  const jobRuns = collectJobRuns(cluster.workers);
  try {
    if (o.oneGame) {
      await oneGameAtATime(cluster, o.oneGame, jobRuns, log);
      return { saves: [], gamePage: NONE, historyPage: NONE, reviewPage: NONE, resolved: { event: [], fetched: [], steps: {} }, exactlyOnce: 0, unverified: [] };
    }
    if (o.latencyOnly) {
      const racing = await makePhasedGames(cluster.handle, o.resolveGames, "race");
      log(`${racing.length} games resolving at once, ${racing.length * cluster.apps.length} live streams over both app processes; the last two locks of each game race`);
      const resolved = await resolveMeasured(cluster, racing, jobRuns, log);
      const once = await racesLogged(cluster, racing, log);
      const battles = await battlesMeasured(cluster, await makeBattleGames(cluster, o.resolveGames, "battle"), jobRuns, log);
      log(`machine: ${busy()}`);
      return { saves: [], gamePage: NONE, historyPage: NONE, reviewPage: NONE, resolved, exactlyOnce: once, battles, unverified: [] };
    }
    const games = await makePhasedGames(cluster.handle, o.games, "play");
    const lists = saveLists();
    const seats = games.flatMap((g) => NATIONS.map((n) => ({ gameId: g.gameId, nation: n, cookie: g.players[n].cookie })));
    if (!o.pagesOnly) log(`play.save: ${Math.min(...NATIONS.map((n) => lists[n].length))}–${Math.max(...NATIONS.map((n) => lists[n].length))} orders a save, ${seats.length} players of ${games.length} games, one app process`);
    const save = (i: number) => {
      const s = pick(seats, i);
      return trpc<{ ok: boolean; message?: string }>(cluster.apps[0]!, s.cookie, "play.save", { gameId: s.gameId, side: s.nation, orders: lists[s.nation] }, "mutation").then((r) => {
        if (!r.ok) throw new Error(`play.save: refused: ${r.message ?? ""}`);
      });
    };
    const saves: LoadFigures["saves"] = [];
    if (!o.pagesOnly) await atRate(o.saveRates[0]!, 3, save); // warm-up, not counted: modules loaded, code optimised, pools filled
    for (const rate of o.pagesOnly ? [] : o.saveRates) {
      const cpu0 = groupCpuMs(cluster.appProcs[0]!);
      const own0 = process.cpuUsage();
      const result = await atRate(rate, o.saveSeconds, save);
      const cpuMs = (groupCpuMs(cluster.appProcs[0]!) - cpu0) / (rate * o.saveSeconds);
      const own = process.cpuUsage(own0);
      const ownMs = (own.user + own.system) / 1000 / (rate * o.saveSeconds);
      saves.push({ rate, result, cpuMs });
      log(`    ${rate} req/s × ${o.saveSeconds} s: p50 ${ms(percentile(result.latencies, 0.5))}, p95 ${ms(percentile(result.latencies, 0.95))}, p99 ${ms(percentile(result.latencies, 0.99))}, errors ${result.errors}${result.firstError ? ` (${result.firstError})` : ""}; CPU a save: app ${ms(cpuMs)}, load generator ${ms(ownMs)}`);
    }
    if (o.savesOnly) return { saves, gamePage: NONE, historyPage: NONE, reviewPage: NONE, resolved: { event: [], fetched: [], steps: {} }, exactlyOnce: 0, unverified: [] };
    // Pages at a rate over both app processes, with their CPU time a page.
    const pagesAt = async (rate: number, make: (i: number) => Promise<unknown>) => {
      const cpu0 = cluster.appProcs.reduce((s, p) => s + groupCpuMs(p), 0);
      const result = await atRate(rate, o.pageSeconds, (i) => make(i).then(() => undefined));
      const cpuMs = (cluster.appProcs.reduce((s, p) => s + groupCpuMs(p), 0) - cpu0) / (rate * o.pageSeconds);
      return { ...result, cpuMs };
    };
    const pageLine = (name: string, rate: number, r: LoadFigures["gamePage"]) =>
      `${name} at ${rate} req/s × ${o.pageSeconds} s, both app processes: p50 ${ms(percentile(r.latencies, 0.5))}, p95 ${ms(percentile(r.latencies, 0.95))}, errors ${r.errors}${r.firstError ? ` (${r.firstError})` : ""}; app CPU a page ${ms(r.cpuMs)}`;
    const pageAt = (path: (g: LoadGame) => string) => (i: number) => {
      const g = pick(games, i);
      return page(pick(cluster.apps, i), g.players[pick(NATIONS, i)].cookie, path(g));
    };
    // Warm-up, not counted (as for saves): the page's modules loaded and its render code optimised.
    // The phased page's own route (/game/<id> answers a phased game with a redirect to it).
    await atRate(o.pageRate, 3, pageAt((g) => `/game/${g.gameId}/play`));
    const gamePage = await pagesAt(o.pageRate, pageAt((g) => `/game/${g.gameId}/play`));
    log(pageLine("game page", o.pageRate, gamePage));

    const racing = await makePhasedGames(cluster.handle, o.pagesOnly ? Math.min(10, o.resolveGames) : o.resolveGames, "race");
    log(`${racing.length} games resolving at once, ${racing.length * cluster.apps.length} live streams over both app processes; the last two locks of each game race`);
    const resolved = await resolveMeasured(cluster, racing, jobRuns, log);
    const once = await racesLogged(cluster, racing, log);
    const battleGames = o.pagesOnly ? [] : await makeBattleGames(cluster, o.resolveGames, "battle");
    const battles = o.pagesOnly ? undefined : await battlesMeasured(cluster, battleGames, jobRuns, log);

    // History and turn review of games with a resolved turn.
    const reviewed = (path: (g: LoadGame) => string) => (i: number) => page(pick(cluster.apps, i), pick(racing, i).players[pick(NATIONS, i)].cookie, path(pick(racing, i)));
    await atRate(5, 1, reviewed((g) => `/game/${g.gameId}/history`));
    await atRate(5, 1, reviewed((g) => `/game/${g.gameId}/turn/1`));
    const historyPage = await pagesAt(o.pageRate / 2, reviewed((g) => `/game/${g.gameId}/history`));
    const reviewPage = await pagesAt(o.pageRate / 2, reviewed((g) => `/game/${g.gameId}/turn/1`));
    log(pageLine("history page", o.pageRate / 2, historyPage));
    log(pageLine("turn review page", o.pageRate / 2, reviewPage));

    let killed: LoadFigures["killed"];
    let killGames: LoadGame[] = [];
    if (o.killGames > 0 && !o.pagesOnly) {
      killGames = await makePhasedGames(cluster.handle, o.killGames, "kill");
      log(`worker kill -9 during ${killGames.length} adjudications (a dead worker's job is re-taken after ${LEASE_SECONDS} s)`);
      killed = await killDuringAdjudications(cluster, killGames, log);
      log(`    resolved ${killed.retaken} of ${killed.of}, the last ${killed.seconds.toFixed(1)} s after the kill`);
    }
    // Every phase row of each game whose turn resolved (its orders, battles and post-combat phases) replayed through the ruleset.
    const toVerify = await resolvedGames(cluster, [...racing, ...battleGames, ...killGames]);
    const unverified: number[] = [];
    for (const g of toVerify) if (!(await verifyGame(cluster.handle.db, g.gameId)).ok) unverified.push(g.gameId);
    log(`verify: ${toVerify.length - unverified.length} of ${toVerify.length} resolved games pass${unverified.length ? ` (failed: ${unverified.join(", ")})` : ""}`);
    log(`machine: ${busy()}`);
    return { saves, gamePage, historyPage, reviewPage, resolved, exactlyOnce: once, killed, battles, verified: toVerify.length, unverified };
  } finally {
    await cluster.stop();
  }
}

/** The git commit measured, for the printout. */
export function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
