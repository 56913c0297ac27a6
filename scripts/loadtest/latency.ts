// Where a turn's time goes, from the last lock to the next phase on every stream of the game: the load
// generator times what it sees (the lock request, the event, the refetch), and each worker logs one
// line a job ("job run") with its queue wait and the adjudication's steps, and the epoch ms of its
// commit. Both clocks are this machine's, so the commit → event step spans two processes truly.
import { percentile } from "./http";
import type { Proc } from "./cluster";

/** Epoch milliseconds with sub-ms precision, comparable across this machine's processes. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** A worker's "job run" line (server/jobs/worker.ts). */
export interface JobRun {
  key: string;
  outcome: string;
  queuedMs: number;
  readMs: number;
  engineMs: number;
  robotDecisions: number;
  writeMs: number;
  commitMs: number;
  committedAt: number;
}

/** Every "job run" line the workers write from now on, by job key (a rerun's line replaces the first). */
export function collectJobRuns(workers: Proc[]): Map<string, JobRun> {
  const runs = new Map<string, JobRun>();
  for (const w of workers)
    w.onLine((line) => {
      if (!line.includes('"job run"')) return;
      try {
        const r = JSON.parse(line) as JobRun & { msg?: string };
        if (r.msg === "job run") runs.set(r.key, r);
      } catch {
        // not a log line of ours
      }
    });
  return runs;
}

/** One game's way from its last lock to the new turn, as the load generator saw it. */
export interface GameTiming {
  jobKey: string;
  lockSentAt: number;
  /** When the later of the racing locks was answered. */
  lockAnsweredAt: number;
  /** Per stream: when it heard the event, and when its refetch's view showed the next phase in hand
   * (`refetched`: always so for a phased game, whose events carry no view). */
  streams: { eventAt?: number; fetchedAt?: number; refetched?: boolean }[];
}

export interface Steps {
  /** Step name → milliseconds, one value a game (or a stream, for the steps after the commit). */
  [step: string]: number[];
}

export function stepsOf(games: GameTiming[], runs: Map<string, JobRun>, action = "last lock"): Steps {
  const request = action === "last lock" ? "lock request (sent → answered)" : `${action} request (sent → answered)`;
  const steps: Steps = {
    [request]: [],
    "queue pick-up (job due → claimed)": [],
    "adjudication: read": [],
    "adjudication: engine (with robots' decisions)": [],
    "adjudication: write": [],
    "adjudication: commit": [],
    "event fan-out (commit → event on the stream)": [],
    "refetch of play.get (event → next phase in hand)": [],
  };
  for (const g of games) {
    steps[request]!.push(g.lockAnsweredAt - g.lockSentAt);
    const run = runs.get(g.jobKey);
    if (!run) continue;
    steps["queue pick-up (job due → claimed)"]!.push(run.queuedMs);
    steps["adjudication: read"]!.push(run.readMs);
    steps["adjudication: engine (with robots' decisions)"]!.push(run.engineMs);
    steps["adjudication: write"]!.push(run.writeMs);
    steps["adjudication: commit"]!.push(run.commitMs);
    for (const s of g.streams) {
      if (s.eventAt !== undefined) steps["event fan-out (commit → event on the stream)"]!.push(s.eventAt - run.committedAt);
      if (s.eventAt !== undefined && s.fetchedAt !== undefined && s.refetched) steps["refetch of play.get (event → next phase in hand)"]!.push(s.fetchedAt - s.eventAt);
    }
  }
  return steps;
}

const fmt = (v: number) => (Number.isNaN(v) ? "–" : v.toFixed(v < 10 ? 1 : 0).padStart(6));

/** The steps' p50 and p95, and the slowest step at p95 named. */
export function stepLines(steps: Steps): string[] {
  const rows = Object.entries(steps).map(([name, values]) => ({ name, p50: percentile(values, 0.5), p95: percentile(values, 0.95), n: values.length }));
  const width = Math.max(...rows.map((r) => r.name.length));
  const lines = rows.map((r) => `      ${r.name.padEnd(width)}  p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms (${r.n})`);
  const slowest = rows.filter((r) => !Number.isNaN(r.p95)).sort((a, b) => b.p95 - a.p95)[0];
  if (slowest) lines.push(`      slowest step at p95: ${slowest.name} (${fmt(slowest.p95).trim()} ms)`);
  return lines;
}
