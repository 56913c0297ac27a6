// npx tsx scripts/request-cpu.ts — the app's CPU time a request, one request at a time against one
// `next start` on a throw-away database of the local Postgres server (as the load test makes it): the
// game page (classic, and a phased 1942 game's as a player and a spectator see it), a signed-in page with nothing of its own (the floor), game.get, orders.save, orders.lock
// (never the last) and orders.unlock of four 1942 games whose players have saved orders; battle.decide
// in ten games waiting for Germany's decisions and postCombat.lock (never the last) in four games
// whose post-combat stage is open, both stages written straight into the database (no worker runs). One request at a time, so a busy shared machine
// inflates the figures less than a rate does.
// N: requests measured per kind (default 200, after 50 untimed); ONLY: kinds, comma-separated;
// LOADTEST_CPU_PROF=DIR: the app process's CPU profile of each kind's measured requests alone (DIR/<kind>.cpuprofile,
// started and stopped through the inspector after the warm-up: no start-up, no set-up; the profiler's
// own cost is in that run's CPU figures, so measure without it); LOADTEST_DATABASE_URL: the Postgres server.
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { groupCpuMs, loadtestServer, startCluster } from "./loadtest/cluster";
import { trpc } from "./loadtest/http";
import { makeGames, makePhasedGames, makePlayers } from "./loadtest/players";
import { remoteProfiler } from "./loadtest/remote-profiler";
import { saveLists } from "./loadtest/run";
import { eq, inArray } from "drizzle-orm";
import { phases, postCombatOrders } from "../db/schema";
import { NATIONS } from "../server/rulesets/1942/engine";

/** A page's first-load JavaScript, gzip: its module scripts (as tests/browser/game-screen.test.ts counts it). */
async function firstLoadJs(url: string, cookie: string): Promise<number> {
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnoModule\b/i.test(tag));
  const srcs = new Set(tags.flatMap((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1] ?? []).map((src) => new URL(src.replace(/&amp;/g, "&"), url).href));
  let bytes = 0;
  for (const src of srcs) bytes += gzipSync(Buffer.from(await (await fetch(src)).arrayBuffer())).length;
  return bytes;
}

const N = Number(process.env.N ?? 200);
const adminUrl = loadtestServer();
const profileDir = process.env.LOADTEST_CPU_PROF;
delete process.env.LOADTEST_CPU_PROF; // the app gets the inspector, not a whole-process --cpu-prof
const basePort = Number(process.env.LOADTEST_PORT ?? 3391);
const inspectBasePort = profileDir ? basePort + 1000 : undefined;
const cluster = await startCluster({ adminUrl, apps: 1, workers: 0, basePort, inspectBasePort });
const app = cluster.apps[0]!;
const profiler = inspectBasePort === undefined ? undefined : await remoteProfiler(`http://127.0.0.1:${inspectBasePort}`);
try {
  const games = await makeGames(cluster.handle, 4, "cpu");
  const lists = saveLists();
  for (const g of games) for (const n of NATIONS) await trpc(app, g.players[n].cookie, "orders.save", { gameId: g.gameId, nation: n, orders: lists[n] }, "mutation");
  // Games waiting for battle decisions: Germany leads the Axis in one battle, a request a round, each
  // a retreat choice (nothing to submerge or withdraw), so every request decided is a whole decision
  // (read, checked, recorded, its job queued, its event published), one request fewer each time.
  const battleGames = await makeGames(cluster.handle, 10, "cpu-battles");
  const rounds = Math.ceil((N + 50) / battleGames.length);
  const deadline = new Date(Date.now() + 86_400_000).toISOString();
  const requests = Array.from({ length: rounds }, (_, r) => ({
    kind: "retreat" as const,
    battle: "Karelia S.S.R.",
    round: r + 1,
    team: "Axis" as const,
    chooser: "Germany" as const,
    submergeable: [],
    withdrawable: [],
    deadline,
  }));
  await cluster.handle.db
    .update(phases)
    .set({ status: "battles", pending: { pass: "land", requests, battles: [] }, decisions: [], decisionDeadline: new Date(deadline) })
    .where(inArray(phases.gameId, battleGames.map((g) => g.gameId)));
  // Games whose post-combat stage is open, every nation with something to choose (a row unlocked).
  const landingGames = await makeGames(cluster.handle, 4, "cpu-landings");
  for (const g of landingGames) {
    const [phase] = await cluster.handle.db.select({ id: phases.id }).from(phases).where(eq(phases.gameId, g.gameId));
    await cluster.handle.db.update(phases).set({ status: "post-combat" }).where(eq(phases.id, phase!.id));
    await cluster.handle.db.insert(postCombatOrders).values(NATIONS.map((nation) => ({ phaseId: phase!.id, nation, lockedAt: null })));
  }
  // The game page as the lobby now makes 1942 games (play.create, played a phase at a time): its
  // players have saved their orders (play.save); a spectator is signed in and plays no side.
  const phasedGames = await makePhasedGames(cluster.handle, 4, "cpu-phased");
  for (const g of phasedGames) for (const n of NATIONS) await trpc(app, g.players[n].cookie, "play.save", { gameId: g.gameId, side: n, phase: "orders", orders: lists[n] }, "mutation");
  const [spectator] = await makePlayers(cluster.handle, 1, "cpu-spectator");
  const phasedPage = async (path: string, cookie: string, what: string, status = 200) => {
    const res = await fetch(`${app}${path}`, { headers: { cookie }, redirect: "manual" });
    const body = await res.arrayBuffer();
    if (res.status !== status) throw new Error(`${what}: ${res.status}`);
    return body.byteLength;
  };
  let decided = 0;
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
    // A phased 1942 game's page (/game/<id>/play, where /game/<id> sends it), as each of its players sees it.
    "phased page": (i) => {
      const g = phasedGames[i % phasedGames.length]!;
      return phasedPage(`/game/${g.gameId}/play`, g.players[NATIONS[i % NATIONS.length]!].cookie, "phased page");
    },
    // What a link to /game/<id> costs a phased game before its page: the redirect alone.
    "phased redirect": (i) => {
      const g = phasedGames[i % phasedGames.length]!;
      return phasedPage(`/game/${g.gameId}`, g.players.Germany.cookie, "phased redirect", 307);
    },
    "phased page (spectator)": (i) => phasedPage(`/game/${phasedGames[i % phasedGames.length]!.gameId}/play`, spectator!.cookie, "phased page (spectator)"),
    // The floor under every page: a signed-in player's page with almost nothing of its own (the site's
    // layout with its header and the session, Next's request handling, the proxy's nonce, gzip). What a
    // game page costs above it is the game page's own part.
    "signed-in page": async (i) => {
      const { cookie } = who(i);
      const res = await fetch(`${app}/signin/check-email`, { headers: { cookie } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`signed-in page: ${res.status}`);
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
    // After the locks: each nation unlocks in turn (the lock removed, or already gone), the phase open.
    "orders.unlock": async (i) => {
      const { gameId, nation, cookie } = who(i);
      await trpc(app, cookie, "orders.unlock", { gameId, nation }, "mutation");
      return 0;
    },
    // Each request decided once: counted apart from i, which starts again after the warm-up.
    "battle.decide": async () => {
      const k = decided++;
      const g = battleGames[k % battleGames.length]!;
      const round = Math.floor(k / battleGames.length) + 1;
      const decision = { kind: "retreat", submerge: [], withdraw: [] };
      await trpc(app, g.players.Germany.cookie, "battle.decide", { gameId: g.gameId, nation: "Germany", battle: "Karelia S.S.R.", round, step: "retreat", decision }, "mutation");
      return 0;
    },
    // As orders.lock: one of the first four nations again and again, never the last, the stage open.
    "postCombat.lock": async (i) => {
      const g = landingGames[i % landingGames.length]!;
      const nation = NATIONS[i % (NATIONS.length - 1)]!;
      await trpc(app, g.players[nation].cookie, "postCombat.lock", { gameId: g.gameId, nation }, "mutation");
      return 0;
    },
  };
  const only = process.env.ONLY?.split(",");
  if (!only || only.includes("phased page")) console.log(`phased page: first-load JS ${((await firstLoadJs(`${app}/game/${phasedGames[0]!.gameId}/play`, phasedGames[0]!.players.Germany.cookie)) / 1024).toFixed(1)} KB gzip`);
  for (const [name, request] of Object.entries(kinds)) {
    if (only && !only.includes(name)) continue;
    for (let i = 0; i < 50; i++) await request(i); // warm-up: modules loaded, code optimised
    await profiler?.start();
    const cpu0 = groupCpuMs(cluster.appProcs[0]!);
    const t0 = performance.now();
    let size = 0;
    for (let i = 0; i < N; i++) size = await request(i);
    const cpu = (groupCpuMs(cluster.appProcs[0]!) - cpu0) / N;
    const wall = (performance.now() - t0) / N;
    if (profiler) await writeFile(join(profileDir!, `${name.replace(/\W+/g, "-")}.cpuprofile`), JSON.stringify(await profiler.stop()));
    console.log(`${name}: app CPU ${cpu.toFixed(1)} ms a request, wall ${wall.toFixed(1)} ms${size ? `, ${size} bytes` : ""} (load average ${loadavg()[0]!.toFixed(1)})`);
  }
} finally {
  profiler?.close();
  await cluster.stop();
}
process.exit(0);
