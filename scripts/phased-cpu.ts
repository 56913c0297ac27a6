// npx tsx scripts/phased-cpu.ts — the CPU time of resolving a phase of a 1942 game played a phase at a
// time (the lobby's games: play.create, server/services/ruleset-games), end to end, in this one process
// (process.cpuUsage: CPU time holds on a busy machine, wall time does not). GAMES games of five human
// players; each round every side but the last locks (untimed), then, timed apart:
//   lock    the last side's play.lock (the request's service through tRPC's caller: the phase closes
//           and its job is queued),
//   job     the adjudication jobs one after another (server/jobs/worker.ts's drain: claim, the
//           ruleset's resolve, the writes, the notes and the event, completion),
//   streams each game's event handed to its open pages (event-view.ts's withView) and what each page
//           then does for it: play.get as its viewer, the answer's JSON (STREAMS viewers a game, the
//           load test's topology holds two: one on each app process).
// The database is a throw-away one on the local Postgres server, so its CPU is not counted; round
// trips and rows are. Statements and their bytes are counted by drizzle's logger.
// PHASED_CPU_SQL=1 prints each statement's start. GAMES (default 30, after 5 untimed); ROUNDS (default 2: turns 1 and 2, no orders, each turn one
// phase); STREAMS (default 2); LOADTEST_DATABASE_URL: the Postgres server; PHASED_CPU_CALLGRIND=1
// under `valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file node --expose-gc --import
// tsx scripts/phased-cpu.ts`: instructions of the timed parts alone (repeatable whatever the load), one dump
// a part and round (`desc: Trigger: Client Request: lock`).
import { execFile } from "node:child_process";
import { EventEmitter } from "node:events";
import { loadavg } from "node:os";
import type { DbHandle } from "../db/client";
import { createCaller } from "../server/api/root";
import * as worker from "../server/jobs/worker";
import { NATIONS } from "../server/rulesets/1942/engine";
import type { GameEvent } from "../server/runtime-events";
import { withView } from "../server/services/event-view";
import { loadtestServer, ownCpuMs } from "./loadtest/cluster";
import { makePlayers, type Player } from "./loadtest/players";
import { throwAwayDatabase } from "../tests/support/throw-away-db";

const GAMES = Number(process.env.GAMES ?? 30);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const STREAMS = Number(process.env.STREAMS ?? 2);
const WARM = 5;
const CALLGRIND = process.env.PHASED_CPU_CALLGRIND === "1";

/** callgrind_control's command for this process (valgrind reads it as it runs). */
function callgrindControl(...args: string[]): Promise<void> {
  if (!CALLGRIND) return Promise.resolve();
  return new Promise((resolve, reject) => execFile("callgrind_control", [...args, String(process.pid)], (error) => (error ? reject(error) : resolve())));
}
/** Instrumentation on or off; each timed part's counts dumped apart, named by the part (callgrind_annotate reads each). */
const callgrind = async (state: "on" | "off", part?: string) => {
  await callgrindControl("-i", state);
  if (state === "off" && part) await callgrindControl(`--dump=${part}`);
};

interface PhasedGame {
  gameId: number;
  players: Player[];
}

const bus = new EventEmitter();
const as = (handle: DbHandle, p: Player) => createCaller({ db: handle.db, bus, user: { id: p.userId, email: `${p.userId}@example.invalid`, name: null } });

/** `count` started phased 1942 games (play.create as the lobby's form sends it), a human player a nation. */
async function makePhasedGames(handle: DbHandle, count: number): Promise<PhasedGame[]> {
  const players = await makePlayers(handle, count * NATIONS.length, "phased");
  const out: PhasedGame[] = [];
  for (let g = 0; g < count; g++) {
    const seat = players.slice(g * NATIONS.length, (g + 1) * NATIONS.length);
    const { gameId } = await as(handle, seat[0]!).play.create({ name: `Phased ${g + 1}`, ruleset: "1942", scenario: "standard", seats: NATIONS.length, mine: [NATIONS[0]!], ordersHours: 24, decisionHours: 24 });
    for (let i = 1; i < NATIONS.length; i++) await as(handle, seat[i]!).play.join({ gameId, side: NATIONS[i]! });
    out.push({ gameId, players: seat });
  }
  return out;
}

const { handle, drop } = await throwAwayDatabase(loadtestServer(), "lockstep_load");
try {
  const games = await makePhasedGames(handle, GAMES + WARM);
  const sent = { statements: 0, bytes: 0 };
  const drizzleSession = (handle.db as unknown as { _: { session: { logger: unknown; options: { logger?: unknown } } } })._.session;
  const logger = {
    logQuery(query: string, params: unknown[]) {
      sent.statements += 1;
      if (process.env.PHASED_CPU_SQL === "1") console.log(`  sql: ${query.slice(0, 160)}`);
      sent.bytes += query.length + params.reduce<number>((n, p) => n + (p == null ? 0 : typeof p === "string" ? p.length : JSON.stringify(p).length), 0);
    },
  };
  drizzleSession.logger = logger;
  drizzleSession.options.logger = logger;

  const totals = { lock: 0, job: 0, streams: 0, jobs: 0, lockStatements: 0, jobStatements: 0, streamsStatements: 0, jobBytes: 0, answerBytes: 0 };
  /** One part of a round, timed (its CPU and statements added to `part` when `timed`). */
  const timedPart = async (timed: boolean, part: "lock" | "job" | "streams", run: () => Promise<void>) => {
    // Under --expose-gc the heap is collected before each timed part, untimed: a major collection that
    // falls in one part or another swung a part's instructions by a third between runs.
    if (timed) (globalThis as { gc?: () => void }).gc?.();
    if (timed) await callgrind("on");
    const cpu0 = ownCpuMs();
    const s0 = { ...sent };
    await run();
    const cpu = ownCpuMs() - cpu0;
    if (timed) await callgrind("off", part);
    if (!timed) return;
    totals[part] += cpu;
    totals[`${part}Statements`] += sent.statements - s0.statements;
    if (part === "job") totals.jobBytes += sent.bytes - s0.bytes;
  };

  /** One round over `some` games: every side locks, the last one timed; the jobs; each game's streams. */
  const round = async (some: PhasedGame[], timed: boolean) => {
    for (const g of some) for (let i = 0; i < NATIONS.length - 1; i++) await as(handle, g.players[i]!).play.lock({ gameId: g.gameId, side: NATIONS[i]! });
    await timedPart(timed, "lock", async () => {
      for (const g of some) await as(handle, g.players[NATIONS.length - 1]!).play.lock({ gameId: g.gameId, side: NATIONS[NATIONS.length - 1]! });
    });
    await timedPart(timed, "job", async () => {
      const ran = await worker.drain(handle, "phased-cpu");
      if (timed) totals.jobs += ran;
    });
    await timedPart(timed, "streams", async () => {
      for (const g of some) {
        // The event as the bus hands it to every stream of the game in a process (one object).
        const event: GameEvent = { gameId: g.gameId, kind: "turn-resolved", turn: 1, id: 1 };
        // One after another (under valgrind, connections opened at once outlast the pool's timeout).
        for (const [i, p] of g.players.slice(0, STREAMS).entries()) {
          const carried = await withView(handle.db, p.userId, g.gameId, event);
          const answer = JSON.stringify("view" in carried ? carried : await as(handle, p).play.get({ gameId: g.gameId, side: NATIONS[i]! }));
          if (timed) totals.answerBytes += answer.length;
        }
      }
    });
  };

  // The first games warm the code and the statements up, untimed.
  for (let r = 0; r < ROUNDS; r++) await round(games.slice(0, WARM), false);
  const timedGames = games.slice(WARM);
  console.log(`${GAMES} phased 1942 games, five human players each, no orders, ${ROUNDS} rounds, ${STREAMS} streams a game; load average ${loadavg()[0]!.toFixed(1)}`);
  for (let r = 0; r < ROUNDS; r++) await round(timedGames, true);
  const n = GAMES * ROUNDS;
  const ms = (x: number, per = n) => (x / per).toFixed(2);
  console.log(`last lock: ${ms(totals.lock)} ms, ${ms(totals.lockStatements)} statements a game's round`);
  console.log(`jobs: ${totals.jobs} (${(totals.jobs / n).toFixed(2)} a round), ${ms(totals.job, totals.jobs)} ms, ${ms(totals.jobStatements, totals.jobs)} statements, ${(totals.jobBytes / totals.jobs / 1024).toFixed(1)} KB sent a job`);
  console.log(`streams: ${ms(totals.streams, n * STREAMS)} ms, ${ms(totals.streamsStatements, n * STREAMS)} statements a stream; ${(totals.answerBytes / n / STREAMS / 1024).toFixed(1)} KB an answer`);
  console.log(`a game's phase end to end: ${ms(totals.lock + totals.job + totals.streams)} ms (load average ${loadavg()[0]!.toFixed(1)})`);
} finally {
  await drop();
}
process.exit(0);
