// How a battle decision is written into a phase's record (R6.6, R6.7): by a player, a robot, or the
// deadline's default. Shared by the adjudication and the battle services.
import { defaultDecision, type DecisionRecord, type DecisionRequest } from "../rulesets/1942/engine";
import { stepOf } from "../rulesets/1942/engine/combat/decisions";

export function recordOf(request: DecisionRequest, pass: "sea" | "land", by: DecisionRecord["by"], decision = defaultDecision(request)): DecisionRecord {
  return { battle: request.battle, pass, round: request.round, step: stepOf(request), team: request.team, decision, by };
}
