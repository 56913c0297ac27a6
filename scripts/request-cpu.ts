// npx tsx scripts/request-cpu.ts — the app's CPU time a request, one request at a time against one
// `next start` on a throw-away database of the local Postgres server (as the load test makes it): the
// game page, game.get, orders.save and orders.lock (never the last) of four 1942 games whose players
// have saved orders. One request at a time, so a busy shared machine inflates the figures less than a
// rate does.
// N: requests measured per kind (default 200, after 50 untimed); ONLY: kinds, comma-separated;
// LOADTEST_CPU_PROF=DIR: the app process's CPU profile; LOADTEST_DATABASE_URL: the Postgres server.
import { loadavg } from "node:os";
import { assertLoopback, groupCpuMs, startCluster } from "./loadtest/cluster";
import { trpc } from "./loadtest/http";
import { makeGames } from "./loadtest/players";
import { saveLists } from "./loadtest/run";
import { NATIONS } from "../server/rulesets/1942/engine";

const N = Number(process.env.N ?? 200);
const adminUrl = process.env.LOADTEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
assertLoopback(adminUrl, "LOADTEST_DATABASE_URL");
const cluster = await startCluster({ adminUrl, apps: 1, workers: 0, basePort: Number(process.env.LOADTEST_PORT ?? 3391) });
const app = cluster.apps[0]!;
try {
  const games = await makeGames(cluster.handle, 4, "cpu");
  const lists = saveLists();
  for (const g of games) for (const n of NATIONS) await trpc(app, g.players[n].cookie, "orders.save", { gameId: g.gameId, nation: n, orders: lists[n] }, "mutation");
  const who = (i: number) => {
    const g = games[i % games.length]!;
    const nation = NATIONS[i % NATIONS.length]!;
    return { gameId: g.gameId, nation, cookie: g.players[nation].cookie };
  };
  const kinds: Record<string, (i: number) => Promise<number>> = {
    "game page": async (i) => {
      const { gameId, cookie } = who(i);
      const res = await fetch(`${app}/game/${gameId}`, { headers: { cookie } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`game page: ${res.status}`);
      return body.byteLength;
    },
    "game.get": async (i) => {
      const { gameId, cookie } = who(i);
      return JSON.stringify(await trpc(app, cookie, "game.get", { gameId }, "query")).length;
    },
    "orders.save": async (i) => {
      const { gameId, nation, cookie } = who(i);
      await trpc(app, cookie, "orders.save", { gameId, nation, orders: lists[nation] }, "mutation");
      return 0;
    },
    // A lock of one of the first four nations, again and again: each is a whole lock (the phase row
    // locked, the lock written or kept, the seat reset, the notes acted on, the event published, the
    // vacation ended), never the last, so the phase stays open. Last, as locked nations refuse saves.
    "orders.lock": async (i) => {
      const g = games[i % games.length]!;
      const nation = NATIONS[i % (NATIONS.length - 1)]!;
      await trpc(app, g.players[nation].cookie, "orders.lock", { gameId: g.gameId, nation }, "mutation");
      return 0;
    },
  };
  const only = process.env.ONLY?.split(",");
  for (const [name, request] of Object.entries(kinds)) {
    if (only && !only.includes(name)) continue;
    for (let i = 0; i < 50; i++) await request(i); // warm-up: modules loaded, code optimised
    const cpu0 = groupCpuMs(cluster.appProcs[0]!);
    const t0 = performance.now();
    let size = 0;
    for (let i = 0; i < N; i++) size = await request(i);
    const cpu = (groupCpuMs(cluster.appProcs[0]!) - cpu0) / N;
    const wall = (performance.now() - t0) / N;
    console.log(`${name}: app CPU ${cpu.toFixed(1)} ms a request, wall ${wall.toFixed(1)} ms${size ? `, ${size} bytes` : ""} (load average ${loadavg()[0]!.toFixed(1)})`);
  }
} finally {
  await cluster.stop();
}
process.exit(0);
