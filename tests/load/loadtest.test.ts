// The load test's small version (the full one is `npm run loadtest`): the same scenarios with
// small numbers against the production build on the Postgres server, on 1942 games played a phase at
// a time (play.*), and its refusal of any host but loopback. Figures are printed, never asserted:
// speed goals are the full run's.
import { describe, expect, it } from "vitest";
import { assertLoopback } from "../../scripts/loadtest/cluster";
import { SMALL, runLoadtest } from "../../scripts/loadtest/run";
import { onPostgres } from "../support/db";

describe("the load test's target", () => {
  it("is loopback only", () => {
    for (const ok of ["http://127.0.0.1:3000", "http://[::1]:3000", "postgres://postgres@localhost:5432/test"]) expect(() => assertLoopback(ok, "x")).not.toThrow();
    for (const bad of ["http://10.0.0.5:3000", "postgres://postgres@db.example.com:5432/test", "http://127.0.0.1.example.com/"])
      expect(() => assertLoopback(bad, "the database server")).toThrow(/must be on loopback/);
  });
});

// Registered only with a Postgres server: the load test runs app processes and workers side by side,
// which PGlite (one process) cannot serve.
if (onPostgres) describe("npm run loadtest, small (Postgres server)", () => {
  it("saves, streams, races, battles and pages under load: every request answered, every turn resolved once and verified", async () => {
    const lines: string[] = [];
    const f = await runLoadtest({ ...SMALL, ...(process.env.LOADTEST_PORT ? { basePort: Number(process.env.LOADTEST_PORT) } : {}), adminUrl: process.env.DATABASE_URL!, log: (l) => lines.push(l) });
    console.log(lines.join("\n"));
    for (const s of f.saves) expect({ rate: s.rate, errors: s.result.errors, answered: s.result.latencies.length }).toEqual({ rate: s.rate, errors: 0, answered: s.rate * SMALL.saveSeconds });
    for (const p of [f.gamePage, f.historyPage, f.reviewPage]) expect(p.errors).toBe(0);
    // Every stream of both app processes heard the turn resolve, then its refetch of play.get showed turn 2.
    expect(f.resolved.event).toHaveLength(SMALL.resolveGames * 2);
    expect(f.resolved.fetched).toHaveLength(SMALL.resolveGames * 2);
    expect(f.exactlyOnce).toBe(SMALL.resolveGames);
    // Every game's first battles phase was decided (choices saved, then locked) at once, and each
    // stream's refetch showed the phase after it; then every game's post-combat lock reached both streams as turn 2.
    expect(f.battles!.decisions.rounds[0]).toBe(SMALL.resolveGames);
    expect(f.battles!.decisions.failed + f.battles!.postCombat.failed).toBe(0);
    expect(f.battles!.decisions.fetched.length).toBe(f.battles!.decisions.rounds.reduce((n, g) => n + g, 0) * 2);
    expect(f.battles!.postCombat.fetched).toHaveLength(SMALL.resolveGames * 2);
    // The races' games and the battle games (their orders, battles and post-combat phases) replayed by verify.
    expect(f.verified).toBe(SMALL.resolveGames * 2);
    expect(f.unverified).toEqual([]);
  }, 600_000);
});
