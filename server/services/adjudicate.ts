// The adjudication job: resolve a phase through the engine and write its report, the next phase and
// the notifications in one transaction. Idempotent: a phase already resolved is left alone, and a
// rerun after a crash (the transaction rolled back) computes the same result from the stored inputs.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, orders, phases, seats } from "../../db/schema";
import {
  NATIONS,
  defaultDecision,
  finishTurn,
  postCombatChoices,
  type CombatResult,
  type DecisionRecord,
  type Decision,
  type DecisionRequest,
  type GameState,
  type Nation,
  type Order,
  type TurnReport,
} from "../engine";
import { stepOf } from "../engine/combat/decisions";
import { preferenceDecider } from "./battle-preferences";
import { publish } from "./events";
import { deadlineFrom } from "./deadline-time";
import { notify } from "./notify";
import { openPhase, type Phase } from "./phases";
import { needsPlayers, openPostCombat, savedPostCombat } from "./post-combat";
import { combatOf } from "./replay";
import { publicWaiting } from "./sealed";
import { rateFinishedGame } from "./ratings";

export { resolveStored } from "./replay";

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

export function recordOf(request: DecisionRequest, pass: "sea" | "land", by: DecisionRecord["by"], decision = defaultDecision(request)): DecisionRecord {
  return { battle: request.battle, pass, round: request.round, step: stepOf(request), team: request.team, decision, by };
}

/**
 * Run the combat phase; robots (R3.2) take the default at once, and a battle a player left to their
 * preference takes it at once as the player's choice, so it only ever waits for people.
 */
function runWithRobots(
  phase: Phase,
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  robots: ReadonlySet<Nation>,
  preferred: (request: DecisionRequest) => Decision | undefined = () => undefined,
) {
  let decisions = phase.decisions ?? [];
  for (;;) {
    const combat = combatOf({ ...phase, decisions }, orderLists, lowLuck, true);
    const requests = combat.waiting?.requests ?? [];
    const forRobots = requests.filter((r) => robots.has(r.chooser));
    const byPreference = requests.filter((r) => !robots.has(r.chooser)).flatMap((r) => {
      const decision = preferred(r);
      return decision ? [recordOf(r, combat.waiting!.pass, "player", decision)] : [];
    });
    if (!combat.waiting || forRobots.length + byPreference.length === 0) return { combat, decisions };
    decisions = [...decisions, ...forRobots.map((r) => recordOf(r, combat.waiting!.pass, "robot")), ...byPreference];
  }
}

export interface AdjudicateHooks {
  /** Runs inside the transaction after every write, before COMMIT (tests simulate a dying worker here). */
  beforeCommit?: (tx: Db) => Promise<void>;
  /** Where the job's time went (the worker logs it): filled as each step ends. */
  timing?: AdjudicationTiming;
}

/**
 * Milliseconds of each step of one adjudication: reading the phase and its inputs, the engine (with
 * the robots' decisions, taken in the same loop: R3.2), and writing the outcome. The commit is timed
 * by the caller, after the transaction returns.
 */
export interface AdjudicationTiming {
  readMs?: number;
  engineMs?: number;
  writeMs?: number;
  /** Decisions robots took in this run. */
  robotDecisions?: number;
}

export async function adjudicatePhase(
  db: Db,
  phaseId: number,
  hooks: AdjudicateHooks = {},
): Promise<"resolved" | "already-resolved" | "not-ready" | "waiting" | "post-combat"> {
  const timing = hooks.timing ?? {};
  let stepStart = performance.now();
  const step = (name: "readMs" | "engineMs" | "writeMs") => {
    const now = performance.now();
    timing[name] = now - stepStart;
    stepStart = now;
  };
  return db.transaction(async (tx) => {
    const [phase] = await tx.select().from(phases).where(eq(phases.id, phaseId)).for("update");
    if (!phase) throw new Error(`phase ${phaseId} does not exist`);
    if (phase.status === "resolved") return "already-resolved";
    if (phase.status !== "resolving" && phase.status !== "battles") return "not-ready";
    const [game] = await tx.select().from(games).where(eq(games.id, phase.gameId));
    if (!game) throw new Error(`game ${phase.gameId} does not exist`);
    // The seats once: who is a robot (R3.2), and whom to tell when the turn resolves.
    const seated = await tx.select({ nation: seats.nation, robot: seats.robot, userId: seats.userId }).from(seats).where(eq(seats.gameId, game.id));
    const robots = new Set(seated.filter((s) => s.robot).map((s) => s.nation));
    let orderLists: Partial<Record<Nation, Order[]>>;
    let decisions: DecisionRecord[];
    let result: { state: GameState; report: TurnReport };
    if (phase.postCombat) {
      // The post-combat stage closed (all locked, or its deadline): the turn ends with the choices saved.
      orderLists = phase.orders ?? {};
      decisions = phase.decisions ?? [];
      const used = await savedPostCombat(tx, phase.id);
      step("readMs");
      result = finishTurn(phase.startState, combatOf(phase, orderLists, game.options.lowLuck), used, phase.seed);
      phase.postCombat = { ...phase.postCombat, used };
    } else {
      orderLists = await phaseOrders(tx, phase.id);
      const preferred = await preferenceDecider(tx, game.id, phase.id);
      step("readMs");
      const run = runWithRobots(phase, orderLists, game.options.lowLuck, robots, preferred);
      decisions = run.decisions;
      timing.robotDecisions = run.decisions.length - (phase.decisions ?? []).length;
      if (run.combat.waiting) {
        step("engineMs");
        const shown = publicWaiting(phase, orderLists, game.options.lowLuck, decisions, run.combat.waiting);
        await waitForDecisions(tx, phase, game, decisions, { ...run.combat.waiting, report: run.combat.report }, shown);
        step("writeMs");
        await hooks.beforeCommit?.(tx);
        return "waiting";
      }
      const choices = postCombatChoices(phase.startState, run.combat.state, run.combat.aftermath);
      const humans = new Set(NATIONS.filter((n) => !robots.has(n)));
      if (needsPlayers(choices, humans)) {
        step("engineMs");
        await openPostCombat(tx, phase, game, { report: run.combat.report, choices }, humans, { orders: orderLists, decisions, pending: null });
        step("writeMs");
        await hooks.beforeCommit?.(tx);
        return "post-combat";
      }
      result = finishTurn(phase.startState, run.combat, {}, phase.seed);
    }
    step("engineMs");
    await tx
      .update(phases)
      .set({ status: "resolved", orders: orderLists, decisions, pending: null, postCombat: phase.postCombat, report: result.report, resolvedAt: new Date() })
      .where(eq(phases.id, phase.id));
    // R8.6 — a victory ends the game; otherwise the next turn's orders open.
    const winner = result.report.victory.winner;
    if (winner) {
      await tx.update(games).set({ status: "finished" }).where(eq(games.id, game.id));
      await rateFinishedGame(tx, game, winner);
    } else await openPhase(tx, game.id, phase.turn + 1, result.state, game.options, [...robots]);
    const humans = [...new Set(seated.flatMap((s) => (s.userId ? [s.userId] : [])))];
    await notify(
      tx,
      humans.map((userId) => ({
        userId,
        gameId: game.id,
        kind: winner ? ("game-over" as const) : ("turn-resolved" as const),
        text: winner
          ? `${game.name}: the ${winner} won in turn ${phase.turn}`
          : `${game.name}: turn ${phase.turn} resolved — turn ${phase.turn + 1} orders are open`,
        url: `/game/${game.id}/turn/${phase.turn}`,
        eventKey: winner ? `game-over:${game.id}` : `turn-resolved:${phase.id}`,
        fact: winner ? { kind: "game-over" as const, gameId: game.id } : { kind: "turn-resolved" as const, phaseId: phase.id },
      })),
    );
    await publish(tx, { gameId: game.id, kind: "turn-resolved", turn: phase.turn });
    step("writeMs");
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
  shown: ReturnType<typeof publicWaiting>,
): Promise<void> {
  const key = (r: DecisionRequest) => `${r.battle}|${r.round}|${r.kind}|${r.kind === "casualties" ? r.step : "retreat"}|${r.team}`;
  const before = new Map((phase.pending?.requests ?? []).map((r) => [key(r), r.deadline]));
  const fresh = waiting.requests.filter((r) => !before.has(key(r)));
  // Each request keeps its own deadline: a decision elsewhere never moves another side's deadline.
  const newDeadline = deadlineFrom(new Date(), game.options.decisionHours, game.options.decisionsAt).toISOString();
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
        // R6.3: the battles as they stood before any choice of a sub-phase still open (services/sealed.ts).
        battles: shown.battles,
        decided: shown.decided,
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
        // One note per batch of new requests: a later round's requests are a new event.
        eventKey: `decision-waiting:${phase.id}:${s.nation}:${fresh.filter((r) => r.chooser === s.nation).map(key).sort().join(",")}`,
        fact: { kind: "decision-waiting" as const, phaseId: phase.id, nation: s.nation },
      }));
    await notify(tx, notes);
  }
  await publish(tx, { gameId: game.id, kind: "battle-waiting", turn: phase.turn });
}
