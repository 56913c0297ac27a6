// The adjudication job: resolve a phase through the engine and write its report, the next phase and
// the notifications in one transaction. Idempotent: a phase already resolved is left alone, and a
// rerun after a crash (the transaction rolled back) computes the same result from the stored inputs.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, notifications, orders, phases, seats } from "../../db/schema";
import {
  NATIONS,
  defaultDecision,
  finishTurn,
  resolveCombatPhase,
  type CombatResult,
  type DecisionRecord,
  type DecisionRequest,
  type GameState,
  type Nation,
  type Order,
  type TurnReport,
} from "../engine";
import { stepOf } from "../engine/combat/decisions";
import { publish } from "./events";
import { openPhase, type Phase } from "./phases";

/** The orders a phase is resolved with: each nation's saved list (R3.1: unlocked at a deadline → as saved). */
async function phaseOrders(tx: Db, phaseId: number): Promise<Partial<Record<Nation, Order[]>>> {
  const rows = await tx.select().from(orders).where(eq(orders.phaseId, phaseId)).orderBy(asc(orders.nation), asc(orders.position));
  const out: Partial<Record<Nation, Order[]>> = {};
  for (const nation of NATIONS) {
    const list = rows.filter((r) => r.nation === nation).map((r) => r.order);
    if (list.length > 0) out[nation] = list;
  }
  return out;
}

/**
 * Resolve a stored phase from its stored inputs alone (also used to verify a phase): its start state,
 * orders, seed and the battle decisions recorded so far. With `awaitDecisions`, a battle whose
 * decision is missing waits; without, missing decisions take the default (R6.9).
 */
export function resolveStored(
  phase: Pick<Phase, "startState" | "seed"> & { decisions?: DecisionRecord[] | null },
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  awaitDecisions = false,
): { waiting?: CombatResult["waiting"]; state: GameState; report: TurnReport | CombatResult["report"] } {
  const combat = resolveCombatPhase({ state: phase.startState, orders: orderLists, seed: phase.seed, lowLuck, decisions: phase.decisions ?? [], awaitDecisions });
  if (combat.waiting) return combat;
  // The rest of the turn follows at once with the default landing (R7.4) until players land by hand.
  return finishTurn(phase.startState, combat);
}

export function recordOf(request: DecisionRequest, pass: "sea" | "land", by: DecisionRecord["by"], decision = defaultDecision(request)): DecisionRecord {
  return { battle: request.battle, pass, round: request.round, step: stepOf(request), team: request.team, decision, by };
}

/** Run the phase; robots (R3.2) take the default at once, so it only ever waits for people. */
function runWithRobots(phase: Phase, orderLists: Partial<Record<Nation, Order[]>>, lowLuck: boolean, robots: ReadonlySet<Nation>) {
  let decisions = phase.decisions ?? [];
  for (;;) {
    const result = resolveStored({ ...phase, decisions }, orderLists, lowLuck, true);
    const forRobots = result.waiting?.requests.filter((r) => robots.has(r.chooser)) ?? [];
    if (!result.waiting || forRobots.length === 0) return { result, decisions };
    decisions = [...decisions, ...forRobots.map((r) => recordOf(r, result.waiting!.pass, "robot"))];
  }
}

export interface AdjudicateHooks {
  /** Runs inside the transaction after every write, before COMMIT (tests simulate a dying worker here). */
  beforeCommit?: (tx: Db) => Promise<void>;
}

export async function adjudicatePhase(
  db: Db,
  phaseId: number,
  hooks: AdjudicateHooks = {},
): Promise<"resolved" | "already-resolved" | "not-ready" | "waiting"> {
  return db.transaction(async (tx) => {
    const [phase] = await tx.select().from(phases).where(eq(phases.id, phaseId)).for("update");
    if (!phase) throw new Error(`phase ${phaseId} does not exist`);
    if (phase.status === "resolved") return "already-resolved";
    if (phase.status !== "resolving" && phase.status !== "battles") return "not-ready";
    const [game] = await tx.select().from(games).where(eq(games.id, phase.gameId));
    if (!game) throw new Error(`game ${phase.gameId} does not exist`);
    const orderLists = await phaseOrders(tx, phase.id);
    const robots = new Set((await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, game.id), eq(seats.robot, true)))).map((r) => r.nation));
    const { result, decisions } = runWithRobots(phase, orderLists, game.options.lowLuck, robots);
    if (result.waiting) {
      await waitForDecisions(tx, phase, game, decisions, { ...result.waiting, report: result.report as CombatResult["report"] });
      await hooks.beforeCommit?.(tx);
      return "waiting";
    }
    await tx
      .update(phases)
      .set({ status: "resolved", orders: orderLists, decisions, pending: null, report: result.report, resolvedAt: new Date() })
      .where(eq(phases.id, phase.id));
    // R8.6 — a victory ends the game; otherwise the next turn's orders open.
    const winner = "victory" in result.report ? result.report.victory.winner : null;
    if (winner) await tx.update(games).set({ status: "finished" }).where(eq(games.id, game.id));
    else await openPhase(tx, game.id, phase.turn + 1, result.state, game.options);
    const humans = await tx.selectDistinct({ userId: seats.userId }).from(seats).where(and(eq(seats.gameId, game.id), isNotNull(seats.userId)));
    if (humans.length > 0)
      await tx.insert(notifications).values(
        humans.map((h) => ({
          userId: h.userId!,
          gameId: game.id,
          kind: winner ? ("game-over" as const) : ("turn-resolved" as const),
          text: winner
            ? `${game.name}: the ${winner} won in turn ${phase.turn}`
            : `${game.name}: turn ${phase.turn} resolved — turn ${phase.turn + 1} orders are open`,
          url: `/game/${game.id}/history#turn-${phase.turn}`,
        })),
      );
    await publish(tx, { gameId: game.id, kind: "turn-resolved", turn: phase.turn });
    await hooks.beforeCommit?.(tx);
    return "resolved";
  });
}

/** The phase waits for battle decisions: store what it waits for, its deadline, and tell the choosers. */
async function waitForDecisions(
  tx: Db,
  phase: Phase,
  game: typeof games.$inferSelect,
  decisions: DecisionRecord[],
  waiting: NonNullable<CombatResult["waiting"]> & { report: CombatResult["report"] },
): Promise<void> {
  const key = (r: DecisionRequest) => `${r.battle}|${r.round}|${r.kind}|${r.kind === "casualties" ? r.step : "retreat"}|${r.team}`;
  const before = new Map((phase.pending?.requests ?? []).map((r) => [key(r), r.deadline]));
  const fresh = waiting.requests.filter((r) => !before.has(key(r)));
  // Each request keeps its own deadline: a decision elsewhere never moves another side's deadline.
  const newDeadline = new Date(Date.now() + game.options.decisionHours * 3600_000).toISOString();
  const requests = waiting.requests.map((r) => ({ ...r, deadline: before.get(key(r)) ?? newDeadline }));
  const earliest = requests.reduce((min, r) => (r.deadline < min ? r.deadline : min), newDeadline);
  await tx
    .update(phases)
    .set({
      status: "battles",
      decisions,
      pending: {
        pass: waiting.pass,
        requests,
        battles: waiting.battles.map((b) => ({
          territory: b.territory,
          pass: b.pass,
          rounds: b.rounds,
          current: b.current,
          bombardment: b.bombardment,
          destroyedAtOnce: b.destroyedAtOnce,
          // Which units a side has already picked stays hidden from the other until the round ends.
          units: b.units.map(({ marked: _marked, ...u }) => u),
        })),
        finished: waiting.report.battles,
      },
      decisionDeadline: new Date(earliest),
    })
    .where(eq(phases.id, phase.id));
  const choosers = [...new Set(fresh.map((r) => r.chooser))];
  if (choosers.length > 0) {
    const rows = await tx.select({ nation: seats.nation, userId: seats.userId }).from(seats).where(and(eq(seats.gameId, game.id), isNotNull(seats.userId)));
    const notes = rows
      .filter((s) => choosers.includes(s.nation))
      .map((s) => ({
        userId: s.userId!,
        gameId: game.id,
        kind: "decision-waiting" as const,
        text: `${game.name}: ${s.nation} must decide in ${fresh.filter((r) => r.chooser === s.nation).map((r) => r.battle).join(", ")}`,
        url: `/game/${game.id}#battles`,
      }));
    if (notes.length > 0) await tx.insert(notifications).values(notes);
  }
  await publish(tx, { gameId: game.id, kind: "battle-waiting", turn: phase.turn });
}
