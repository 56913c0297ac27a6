// npx tsx scripts/event-cpu.ts — the app's CPU time a live event with the view costs (issue 20), in
// this one process (process.cpuUsage: CPU time holds on a busy machine, wall time does not). Each
// stream is game.events as app/trpc/http.ts serves it, minus Next's copy to the socket:
// tRPC's fetch handler (the viewer's cut, the event's JSON, the SSE frame, its UTF-8 bytes) and the
// route's splice of the view's bytes (server/api/view-frames.ts), read to the end. Each shape is
// measured both ways: "spliced" (the route today) and "whole" (no splice: tRPC serialises each
// stream's whole view, as before). The database is a throw-away one on the local Postgres server,
// so its CPU is not counted; the per-event read's round trip and rows are.
// Two shapes for each number of streams N: "one game" (N streams of one game: its five players, then
// spectators) and "many games" (N games, one stream each: the load test's topology, where each app
// process holds one stream of each game). Then where a stream's CPU goes, function by function.
// STREAMS: numbers of streams (default 2,20,200); EVENTS: events timed a shape (default 20, after 5);
// LOADTEST_DATABASE_URL: the Postgres server; EVENT_CPU_PROF=DIR: a V8 CPU profile of each shape's
// timed events there (open in Chrome's DevTools).
import { EventEmitter, setMaxListeners } from "node:events";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { loadavg } from "node:os";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "../server/api/root";
import { ViewFrames, viewParts } from "../server/api/view-frames";
import type { GameEvent } from "../server/runtime-events";
import { publicIds } from "../server/services/public-ids";
import { readView, viewFor } from "../server/services/view";
import { NATIONS } from "../server/rulesets/1942/engine";
import { loadtestServer, ownCpuMs } from "./loadtest/cluster";
import { throwAwayDatabase } from "../tests/support/throw-away-db";
import { makeGames, makePlayers, type Player } from "./loadtest/players";

const COUNTS = (process.env.STREAMS ?? "2,20,200").split(",").map(Number);
const EVENTS = Number(process.env.EVENTS ?? 20);
const WARM = 5;
const adminUrl = loadtestServer();


const { handle, drop } = await throwAwayDatabase(adminUrl, "lockstep_load");
const bus = new EventEmitter();
bus.setMaxListeners(0);
let eventId = 1_000;

/** A stream of `gameId` for `viewer`, read to the end; `onFrame` gets each event frame's size. */
async function openStream(viewer: Player, gameId: number, spliced: boolean, tabs: AbortController, onFrame: (bytes: number) => void) {
  const user = { id: viewer.userId, email: `${viewer.userId}@example.invalid`, name: null };
  const viewFrames = spliced ? new ViewFrames() : undefined;
  const req = new Request(`http://127.0.0.1/api/trpc/game.events?input=${encodeURIComponent(JSON.stringify({ gameId }))}`, { signal: tabs.signal });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: async () => ({ db: handle.db, bus, user, viewFrames }) });
  const reader = (viewFrames ? viewFrames.splice(res.body!) : res.body!).getReader();
  let frame = 0;
  let frames = 0;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      frame += value.byteLength;
      // "\n\n" ends a frame; the first ("connected") is not an event's.
      if (value.byteLength === 2 && value[0] === 10 && value[1] === 10) {
        if (frames++ > 0) onFrame(frame);
        frame = 0;
      }
    }
  })().catch(() => {});
}

/** A CPU profile of what runs until the returned function is called (EVENT_CPU_PROF only). */
async function startProfile(): Promise<(name: string) => Promise<void>> {
  const dir = process.env.EVENT_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async (name) => {
    const { profile } = await session.post("Profiler.stop");
    await writeFile(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}

/** `streams` open streams (viewer, game) and EVENTS timed events on each game: CPU a game's event. */
async function measure(shape: string, spliced: boolean, streams: { viewer: Player; gameId: number }[]) {
  const gameIds = [...new Set(streams.map((s) => s.gameId))];
  // Each shape's own tabs, closed at its end, so no stream of one shape hears the next one's events.
  const tabs = new AbortController();
  setMaxListeners(0, tabs.signal);
  let waiting = 0;
  let done = () => {};
  let bytes = 0;
  const viewed = { frames: 0, big: 0 };
  for (const s of streams)
    await openStream(s.viewer, s.gameId, spliced, tabs, (n) => {
      bytes = n;
      viewed.frames += 1;
      if (n > 2_000) viewed.big += 1;
      if (--waiting === 0) done();
    });
  await new Promise((r) => setTimeout(r, 200)); // the streams listen
  const round = () =>
    new Promise<void>((resolve) => {
      waiting = streams.length;
      done = resolve;
      for (const gameId of gameIds) bus.emit(`game:${gameId}`, { gameId, kind: "turn-resolved", turn: 1, id: eventId++ } satisfies GameEvent);
    });
  for (let i = 0; i < WARM; i++) await round();
  viewed.frames = viewed.big = 0;
  const profile = await startProfile();
  const cpu0 = ownCpuMs();
  for (let i = 0; i < EVENTS; i++) await round();
  await profile(`${shape.replace(" ", "-")}-${streams.length}-${spliced ? "spliced" : "whole"}`);
  const perEvent = (ownCpuMs() - cpu0) / EVENTS / gameIds.length;
  tabs.abort();
  await new Promise((r) => setTimeout(r, 200)); // the streams close
  const perStream = (perEvent * gameIds.length) / streams.length;
  console.log(
    `${shape}, ${streams.length} streams, ${spliced ? "spliced" : "whole  "}: ${perEvent.toFixed(2)} ms a game's event, ${perStream.toFixed(3)} ms a stream; ${viewed.big} of ${viewed.frames} frames with the view, ${bytes} bytes (load average ${loadavg()[0]!.toFixed(1)})`,
  );
}

/** Where one stream's CPU goes, for `viewers` of one game: µs a call of each part, the read once. */
async function breakdown(gameId: number, viewers: Player[]) {
  const ids = await publicIds(handle.db);
  const timeUs = async (label: string, times: number, fn: (i: number) => unknown) => {
    for (let i = 0; i < Math.min(times, 20); i++) await fn(i);
    const c0 = ownCpuMs();
    for (let i = 0; i < times; i++) await fn(i);
    console.log(`  ${label}: ${(((ownCpuMs() - c0) / times) * 1000).toFixed(0)} µs`);
  };
  const read = await readView(handle.db, gameId, (rows) => rows.filter((s) => s.userId !== null).map((s) => s.nation));
  if ("otherRuleset" in read) throw new Error("a 1942 game");
  const views = await Promise.all(viewers.map((v) => viewFor(handle.db, v.userId, read)));
  const event = { gameId, kind: "turn-resolved", turn: 1, id: 5 } as const;
  console.log(`where a stream's CPU goes (one game, ${viewers.length} viewers, a view of ${JSON.stringify(views[0]).length} bytes of JSON):`);
  await timeUs("readView (once per event and process)", 50, () => readView(handle.db, gameId, (rows) => rows.filter((s) => s.userId !== null).map((s) => s.nation)));
  await timeUs("viewFor (a stream)", 400, (i) => viewFor(handle.db, viewers[i % viewers.length]!.userId, read));
  await timeUs("JSON.stringify of the event with the whole view (a stream, whole)", 400, (i) => JSON.stringify({ ...event, view: views[i % views.length] }));
  await timeUs("the viewer's own part's bytes, the board's shared (a stream, spliced)", 400, (i) => viewParts(views[i % views.length]!));
  await timeUs("the public id of the event (a stream)", 400, (i) => ids.toPublic("event", 1_000 + i));
}

try {
  const most = Math.max(...COUNTS);
  const spectators = await makePlayers(handle, Math.max(0, most - NATIONS.length), "cpu-watch");
  const [one] = await makeGames(handle, 1, "cpu-one");
  const oneViewers = [...NATIONS.map((n) => one!.players[n]), ...spectators];
  const many = await makeGames(handle, most, "cpu-many");
  for (const n of COUNTS) {
    for (const spliced of [false, true]) {
      await measure("one game", spliced, oneViewers.slice(0, n).map((viewer) => ({ viewer, gameId: one!.gameId })));
      await measure("many games", spliced, many.slice(0, n).map((g, i) => ({ viewer: g.players[NATIONS[i % NATIONS.length]!], gameId: g.gameId })));
    }
  }
  await breakdown(one!.gameId, oneViewers.slice(0, 20));
} finally {
  await drop();
}
process.exit(0);
