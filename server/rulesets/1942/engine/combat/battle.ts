// R6 — one battle as resumable state. The engine advances it until a side must decide
// (casualties, submerge/withdraw); the decision arrives later, from a player or the default policy.
// This file is the battle's public protocol; its steps live beside it (battle-stages, battle-decide,
// battle-requests, battle-units) and its shapes in battle-types.
import type { Dice } from "../rng";
import type { Team } from "../types";
import type { BattleSetup, BattleState, DecidedBy, Decision, DecisionRequest } from "./battle-types";
import { advanceInPlace } from "./battle-stages";
import { decideInPlace } from "./battle-decide";

export type * from "./battle-types";
export { leadNation, canHurt } from "./battle-units";

export function openBattle(setup: BattleSetup): BattleState {
  return {
    territory: setup.territory,
    pass: setup.pass,
    lowLuck: setup.lowLuck,
    units: setup.units.map((u) => ({ id: u.id, nation: u.nation, type: u.type, team: u.team, attacking: u.attacking, cargo: u.cargo, status: "in", damage: 0 })),
    stage: setup.bombarders && setup.bombarders.length > 0 ? "bombard" : "round-start",
    round: 0,
    pending: [],
    bombarders: setup.bombarders ?? [],
    bombardment: { hits: 0, lost: {}, choices: [] },
    destroyerAtStart: [],
    rounds: [],
    destroyedAtOnce: {},
  };
}

/** Run the battle forward until it needs a decision or is over. Does not mutate its input. */
export function advanceBattle(battle: BattleState, dice: Dice): BattleState {
  const b = structuredClone(battle);
  advanceInPlace(b, dice);
  return b;
}

export type DecideResult = { ok: true; battle: BattleState } | { ok: false; rule: string; message: string };

/** Apply one side's decision to its pending request. Refuses (changing nothing) what R6.6/R6.7 forbid. */
export function decideBattle(battle: BattleState, team: Team, decision: Decision, by: DecidedBy = "player"): DecideResult {
  const b = structuredClone(battle);
  const refusal = decideInPlace(b, team, decision, by);
  return refusal ? { ok: false, ...refusal } : { ok: true, battle: b };
}

/** A decision for a pending request and who made it; `undefined` when it is not made yet. */
export type PolicyAnswer = { decision: Decision; by: DecidedBy } | undefined;

/** How decisions are made for pending requests: a player's, the default (R6.9), or not yet. */
export type DecisionPolicy = (request: DecisionRequest, battle: BattleState) => PolicyAnswer;

/** R6.9 — the default: the default casualties, no submerge, no withdrawal. */
export function defaultDecision(request: DecisionRequest): Decision {
  return request.kind === "casualties" ? { kind: "casualties", units: request.default } : { kind: "retreat", submerge: [], withdraw: [] };
}

export const defaultPolicy: DecisionPolicy = (request) => ({ decision: defaultDecision(request), by: "default" });

/** Fight a battle until it ends or `policy` has no answer yet, asking it for every decision. */
export function fightBattle(battle: BattleState, dice: Dice, policy: DecisionPolicy = defaultPolicy): BattleState {
  return fightInPlace(structuredClone(battle), dice, policy);
}

/** fightBattle on a state the caller owns (a fresh `openBattle`), without copying it. */
export function fightInPlace(b: BattleState, dice: Dice, policy: DecisionPolicy = defaultPolicy): BattleState {
  advanceInPlace(b, dice);
  while (b.stage !== "done") {
    // Every side with a pending request answers; a side that has not answered yet pauses the battle.
    let waiting = false;
    for (const req of [...b.pending]) {
      const answer = policy(req, b);
      if (!answer) {
        waiting = true;
        continue;
      }
      const refused = decideInPlace(b, req.team, answer.decision, answer.by);
      if (refused) throw new Error(`decision for ${req.battle} broke ${refused.rule}: ${refused.message}`);
    }
    if (waiting) return b;
    advanceInPlace(b, dice);
  }
  return b;
}
