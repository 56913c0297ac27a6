// npx tsx scripts/phased-cpu.ts — the CPU a turn's hot mutations cost this process, called in-process
// through the tRPC caller (no HTTP, no session read) against a throw-away database of the local
// Postgres server: a phased 1942 game's play.save, play.lock (never the last) and play.unlock beside a
// classic game's orders.save, orders.lock and orders.unlock, of the same lists. The database works in
// its own processes, so the figure is the app's: the procedure, the service, the ruleset, the driver.
// Kinds are measured in alternating rounds (ROUNDS, default 5, of N requests, default 100, after a
// warm-up), so a load that changes during a run weighs on each kind alike; the median round is printed.
// ONLY: kinds, comma-separated. LOADTEST_DATABASE_URL: the Postgres server.
import { EventEmitter } from "node:events";
import { loadavg } from "node:os";
import { createCaller } from "../server/api/root";
import { NATIONS, type Nation } from "../server/rulesets/1942/engine";
import { throwAwayDatabase } from "../tests/support/throw-away-db";
import { loadtestServer, ownCpuMs } from "./loadtest/cluster";
import { makeGames, makePhasedGames, type LoadGame } from "./loadtest/players";
import { saveLists } from "./loadtest/run";

const N = Number(process.env.N ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const { handle, drop } = await throwAwayDatabase(loadtestServer(), "lockstep_phased_cpu");
try {
  const bus = new EventEmitter();
  const as = (g: LoadGame, n: Nation) => createCaller({ db: handle.db, bus, user: { id: g.players[n].userId, email: `${g.players[n].userId}@example.invalid`, name: null } });
  const phased = await makePhasedGames(handle, 4, "phased-cpu");
  const classic = await makeGames(handle, 4, "classic-cpu");
  const lists = saveLists();
  const seat = (games: LoadGame[], i: number) => ({ g: games[i % games.length]!, n: NATIONS[Math.floor(i / games.length) % NATIONS.length]! });
  // A lock and its unlock are measured together (a lock alone would close the phase at the fifth).
  const kinds: Record<string, (i: number) => Promise<unknown>> = {
    "play.save": (i) => {
      const { g, n } = seat(phased, i);
      return as(g, n).play.save({ gameId: g.gameId, side: n, orders: lists[n] }).then((r) => {
        if (!r.ok) throw new Error(`play.save refused: ${r.message}`);
      });
    },
    "orders.save": (i) => {
      const { g, n } = seat(classic, i);
      return as(g, n).orders.save({ gameId: g.gameId, nation: n, orders: lists[n] });
    },
    "play.lock+unlock": async (i) => {
      const { g, n } = seat(phased, i);
      await as(g, n).play.lock({ gameId: g.gameId, side: n });
      await as(g, n).play.unlock({ gameId: g.gameId, side: n });
    },
    "orders.lock+unlock": async (i) => {
      const { g, n } = seat(classic, i);
      await as(g, n).orders.lock({ gameId: g.gameId, nation: n });
      await as(g, n).orders.unlock({ gameId: g.gameId, nation: n });
    },
  };
  const only = process.env.ONLY?.split(",");
  const chosen = Object.entries(kinds).filter(([name]) => !only || only.includes(name));
  for (const [, request] of chosen) for (let i = 0; i < 30; i++) await request(i);
  const rounds = new Map<string, number[]>(chosen.map(([name]) => [name, []]));
  console.log(`load average at the start: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, request] of chosen) {
      const start = ownCpuMs();
      for (let i = 0; i < N; i++) await request(i);
      rounds.get(name)!.push((ownCpuMs() - start) / N);
    }
  }
  for (const [name, ms] of rounds) {
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(`${name}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} ms a request (rounds: ${ms.map((m) => m.toFixed(2)).join(", ")})`);
  }
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
} finally {
  await drop();
}
