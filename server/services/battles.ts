// Interactive battles (R6.2, R6.6, R6.7): the lead nation of a side decides its casualties, submerges
// and withdrawals. A decision is checked against what the phase waits for, recorded, and the phase
// goes on through the adjudication job — once per decision.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";
import { phases } from "../../db/schema";
import { checkChoice } from "../rulesets/1942/engine/combat/casualties";
import { matches, type DecisionRecord } from "../rulesets/1942/engine/combat/decisions";
import { recordOf, teamOf, type Decision, type DecisionRequest, type Nation } from "../rulesets/1942/engine";
import { enqueue } from "../jobs/queue";
import { conflict, forbidden, notFound, notYours, ServiceError } from "./errors";
import { publish } from "./events";
import { namedCall } from "./named-call";
import type { Phase } from "./phases";
import { requireClassic } from "./ruleset-games/rulesets";

export interface DecideInput {
  battle: string;
  round: number;
  step: DecisionRecord["step"];
  decision: Decision;
}

function refuseDecision(request: DecisionRequest, decision: Decision): ServiceError | undefined {
  if (request.kind === "casualties") {
    if (decision.kind !== "casualties") return new ServiceError("BAD_REQUEST", "A casualty choice is expected here (R6.6)");
    const problem = checkChoice(request.candidates, request.hits, decision.units);
    return problem ? new ServiceError("BAD_REQUEST", `This side ${problem} (R6.6)`) : undefined;
  }
  if (decision.kind !== "retreat") return new ServiceError("BAD_REQUEST", "A submerge and withdraw choice is expected here (R6.7)");
  if (decision.submerge.some((id) => !request.submergeable.includes(id)))
    return new ServiceError("BAD_REQUEST", "Only submarines of this side may submerge, and only when the other side has no destroyer (R6.7)");
  if (decision.withdraw.some((id) => !request.withdrawable.includes(id))) return new ServiceError("BAD_REQUEST", "Only air units of this side in the battle may withdraw (R6.7)");
  return undefined;
}

/** The next job key of a phase: one adjudication per recorded decision count. */
function continueKey(phase: Pick<Phase, "id">, decisions: number): string {
  return `adjudicate:${phase.id}:${decisions}`;
}

/** What a decision needs of the phase: not its start state and report, the largest columns. */
type LockedPhase = Pick<Phase, "id" | "gameId" | "turn" | "status" | "decisions"> & { pending: NonNullable<Phase["pending"]> };

/** The game's current phase, locked, when it waits for battle decisions (one statement, without its start state). */
export async function lockBattlePhase(tx: Db, gameId: number): Promise<LockedPhase> {
  const [phase] = await tx
    .select({ id: phases.id, gameId: phases.gameId, turn: phases.turn, status: phases.status, decisions: phases.decisions, pending: phases.pending })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn))
    .limit(1)
    .for("update");
  if (!phase) throw notFound("A phase of this game");
  if (phase.status !== "battles" || !phase.pending) throw conflict("No battle decision is waiting in this game now (R6.3)");
  return phase as LockedPhase;
}

type Chosen = { request: DecisionRequest; decision: Decision }[];

/** A phase's decisions and pending requests once the players' choices are recorded (not yet written). */
function withDecisions(phase: Pick<LockedPhase, "decisions" | "pending">, chosen: Chosen) {
  const pass = phase.pending.pass;
  const decisions = [...(phase.decisions ?? []), ...chosen.map((c) => recordOf(c.request, pass, "player", c.decision))];
  const done = new Set(chosen.map((c) => c.request));
  const pending = { ...phase.pending, requests: phase.pending.requests.filter((r) => !done.has(r)) };
  const earliest = pending.requests.reduce<string | null>((min, r) => (min === null || r.deadline < min ? r.deadline : min), null);
  return { decisions, pending, decisionDeadline: earliest ? new Date(earliest) : null };
}

/** Record the players' decisions for waiting requests, and let the phase go on (one job per decision count). */
export async function recordDecisions(tx: Db, phase: LockedPhase, chosen: Chosen): Promise<void> {
  if (chosen.length === 0) return;
  const set = withDecisions(phase, chosen);
  await tx.update(phases).set(set).where(eq(phases.id, phase.id));
  await enqueue(tx, continueKey(phase, set.decisions.length), { phaseId: phase.id });
  await publish(tx, { gameId: phase.gameId, kind: "battle-decided", turn: phase.turn });
}

/**
 * The game's latest phase as a decision is checked on it, read without a lock (one statement, without
 * its start state), with whether the caller plays the nation (the router's nationProcedure check) and
 * the version of its decisions and pending that decide_battle compares before writing. Sent as a named
 * statement, as a save's read is.
 */
const preparedDecideRead = oncePerDb(prepareDecideRead);
function prepareDecideRead(db: Db) {
  const [gameId, nation, userId] = [sql.placeholder("gameId"), sql.placeholder("nation"), sql.placeholder("userId")];
  return db
    .select({
      id: phases.id,
      gameId: phases.gameId,
      turn: phases.turn,
      status: phases.status,
      decisions: phases.decisions,
      pending: phases.pending,
      plays: sql<boolean>`plays_1942_nation(${gameId}, ${nation}, ${userId})`,
      version: sql<string>`md5(coalesce(${phases.pending}::text, '') || '|' || coalesce(${phases.decisions}::text, ''))`,
    })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn))
    .limit(1)
    .prepare("decide_read");
}

async function playsAlone(db: Db, userId: string, gameId: number, nation: Nation): Promise<boolean> {
  const { rows } = (await db.execute(sql`select plays_1942_nation(${gameId}, ${nation}, ${userId}) as plays`)) as unknown as { rows: { plays: boolean }[] };
  return rows[0]!.plays;
}

async function readForDecision(db: Db, userId: string, gameId: number, nation: Nation): Promise<LockedPhase & { version: string }> {
  const read = preparedDecideRead(db);
  const [phase] = await read.execute({ gameId, nation, userId });
  // A game without a phase has no row to carry the seat check: the seat is read on its own then.
  const plays = phase ? phase.plays : await playsAlone(db, userId, gameId, nation);
  if (!plays) {
    // Only on the refusal path: a game of another ruleset is told so, a stranger learns nothing more.
    await requireClassic(db, gameId);
    throw notYours(nation);
  }
  if (!phase) throw notFound("A phase of this game");
  if (phase.status !== "battles" || !phase.pending) throw conflict("No battle decision is waiting in this game now (R6.3)");
  return phase as LockedPhase & { version: string };
}

/** decide_battle (drizzle/0019): writes the recorded decision if the phase is still as it was read. */
const decideCall = namedCall<"recorded" | "stale">(
  "decide_battle",
  (p) =>
    sql`select decide_battle(${p("gameId")}, ${p("phaseId")}, ${p("version")}, ${p("decisions")}::json, ${p("pending")}::json, ${p("deadline")}::timestamptz, ${p("userId")}, ${p("endsVacation")}) as result`,
);

/**
 * Decide for a side (R6.2): only the player of its lead nation, for a request still waiting, with a
 * choice the engine accepts (R6.6, R6.7). Two round trips: the read above, then, once the engine has
 * checked the choice here, decide_battle writes it, queues the phase's next step and publishes the
 * event in one call. A racing write to the phase (another decision, a deadline's defaults, the
 * adjudication moving on) makes that call write nothing ("stale"): the decision is read and checked
 * again on the phase as it is now, so it is refused or recorded exactly as it would have been had it
 * waited for that write. With `endsVacation` (a player's own decision, issue 22), a recorded decision
 * ends the decider's running vacation in the same call.
 */
export async function decideBattle(db: Db, userId: string, gameId: number, nation: Nation, input: DecideInput, options: { endsVacation?: boolean } = {}): Promise<{ recorded: true }> {
  for (;;) {
    const phase = await readForDecision(db, userId, gameId, nation);
    const team = teamOf(nation);
    const pass = phase.pending.pass;
    const wanted: DecisionRecord = { battle: input.battle, pass, round: input.round, step: input.step, team, decision: input.decision };
    const request = phase.pending.requests.find((r) => matches(wanted, r, pass));
    if (!request) throw conflict(`No decision of the ${team} is waiting in ${input.battle} for round ${input.round} (R6.3): it may be over already`);
    if (request.chooser !== nation) throw forbidden(`${request.chooser} leads the ${team} in ${input.battle} and chooses for them (R6.2)`);
    const refusal = refuseDecision(request, input.decision);
    if (refusal) throw refusal;
    const set = withDecisions(phase, [{ request, decision: input.decision }]);
    const outcome = await decideCall(db, {
      gameId,
      phaseId: phase.id,
      version: phase.version,
      decisions: JSON.stringify(set.decisions),
      pending: JSON.stringify(set.pending),
      deadline: set.decisionDeadline?.toISOString() ?? null,
      userId,
      endsVacation: options.endsVacation ?? false,
    });
    if (outcome === "recorded") return { recorded: true as const };
  }
}

/** R3.1 — a decision past its deadline takes its default, and the phase goes on. */
export async function takeDefaults(tx: Db, phase: Phase, now = new Date()): Promise<number> {
  if (phase.status !== "battles" || !phase.pending) return 0;
  const { pass } = phase.pending;
  const due = phase.pending.requests.filter((r) => new Date(r.deadline) <= now);
  if (due.length === 0) return 0;
  const left = phase.pending.requests.filter((r) => !due.includes(r));
  const decisions = [...(phase.decisions ?? []), ...due.map((r) => recordOf(r, pass, "default"))];
  const earliest = left.reduce<string | null>((min, r) => (min === null || r.deadline < min ? r.deadline : min), null);
  await tx
    .update(phases)
    .set({ decisions, pending: { ...phase.pending, requests: left }, decisionDeadline: earliest ? new Date(earliest) : null })
    .where(eq(phases.id, phase.id));
  await enqueue(tx, continueKey(phase, decisions.length), { phaseId: phase.id });
  return due.length;
}
