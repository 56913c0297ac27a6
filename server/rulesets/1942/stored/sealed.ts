// R6.3 — both sides decide at once. While a sub-phase of a round still waits for a side's choice, the
// choices already made in that sub-phase (by a player, a robot, or nobody yet) stay sealed: the waiting
// battles are stored as they stood before any of them, and only *that* a side has chosen is shown.
// A sub-phase is the unit because its outcome is visible in the next one (units removed at once do
// not fire in general fire; the next casualty choice lists only the units left).
import type { CombatResult, DecisionRecord, DecisionRequest, Nation, Order } from "../engine";
import { stepOf } from "../engine/combat/decisions";
import { shownBattle } from "../engine/combat/shown-battle";
import { combatOf, type StoredTurn } from "./replay";

/** A side that has chosen in a sub-phase still open: public, without the choice. */
export interface DecidedMark {
  battle: string;
  round: number;
  step: DecisionRecord["step"];
  team: DecisionRequest["team"];
  chooser: Nation;
}

const subPhase = (battle: string, round: number, step: DecisionRecord["step"]) => `${battle}|${round}|${step}`;

/** The recorded decisions of a sub-phase that still waits for another choice. */
export function sealedDecisions(decisions: readonly DecisionRecord[], pass: "sea" | "land", open: readonly DecisionRequest[]): DecisionRecord[] {
  const waiting = new Set(open.map((r) => subPhase(r.battle, r.round, stepOf(r))));
  return decisions.filter((d) => d.pass === pass && waiting.has(subPhase(d.battle, d.round, d.step)));
}

/**
 * What a waiting combat phase shows: the battles replayed without the sealed decisions (so neither the
 * choice nor its damage, losses, marks or retreats appear) and who has chosen already.
 */
export function publicWaiting(
  phase: Pick<StoredTurn, "startState" | "seed">,
  orderLists: Partial<Record<Nation, Order[]>>,
  lowLuck: boolean,
  decisions: readonly DecisionRecord[],
  waiting: NonNullable<CombatResult["waiting"]>,
): { battles: ReturnType<typeof shownBattle>[]; decided: DecidedMark[] } {
  const sealed = sealedDecisions(decisions, waiting.pass, waiting.requests);
  if (sealed.length === 0) return { battles: waiting.battles.map(shownBattle), decided: [] };
  const open = combatOf({ ...phase, decisions: decisions.filter((d) => !sealed.includes(d)) }, orderLists, lowLuck, true).waiting;
  if (!open || open.pass !== waiting.pass) throw new Error("replaying without the sealed decisions must wait in the same pass");
  const byTerritory = new Map(open.battles.map((b) => [b.territory, b]));
  const decided = open.requests
    .filter((r) => sealed.some((d) => d.battle === r.battle && d.round === r.round && d.step === stepOf(r) && d.team === r.team))
    .map((r) => ({ battle: r.battle, round: r.round, step: stepOf(r), team: r.team, chooser: r.chooser }));
  return { battles: waiting.battles.map((b) => shownBattle(byTerritory.get(b.territory) ?? b)), decided };
}
