// One measured step of many games at once: each game's players act (the last locks, the battle
// decisions, the post-combat lock), every open stream of the game waits for the event that follows
// and takes the view the event carries (or refetches the game when it carries none) until a view shows
// the next step (the new turn, the next round). The same
// measure for the orders' last lock, a battle decision and the post-combat lock (issue 20).
import { and, eq } from "drizzle-orm";
import { phases } from "../../db/schema";
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine";
import { groupCpuMs, type Cluster } from "./cluster";
import { eventStream, trpc, type Stream } from "./http";
import { epochMs, type GameTiming, type JobRun } from "./latency";
import type { LoadGame } from "./players";

/** What one stream's refetch of `game.get` returns, as much as a stage looks at. */
export interface ViewSeen {
  phase: {
    turn: number;
    status: string;
    pending?: { requests: { battle: string; round: number; kind: string; step?: string; team: string; chooser: Nation; mine: boolean; default?: number[] }[] } | null;
  } | null;
}

export interface Stage {
  /** The events after which a stream refetches. */
  kinds: string[];
  /** The nation each app process's stream watches as (by the stream's index). */
  viewer: (g: LoadGame, stream: number) => Nation;
  /** Sends the game's actions, all at once (the measure runs from their sending to the last answer). */
  act: (g: LoadGame) => Promise<void>;
  /** Whether a refetched view shows the step done (the view after the step, not before). */
  done: (g: LoadGame, view: ViewSeen) => boolean;
}

/** CPU ms used so far: the app processes, the workers, and this load generator. */
export interface StageCpu {
  app: number;
  workers: number;
  own: number;
}

function cpuNow(cluster: Cluster): StageCpu {
  const own = process.cpuUsage();
  return {
    app: cluster.appProcs.reduce((sum, p) => sum + groupCpuMs(p), 0),
    workers: cluster.workers.filter((w) => w.child.exitCode === null).reduce((sum, p) => sum + groupCpuMs(p), 0),
    own: (own.user + own.system) / 1000,
  };
}

export interface StageResult {
  /** Action sent → the event whose view (carried or refetched) showed the step done, → that view in hand (ms a stream). */
  event: number[];
  fetched: number[];
  /** The actions refused or timed out (their games are not measured). */
  failed: string[];
  /** Streams opened, connected within 10 s before the actions, and refetches that failed (a stream whose refetch failed is not measured). */
  streams: { opened: number; connected: number; refetchErrors: number };
  timings: GameTiming[];
  cpu: StageCpu;
}

/** The game's open phase id (the jobs of a phase are keyed `adjudicate:<id>` and `adjudicate:<id>:...`). */
async function latestPhaseId(cluster: Cluster, gameId: number): Promise<number> {
  const rows = await cluster.handle.db.select({ id: phases.id, turn: phases.turn }).from(phases).where(and(eq(phases.gameId, gameId)));
  return rows.sort((a, b) => b.turn - a.turn)[0]!.id;
}

/**
 * The phase's job run that made the step: the last committed after the action and before the first
 * event that showed the step done (a second of slack: a worker descheduled on a busy machine hears
 * its COMMIT answered after the app processes heard its NOTIFY).
 */
function runOf(runs: Map<string, JobRun>, phaseId: number, t: GameTiming): JobRun | undefined {
  const base = `adjudicate:${phaseId}`;
  const firstEvent = Math.min(...t.streams.map((s) => s.eventAt ?? Infinity));
  let best: JobRun | undefined;
  for (const r of runs.values())
    if ((r.key === base || r.key.startsWith(`${base}:`)) && r.committedAt >= t.lockSentAt - 1 && r.committedAt <= firstEvent + 1000)
      if (!best || r.committedAt > best.committedAt) best = r;
  return best;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Run `stage` for `games` at once, with one stream a game on each app process. */
export async function measureStage(cluster: Cluster, games: LoadGame[], stage: Stage, runs: Map<string, JobRun>, options: { settleMs?: number } = {}): Promise<StageResult> {
  const event: number[] = [];
  const fetched: number[] = [];
  const timings = new Map<number, GameTiming & { phaseId: number }>();
  for (const g of games) timings.set(g.gameId, { phaseId: await latestPhaseId(cluster, g.gameId), jobKey: "", lockSentAt: NaN, lockAnsweredAt: NaN, streams: [] });
  const streams: Stream[] = [];
  const follow: Promise<void>[] = [];
  let waiting = 0;
  const failed: string[] = [];
  let refetchErrors = 0;
  for (const g of games)
    cluster.apps.forEach((base, i) => {
      const viewer = g.players[stage.viewer(g, i)];
      const seen: GameTiming["streams"][number] = {};
      const timing = timings.get(g.gameId)!;
      timing.streams.push(seen);
      waiting += 1;
      streams.push(
        eventStream(base, viewer.cookie, g.gameId, (e) => {
          if (!stage.kinds.includes(e.kind ?? "") || seen.fetchedAt !== undefined || Number.isNaN(timing.lockSentAt)) return;
          const eventAt = epochMs();
          const shows = (view: ViewSeen, refetched: boolean) => {
            if (seen.fetchedAt !== undefined || !stage.done(g, view)) return;
            seen.eventAt = eventAt;
            seen.fetchedAt = refetched ? epochMs() : eventAt;
            seen.refetched = refetched;
            event.push(seen.eventAt - timing.lockSentAt);
            fetched.push(seen.fetchedAt - timing.lockSentAt);
            waiting -= 1;
          };
          // The event carries the viewer's new view (issue 20); without one (its building failed), the
          // page refetches game.get, as the generator does here.
          if (e.view) return shows(e.view as ViewSeen, false);
          follow.push(
            trpc<ViewSeen>(base, viewer.cookie, "game.get", { gameId: g.gameId }, "query").then(
              (view) => shows(view, true),
              () => void (refetchErrors += 1),
            ),
          );
        }),
      );
    });
  let connected = 0;
  await Promise.all(streams.map((s) => Promise.race([s.ready.then(() => void (connected += 1)), new Promise((r) => setTimeout(r, 10_000))])));
  // A stream's first bytes leave before its subscription has started (the session, the game, its ids):
  // a CPU measure of one game waits for that, and for the streams closed before, to be done.
  if (options.settleMs) await new Promise((r) => setTimeout(r, options.settleMs));
  const cpu0 = cpuNow(cluster);
  await Promise.all(
    games.map(async (g) => {
      const timing = timings.get(g.gameId)!;
      timing.lockSentAt = epochMs();
      try {
        await stage.act(g);
      } catch (e) {
        // Counted and shown, not fatal: on an overloaded machine a request may time out (30 s) or get a 503.
        failed.push(`${(e as Error).message}`);
        waiting -= timing.streams.filter((s) => s.fetchedAt === undefined).length;
        for (const s of timing.streams) s.fetchedAt ??= NaN;
      }
      timing.lockAnsweredAt = epochMs();
    }),
  );
  await until(() => waiting === 0, 120_000);
  await Promise.allSettled(follow);
  // The workers write their lines just before they complete the job: wait for the last ones.
  await until(() => [...timings.values()].every((t) => runOf(runs, t.phaseId, t)), 5_000);
  await new Promise((r) => setTimeout(r, 100)); // a later run's line (a battle's second decision) may follow the first's
  const now = cpuNow(cluster);
  for (const s of streams) s.close();
  for (const t of timings.values()) t.jobKey = runOf(runs, t.phaseId, t)?.key ?? "";
  return { event, fetched, failed, streams: { opened: streams.length, connected, refetchErrors }, timings: [...timings.values()], cpu: { app: now.app - cpu0.app, workers: now.workers - cpu0.workers, own: now.own - cpu0.own } };
}

const pick = <T,>(list: readonly T[], i: number) => list[i % list.length]!;

/** The last two locks of the orders phase, sent at once to both app processes: → the next turn. */
export function lastLocks(cluster: Cluster): Stage {
  const last = NATIONS.slice(NATIONS.length - 2);
  return {
    kinds: ["turn-resolved"],
    viewer: (_g, i) => NATIONS[i % NATIONS.length]!,
    act: async (g) => {
      await Promise.all(last.map((n, i) => trpc(pick(cluster.apps, i), g.players[n].cookie, "orders.lock", { gameId: g.gameId, nation: n }, "mutation")));
    },
    done: (_g, view) => view.phase?.turn === 2,
  };
}

type Request = NonNullable<NonNullable<ViewSeen["phase"]>["pending"]>["requests"][number];
const requestKey = (r: Request) => `${r.battle}|${r.round}|${r.kind}|${r.step ?? "retreat"}|${r.team}`;

/**
 * Every battle decision waiting in each game (`waiting`, read by the caller from the choosers'
 * views before the measure), sent at once to both app processes: → the next round, or the battles'
 * end (post-combat or the next turn). Each side takes its default (R6.6).
 */
export function battleDecisions(cluster: Cluster, waiting: Map<number, Request[]>): Stage {
  return {
    kinds: ["battle-waiting", "post-combat", "turn-resolved"],
    viewer: (g, i) => (waiting.get(g.gameId) ?? []).map((r) => r.chooser).concat(NATIONS)[i]!,
    act: async (g) => {
      await Promise.all(
        (waiting.get(g.gameId) ?? []).map((r, i) =>
          trpc(pick(cluster.apps, i), g.players[r.chooser].cookie, "battle.decide", {
            gameId: g.gameId,
            nation: r.chooser,
            battle: r.battle,
            round: r.round,
            step: r.kind === "casualties" ? r.step : "retreat",
            decision: r.kind === "casualties" ? { kind: "casualties", units: r.default ?? [] } : { kind: "retreat", submerge: [], withdraw: [] },
          }, "mutation"),
        ),
      );
    },
    // The decided requests are gone from the view and the battles went on: a new request waits, or the battles ended.
    done: (g, view) => {
      if (view.phase?.status !== "battles") return true;
      const decided = new Set((waiting.get(g.gameId) ?? []).map(requestKey));
      const requests = view.phase.pending?.requests ?? [];
      return requests.length > 0 && requests.every((r) => !decided.has(requestKey(r)));
    },
  };
}

/** The waiting battle decisions of a game, as its players' own views show them (one request per chooser's view). */
export async function waitingDecisions(cluster: Cluster, g: LoadGame): Promise<Request[]> {
  const out = new Map<string, Request>();
  for (const n of NATIONS) {
    const view = await trpc<ViewSeen>(cluster.apps[0]!, g.players[n].cookie, "game.get", { gameId: g.gameId }, "query");
    if (view.phase?.status !== "battles") return [];
    for (const r of view.phase.pending?.requests ?? []) if (r.mine && r.chooser === n) out.set(requestKey(r), r);
  }
  return [...out.values()];
}

/** The post-combat stage's locks of `nations` (those with air to land), sent at once: → the next turn. */
export function postCombatLocks(cluster: Cluster, open: Map<number, Nation[]>): Stage {
  return {
    kinds: ["turn-resolved"],
    viewer: (g, i) => (open.get(g.gameId) ?? []).concat(NATIONS)[i]!,
    act: async (g) => {
      await Promise.all((open.get(g.gameId) ?? []).map((n, i) => trpc(pick(cluster.apps, i), g.players[n].cookie, "postCombat.lock", { gameId: g.gameId, nation: n }, "mutation")));
    },
    done: (_g, view) => view.phase?.turn === 2,
  };
}
