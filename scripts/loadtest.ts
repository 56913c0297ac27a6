// npm run loadtest [-- --small | --saves-only | --pages-only | --one-game | --latency-only] — bounded load on this machine only:
// builds and starts the production server on the local Postgres server (two app processes, two
// workers) and, on 1942 games played a phase at a time (play.*, as the lobby makes them), prints save
// latency, live-update delay, page times, lock races, and a worker kill -9.
// LOADTEST_DATABASE_URL names the Postgres server (loopback only) on which it creates and then drops
// its own database; LOADTEST_PORT the first app process's port.
import { assertLoopback, killAll } from "./loadtest/cluster";
import { FULL, SMALL, commit, runLoadtest } from "./loadtest/run";

const small = process.argv.includes("--small");
const savesOnly = process.argv.includes("--saves-only");
const pagesOnly = process.argv.includes("--pages-only");
// --one-game: only the latency of one game on idle servers (10 games resolved one after another).
const oneGame = process.argv.includes("--one-game") ? 10 : undefined;
// --latency-only: only the 100 games resolving at once (and the lock races), no saves, pages or kill.
const latencyOnly = process.argv.includes("--latency-only");
const adminUrl = process.env.LOADTEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// LOADTEST_PORT: the first of the two app processes' ports (default: the scenario's own).
const basePort = process.env.LOADTEST_PORT ? Number(process.env.LOADTEST_PORT) : undefined;
assertLoopback(adminUrl, "LOADTEST_DATABASE_URL");
const limitMs = (small ? 5 : 20) * 60_000;
const timer = setTimeout(() => {
  console.error(`load test stopped: over ${limitMs / 60_000} min (its throw-away database stays; drop lockstep_load_* by hand)`);
  killAll();
  process.exit(1);
}, limitMs);
timer.unref();
process.on("SIGINT", () => {
  killAll();
  process.exit(130);
});
console.log(`lockstep load test (${oneGame ? "one game at a time" : small ? "small" : "full"}), commit ${commit()}`);
const figures = await runLoadtest({ ...(small ? SMALL : FULL), ...(basePort ? { basePort } : {}), adminUrl, savesOnly, pagesOnly, oneGame, latencyOnly, log: (l) => console.log(l) });
if (savesOnly || pagesOnly || oneGame || latencyOnly) process.exit(0);
const failed = figures.unverified.length > 0 || figures.exactlyOnce !== (small ? SMALL : FULL).resolveGames || (figures.killed && figures.killed.retaken !== figures.killed.of);
process.exit(failed ? 1 : 0);
