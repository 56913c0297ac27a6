// The adjudication job: resolve a phase through the engine and write its report, the next phase and
// the notifications in one transaction. Idempotent: a phase already resolved is left alone, and a
// rerun after a crash (the transaction rolled back) computes the same result from the stored inputs.
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases } from "../../db/schema";
import {
  NATIONS,
  finishTurn,
  postCombatChoices,
  recordOf,
  type CombatResult,
  type DecisionRecord,
  type Decision,
  type DecisionRequest,
  type GameState,
  type Nation,
  type Order,
  type TurnReport,
} from "../rulesets/1942/engine";
import { adjudicationInputs, type Seated } from "./adjudication-inputs";
import { lockPhaseWithGame } from "./adjudication-phase";
import { preferenceDecider } from "./preference-decider";
import { publish } from "./events";
import { deadlineFrom } from "./deadline-time";
import { notify } from "./notify";
import { openPhase, type Phase } from "./phases";
import { needsPlayers, openPostCombat, savedPostCombat } from "./post-combat";
import { combatOf } from "../rulesets/1942/stored/replay";
import { publicWaiting } from "../rulesets/1942/stored/sealed";
import { rateFinishedGame } from "./ratings";
import { resolveRulesetPhase } from "./ruleset-games/resolve";
import { classicGame } from "./ruleset-games/rulesets";
import { classicRules } from "./ruleset-games/rules";

export { resolveStored } from "../rulesets/1942/stored/replay";

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
  /**
   * The worker's job, marked done in this transaction (with the inputs' read: a round trip fewer);
   * `sent` says whether it was (a phase found resolved or not ready returns before: the worker then
   * completes the job itself).
   */
  completion?: { write: SQL; sent: boolean };
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
    // The phase, locked (each phase resolves once), and its game in the same round trip. After a wait
    // for the lock the phase row is re-read (its status decides); the game's row is the statement's.
    const row = await lockPhaseWithGame(tx, phaseId);
    if (!row) throw new Error(`phase ${phaseId} does not exist`);
    const { phase, game } = row;
    if (phase.status === "resolved") return "already-resolved";
    if (phase.status !== "resolving" && phase.status !== "battles") return "not-ready";
    // Every game but a classic 1942 one resolves a phase at a time through the registry (ruleset-games/resolve.ts).
    if (!classicGame(game)) {
      if (phase.status !== "resolving") return "not-ready";
      const done = await resolveRulesetPhase(tx, phase, game, hooks.completion?.write, step);
      if (hooks.completion) hooks.completion.sent = true;
      step("writeMs");
      await hooks.beforeCommit?.(tx);
      return done;
    }
    // The seats once: who is a robot (R3.2), and whom to tell when the turn resolves; with the saved
    // orders and the battles left to preferences (a post-combat stage has its orders on the phase).
    const inputs = await adjudicationInputs(tx, game.id, phase.id, !phase.postCombat, hooks.completion?.write);
    if (hooks.completion) hooks.completion.sent = true;
    const seated = inputs.seated;
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
      result = finishTurn(phase.startState, combatOf(phase, orderLists, classicRules(game.options).lowLuck), used, phase.seed);
      phase.postCombat = { ...phase.postCombat, used };
    } else {
      orderLists = inputs.orderLists;
      const preferred = preferenceDecider(inputs.preferences);
      step("readMs");
      const run = runWithRobots(phase, orderLists, classicRules(game.options).lowLuck, robots, preferred);
      decisions = run.decisions;
      timing.robotDecisions = run.decisions.length - (phase.decisions ?? []).length;
      if (run.combat.waiting) {
        step("engineMs");
        const shown = publicWaiting(phase, orderLists, classicRules(game.options).lowLuck, decisions, run.combat.waiting);
        await waitForDecisions(tx, phase, game, decisions, { ...run.combat.waiting, report: run.combat.report }, shown, seated);
        step("writeMs");
        await hooks.beforeCommit?.(tx);
        return "waiting";
      }
      const choices = postCombatChoices(phase.startState, run.combat.state, run.combat.aftermath);
      const humans = new Set(NATIONS.filter((n) => !robots.has(n)));
      if (needsPlayers(choices, humans)) {
        step("engineMs");
        await openPostCombat(tx, phase, game, { report: run.combat.report, choices }, humans, { orders: orderLists, decisions, pending: null }, seated);
        step("writeMs");
        await hooks.beforeCommit?.(tx);
        return "post-combat";
      }
      result = finishTurn(phase.startState, run.combat, {}, phase.seed);
    }
    step("engineMs");
    const resolve = tx
      .update(phases)
      .set({ status: "resolved", orders: orderLists, decisions, pending: null, postCombat: phase.postCombat, report: result.report, resolvedAt: new Date() })
      .where(eq(phases.id, phase.id));
    // R8.6 — a victory ends the game; otherwise the next turn's orders open (in the same statement as the resolved phase's update).
    const winner = result.report.victory.winner;
    if (winner) {
      await resolve;
      // Stored as any ruleset's result (Ruleset.result's shape), from the report's victory that ended it.
      await tx.update(games).set({ status: "finished", result: { over: true, winners: [winner], draw: false, reason: result.report.victory.reason } }).where(eq(games.id, game.id));
      await rateFinishedGame(tx, game, [winner]);
    } else await openPhase(tx, game.id, phase.turn + 1, result.state, game.options, [...robots], resolve, { phaseId: phase.id, state: phase.startState });
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
      // The game's event in the notes' last statement (a round trip fewer).
      { gameId: game.id, kind: "turn-resolved", turn: phase.turn },
      // Read with the inputs (every note goes to a seated player of this game).
      inputs.audience,
    );
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
  /** The game's seats, as the adjudication read them (whom to tell). */
  seated: Seated[],
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
        // R6.3: the battles as they stood before any choice of a sub-phase still open (rulesets/1942/stored/sealed.ts).
        battles: shown.battles,
        decided: shown.decided,
        finished: waiting.report.battles,
      },
      decisionDeadline: new Date(earliest),
    })
    .where(eq(phases.id, phase.id));
  const choosers = [...new Set(fresh.map((r) => r.chooser))];
  const event = { gameId: game.id, kind: "battle-waiting" as const, turn: phase.turn };
  if (choosers.length > 0) {
    const notes = seated
      .filter((s) => s.userId !== null && choosers.includes(s.nation))
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
    // The game's event in the notes' last statement (a round trip fewer).
    await notify(tx, notes, event);
  } else await publish(tx, event);
}
