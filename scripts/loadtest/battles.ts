// The battle and post-combat steps of issue 20's latency goal, in 1942 games played a phase at a
// time: in each game Germany attacks Karelia (Russia defends: both sides choose casualties, R6.6) and
// flies a fighter out to sea, which must land after combat (R7.1). Low luck, so every game has the
// same battle whatever the dice. Measured: each battles phase's choices saved and locked → the next
// phase (the next round, or the battles' end) on every stream, and the post-combat lock → the next turn.
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine";
import { lockSide } from "../../server/services/ruleset-games/play";
import type { Cluster } from "./cluster";
import { trpc } from "./http";
import type { JobRun } from "./latency";
import { makePhasedGames, type LoadGame } from "./players";
import { battleDecisions, latestPhase, measureStage, openDecisions, postCombatLocks, type StageResult, type WaitingBattles } from "./stage";

const GERMANY_ORDERS = [
  { id: "k1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
  { id: "f1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] },
];

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export function mergeStages(results: StageResult[]): StageResult {
  return {
    event: results.flatMap((r) => r.event),
    fetched: results.flatMap((r) => r.fetched),
    failed: results.flatMap((r) => r.failed),
    streams: {
      opened: results.reduce((n, r) => n + r.streams.opened, 0),
      connected: results.reduce((n, r) => n + r.streams.connected, 0),
      refetches: results.reduce((n, r) => n + r.streams.refetches, 0),
      refetchErrors: results.reduce((n, r) => n + r.streams.refetchErrors, 0),
    },
    timings: results.flatMap((r) => r.timings),
    cpu: { app: results.reduce((s, r) => s + r.cpu.app, 0), workers: results.reduce((s, r) => s + r.cpu.workers, 0), own: results.reduce((s, r) => s + r.cpu.own, 0) },
  };
}

export interface BattleFigures {
  /** Every round's decisions (the first round has every game at once). */
  decisions: StageResult & { rounds: number[] };
  postCombat: StageResult;
}

/** `count` games in their battles phase at once; their rounds decided, then their post-combat locked. */
export async function battlesAtOnce(cluster: Cluster, all: LoadGame[], runs: Map<string, JobRun>): Promise<BattleFigures> {
  // The set-up is not measured; on an overloaded machine a request of it may fail: that game is left out.
  const games: LoadGame[] = [];
  for (const g of all) {
    const saved = await trpc<{ ok: boolean }>(cluster.apps[0]!, g.players.Germany.cookie, "play.save", { gameId: g.gameId, side: "Germany", orders: GERMANY_ORDERS }, "mutation").then(
      (r) => r.ok,
      () => false,
    );
    if (!saved) continue;
    for (const n of NATIONS) await lockSide(cluster.handle.db, g.players[n].userId, g.gameId, n);
    games.push(g);
  }
  // The orders phase resolved: a later phase of turn 1 (the battles) is open.
  const moved = await until(async () => (await Promise.all(games.map((g) => latestPhase(cluster, g.gameId)))).every((p) => p.step > 0 && p.status === "open"), 120_000);
  if (!moved) throw new Error("the battle games did not reach their battles phase");
  const rounds: StageResult[] = [];
  const perRound: number[] = [];
  for (let round = 0; round < 12; round++) {
    const waiting = new Map<number, WaitingBattles>();
    for (const g of games) {
      const w = await openDecisions(cluster, g, "battles-").catch(() => null);
      if (w && w.sides.length > 0) waiting.set(g.gameId, w);
    }
    if (waiting.size === 0) break;
    const deciding = games.filter((g) => waiting.has(g.gameId));
    perRound.push(deciding.length);
    rounds.push(await measureStage(cluster, deciding, battleDecisions(cluster, waiting), runs));
  }
  // The battles ended: the post-combat phase waits for Germany's landing (R7.3).
  const open = new Map<number, Nation[]>();
  for (const g of games) {
    const w = await openDecisions(cluster, g, "post-combat").catch(() => null);
    const left = (w?.sides ?? []).filter((s) => !w!.locked.includes(s));
    if (left.length > 0) open.set(g.gameId, left);
  }
  const landing = games.filter((g) => open.has(g.gameId));
  const postCombat = landing.length > 0 ? await measureStage(cluster, landing, postCombatLocks(cluster, open), runs) : mergeStages([]);
  return { decisions: { ...mergeStages(rounds), rounds: perRound }, postCombat };
}

/** Battle games made for the scenario: five human players, low luck. */
export const makeBattleGames = (cluster: Cluster, count: number, tag: string) => makePhasedGames(cluster.handle, count, tag, { lowLuck: true });
