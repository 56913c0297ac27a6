// One measured step of many 1942 games played a phase at a time (play.*, as the lobby makes them):
// each game's players act (the last locks of the orders, the battle choices and their locks, the
// post-combat lock), and every open stream of the game does what the game page (app/games/
// ruleset-game.tsx) does with each event: it refetches play.get, since a phased game's event carries
// no view (services/event-view.ts builds views for classic games only). The measure runs from the
// actions sent to the "turn-resolved" event whose refetch shows the next phase open, and to that view
// in hand. The same measure for the orders' last lock, a battle decision and the post-combat lock (issue 20).
import { desc, eq } from "drizzle-orm";
import { phases } from "../../db/schema";
import { NATIONS, type DecisionRequest, type Nation } from "../../server/rulesets/1942/engine";
import { groupCpuMs, type Cluster } from "./cluster";
import { eventStream, trpc, type Stream } from "./http";
import { epochMs, type GameTiming, type JobRun } from "./latency";
import type { LoadGame } from "./players";

/** What a stage reads of play.get (RulesetGameView), and of a battles phase's view (StageView). */
export interface ViewSeen {
  turn: number;
  phase: { status: string; sides: string[]; locked: string[]; step: { id: string; index: number } | null } | null;
  view: { requests?: DecisionRequest[] } | null;
}

/** The event after which a refetch is measured: each phase's resolution publishes it. */
const MEASURED = "turn-resolved";

export interface Stage {
  /** The nation each app process's stream watches as (by the stream's index). */
  viewer: (g: LoadGame, stream: number) => Nation;
  /** Sends the game's actions, all at once (the measure runs from their sending to the last answer). */
  act: (g: LoadGame) => Promise<void>;
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
  /** Action sent → the "turn-resolved" event whose refetch showed the next phase, → that view in hand (ms a stream). */
  event: number[];
  fetched: number[];
  /** The actions refused or timed out (their games are not measured). */
  failed: string[];
  /** Streams opened, connected within 10 s before the actions, refetches of play.get sent (one per event a stream heard,
   * as the page sends them), and those that failed (a stream whose measured refetch failed is not measured). */
  streams: { opened: number; connected: number; refetches: number; refetchErrors: number };
  timings: GameTiming[];
  cpu: StageCpu;
}

/** The game's phase in play: its id (its job is keyed `adjudicate:<id>`), turn and step (a turn's phases are rows 0, 1, …). */
export async function latestPhase(cluster: Cluster, gameId: number): Promise<{ id: number; turn: number; step: number; status: string }> {
  const [row] = await cluster.handle.db
    .select({ id: phases.id, turn: phases.turn, step: phases.step, status: phases.status })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn), desc(phases.step))
    .limit(1);
  return row!;
}

/** Whether a view shows a later phase than (turn, step), open for orders, or the game over. */
const movedOn = (view: ViewSeen, from: { turn: number; step: number }) =>
  (view.turn > from.turn || (view.turn === from.turn && (view.phase?.step?.index ?? 0) > from.step)) && view.phase?.status !== "resolving";

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
  const timings = new Map<number, GameTiming & { phaseId: number; from: { turn: number; step: number } }>();
  for (const g of games) {
    const at = await latestPhase(cluster, g.gameId);
    timings.set(g.gameId, { phaseId: at.id, from: at, jobKey: "", lockSentAt: NaN, lockAnsweredAt: NaN, streams: [] });
  }
  const streams: Stream[] = [];
  const follow: Promise<void>[] = [];
  let waiting = 0;
  const failed: string[] = [];
  let refetches = 0;
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
          if (seen.fetchedAt !== undefined || Number.isNaN(timing.lockSentAt)) return;
          const eventAt = epochMs();
          const measured = e.kind === MEASURED;
          // As the page: every event refetches the viewer's play.get (a lock's too); the one after the
          // phase's resolution is measured, once its view shows the next phase.
          refetches += 1;
          follow.push(
            trpc<ViewSeen>(base, viewer.cookie, "play.get", { gameId: g.gameId }, "query").then(
              (view) => {
                if (!measured || seen.fetchedAt !== undefined || !movedOn(view, timing.from)) return;
                seen.eventAt = eventAt;
                seen.fetchedAt = epochMs();
                seen.refetched = true;
                event.push(seen.eventAt - timing.lockSentAt);
                fetched.push(seen.fetchedAt - timing.lockSentAt);
                waiting -= 1;
              },
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
  await new Promise((r) => setTimeout(r, 100));
  const now = cpuNow(cluster);
  for (const s of streams) s.close();
  for (const t of timings.values()) t.jobKey = runOf(runs, t.phaseId, t)?.key ?? "";
  return { event, fetched, failed, streams: { opened: streams.length, connected, refetches, refetchErrors }, timings: [...timings.values()], cpu: { app: now.app - cpu0.app, workers: now.workers - cpu0.workers, own: now.own - cpu0.own } };
}

const pick = <T,>(list: readonly T[], i: number) => list[i % list.length]!;

/** A play.* mutation that must succeed: a refused batch (`ok: false`, answered 200) throws too. */
async function play(base: string, g: LoadGame, side: Nation, path: "play.save" | "play.lock", orders?: unknown): Promise<void> {
  const r = await trpc<{ ok?: boolean; message?: string }>(base, g.players[side].cookie, path, { gameId: g.gameId, side, ...(orders === undefined ? {} : { orders }) }, "mutation");
  if (r.ok === false) throw new Error(`${path}: refused: ${r.message ?? ""}`);
}

/** The last two locks of the orders phase, sent at once to both app processes: → the next turn. */
export function lastLocks(cluster: Cluster): Stage {
  const last = NATIONS.slice(NATIONS.length - 2);
  return {
    viewer: (_g, i) => NATIONS[i % NATIONS.length]!,
    act: async (g) => {
      await Promise.all(last.map((n, i) => play(pick(cluster.apps, i), g, n, "play.lock")));
    },
  };
}

/** A battles phase in play: the sides that act in it and the decisions it waits for. */
export interface WaitingBattles {
  sides: Nation[];
  requests: DecisionRequest[];
}

/**
 * Each acting side's choices (the R6.9 default of each of its waiting decisions, as a player who
 * takes what the panel offers) saved, then its lock, every side at once on both app processes:
 * → the next battles phase (the next round), or the battles' end (post-combat or the next turn).
 */
export function battleDecisions(cluster: Cluster, waiting: Map<number, WaitingBattles>): Stage {
  return {
    viewer: (g, i) => (waiting.get(g.gameId)?.sides ?? []).concat(NATIONS)[i]!,
    act: async (g) => {
      const w = waiting.get(g.gameId)!;
      await Promise.all(
        w.sides.map(async (side, i) => {
          const base = pick(cluster.apps, i);
          const choices = w.requests
            .filter((r) => r.chooser === side && !(r.kind === "casualties" && r.forced))
            .map((r) => ({ battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision: r.kind === "casualties" ? { kind: "casualties", units: r.default } : { kind: "retreat", submerge: [], withdraw: [] } }));
          await play(base, g, side, "play.save", { choices });
          await play(base, g, side, "play.lock");
        }),
      );
    },
  };
}

/** The game's phase of decisions in play (`id` starting so: "battles-", "post-combat"), as Germany's play.get shows it; null when another phase is. */
export async function openDecisions(cluster: Cluster, g: LoadGame, id: string): Promise<(WaitingBattles & { locked: string[] }) | null> {
  const view = await trpc<ViewSeen>(cluster.apps[0]!, g.players.Germany.cookie, "play.get", { gameId: g.gameId }, "query");
  if (view.phase?.status !== "open" || !view.phase.step?.id.startsWith(id)) return null;
  return { sides: view.phase.sides as Nation[], locked: view.phase.locked, requests: view.view?.requests ?? [] };
}

/** The post-combat phase's locks of `nations` (those with air to land), sent at once, each taking the default landing (R7.4): → the next turn. */
export function postCombatLocks(cluster: Cluster, open: Map<number, Nation[]>): Stage {
  return {
    viewer: (g, i) => (open.get(g.gameId) ?? []).concat(NATIONS)[i]!,
    act: async (g) => {
      await Promise.all((open.get(g.gameId) ?? []).map((n, i) => play(pick(cluster.apps, i), g, n, "play.lock")));
    },
  };
}
