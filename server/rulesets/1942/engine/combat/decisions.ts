// Battle decisions as data: a phase stores the decisions players made (and the defaults taken at a
// deadline), and the combat phase replays them. A battle whose decision is still missing waits.
import type { Team } from "../types";
import { defaultDecision, type DecidedBy, type Decision, type DecisionPolicy, type DecisionRequest } from "./battle";

export interface DecisionRecord {
  battle: string;
  pass: "sea" | "land";
  round: number;
  step: "bombardment" | "submarine" | "general" | "retreat";
  team: Team;
  decision: Decision;
  /** "default" when the deadline took the default (R3.1), "robot" for a robot's, else the player's. */
  by?: DecidedBy;
}

export function stepOf(request: DecisionRequest): DecisionRecord["step"] {
  return request.kind === "casualties" ? request.step : "retreat";
}

/** A decision as a phase records it (R6.6, R6.7): the player's, a robot's, or the default a deadline takes. */
export function recordOf(request: DecisionRequest, pass: "sea" | "land", by: DecidedBy, decision: Decision = defaultDecision(request)): DecisionRecord {
  return { battle: request.battle, pass, round: request.round, step: stepOf(request), team: request.team, decision, by };
}

export function matches(record: DecisionRecord, request: DecisionRequest, pass: "sea" | "land"): boolean {
  return record.battle === request.battle && record.pass === pass && record.round === request.round && record.step === stepOf(request) && record.team === request.team;
}

/**
 * The policy of a phase: a recorded decision if there is one; otherwise, when players decide
 * (`awaitPlayers`), wait — except for choices with a single legal answer, which never ask — and
 * when they do not (scenarios, robots), the default.
 */
export function recordedPolicy(pass: "sea" | "land", records: readonly DecisionRecord[], awaitPlayers: boolean): DecisionPolicy {
  return (request) => {
    const record = records.find((r) => matches(r, request, pass));
    if (record) return { decision: record.decision, by: record.by ?? "player" };
    const forced = request.kind === "casualties" ? request.forced : request.submergeable.length + request.withdrawable.length === 0;
    if (forced) return { decision: defaultDecision(request), by: "forced" };
    if (!awaitPlayers) return { decision: defaultDecision(request), by: "default" };
    return undefined;
  };
}
