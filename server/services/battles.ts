// Interactive battles (R6.2, R6.6, R6.7): the lead nation of a side decides its casualties, submerges
// and withdrawals. A decision is checked against what the phase waits for, recorded, and the phase
// goes on through the adjudication job — once per decision.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases } from "../../db/schema";
import { checkChoice } from "../rulesets/1942/engine/combat/casualties";
import { matches, type DecisionRecord } from "../rulesets/1942/engine/combat/decisions";
import { teamOf, type Decision, type DecisionRequest, type Nation } from "../rulesets/1942/engine";
import { enqueue } from "../jobs/queue";
import { recordOf } from "./decision-record";
import { conflict, forbidden, notFound, ServiceError } from "./errors";
import { publish } from "./events";
import type { Phase } from "./phases";

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

/** Record the players' decisions for waiting requests, and let the phase go on (one job per decision count). */
export async function recordDecisions(tx: Db, phase: LockedPhase, chosen: { request: DecisionRequest; decision: Decision }[]): Promise<void> {
  if (chosen.length === 0) return;
  const pass = phase.pending.pass;
  const decisions = [...(phase.decisions ?? []), ...chosen.map((c) => recordOf(c.request, pass, "player", c.decision))];
  const done = new Set(chosen.map((c) => c.request));
  const pending = { ...phase.pending, requests: phase.pending.requests.filter((r) => !done.has(r)) };
  const earliest = pending.requests.reduce<string | null>((min, r) => (min === null || r.deadline < min ? r.deadline : min), null);
  await tx
    .update(phases)
    .set({ decisions, pending, decisionDeadline: earliest ? new Date(earliest) : null })
    .where(eq(phases.id, phase.id));
  await enqueue(tx, continueKey(phase, decisions.length), { phaseId: phase.id });
  await publish(tx, { gameId: phase.gameId, kind: "battle-decided", turn: phase.turn });
}

export async function decideBattle(db: Db, gameId: number, nation: Nation, input: DecideInput): Promise<{ recorded: true }> {
  return db.transaction(async (tx) => {
    const phase = await lockBattlePhase(tx, gameId);
    const team = teamOf(nation);
    const pass = phase.pending.pass;
    const wanted: DecisionRecord = { battle: input.battle, pass, round: input.round, step: input.step, team, decision: input.decision };
    const request = phase.pending.requests.find((r) => matches(wanted, r, pass));
    if (!request) throw conflict(`No decision of the ${team} is waiting in ${input.battle} for round ${input.round} (R6.3): it may be over already`);
    if (request.chooser !== nation) throw forbidden(`${request.chooser} leads the ${team} in ${input.battle} and chooses for them (R6.2)`);
    const refusal = refuseDecision(request, input.decision);
    if (refusal) throw refusal;
    await recordDecisions(tx, phase, [{ request, decision: input.decision }]);
    return { recorded: true as const };
  });
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
