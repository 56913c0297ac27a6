// R6.4/R6.6/R6.7 — applying one side's decision to its pending request: casualties take hits,
// submarines submerge, air units withdraw; what the rules forbid is refused, changing nothing.
import { sortInPlace } from "../sort";
import { TEAMS, type Team } from "../types";
import { checkChoice } from "./casualties";
import type { BattleState, CasualtyRequest, ChoiceEntry, DecidedBy, Decision } from "./battle-types";
import { add, removeUnit, roomOf } from "./battle-units";

/** Apply hits to chosen units: a battleship's first hit is damage, the last one kills (R6.4). */
export function applyHits(b: BattleState, req: CasualtyRequest, picks: number[]): void {
  const record = b.current;
  const lost = req.step === "bombardment" ? (b.bombardment.lost[req.team] ??= {}) : record!.lost[req.team];
  for (const id of picks) {
    const u = b.units.find((x) => x.id === id)!;
    u.damage += 1;
    if (roomOf(u) > 0) continue;
    // R6.3: without a destroyer, submarine hits are removed at once; R5.5: bombardment too.
    const atOnce = req.step === "bombardment" || (req.step === "submarine" && !b.destroyerAtStart.includes(req.team));
    if (atOnce) removeUnit(b, u, lost);
    else u.marked = true;
  }
  // Damaged: a unit this choice hit that is left with room for more (R6.4) — once per unit, and
  // never one the same choice then sank (both hits of a battleship in one choice are a loss).
  if (!record || req.step === "bombardment") return;
  for (let i = 0; i < picks.length; i++) {
    const id = picks[i]!;
    if (picks.indexOf(id) !== i) continue; // once per unit, with no set (a choice names a few ids)
    const u = b.units.find((x) => x.id === id)!;
    if (u.status !== "in" || u.marked || u.damage === 0 || u.damagedIn === record.round) continue;
    add(record.damaged[req.team], u.type);
    u.damagedIn = record.round;
  }
}

export type Refused = { rule: string; message: string };

const STEP_ORDER = ["bombardment", "submarine", "general", "retreat"];

/** The record must not depend on which side decided first: choices are kept in step, then team order. */
function canonicalOrder(log: ChoiceEntry[]): void {
  // Usually in order already (one entry, or the Axis before the Allies): no built-in sort's work array.
  sortInPlace(log, (a, b) => STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step) || TEAMS.indexOf(a.team) - TEAMS.indexOf(b.team));
}

export function decideInPlace(b: BattleState, team: Team, decision: Decision, by: DecidedBy): Refused | undefined {
  const index = b.pending.findIndex((r) => r.team === team);
  const req = b.pending[index];
  if (!req) return { rule: "R6.3", message: `No decision is waiting for the ${team} in ${b.territory} (R6.3)` };
  const log = req.kind === "casualties" && req.step === "bombardment" ? b.bombardment.choices : b.current!.choices;
  if (req.kind === "casualties") {
    if (decision.kind !== "casualties") return { rule: "R6.6", message: "A casualty choice is expected (R6.6)" };
    const problem = checkChoice(req.candidates, req.hits, decision.units);
    if (problem) return { rule: "R6.6", message: `The ${team} ${problem} (R6.6)` };
    b.pending.splice(index, 1);
    applyHits(b, req, decision.units);
    const picked = decision.units.map((id) => {
      const u = b.units.find((x) => x.id === id)!;
      return { id, nation: u.nation, type: u.type };
    });
    log.push({ step: req.step, team, chooser: req.chooser, hits: req.hits, units: [...decision.units], picked, by });
    canonicalOrder(log);
    return undefined;
  }
  if (decision.kind !== "retreat") return { rule: "R6.7", message: "A submerge/withdraw choice is expected (R6.7)" };
  const badSub = decision.submerge.find((id) => !req.submergeable.includes(id));
  const badAir = decision.withdraw.find((id) => !req.withdrawable.includes(id));
  if (badSub !== undefined) return { rule: "R6.7", message: `Unit ${badSub} cannot submerge now: only submarines, and only if the other side has no destroyer (R6.7)` };
  if (badAir !== undefined) return { rule: "R6.7", message: `Unit ${badAir} cannot withdraw: only air units in the battle may (R6.7)` };
  b.pending.splice(index, 1);
  for (const id of new Set(decision.submerge)) {
    const u = b.units.find((x) => x.id === id)!;
    u.status = "submerged";
    add(b.current!.submerged[team], u.type);
  }
  for (const id of new Set(decision.withdraw)) {
    const u = b.units.find((x) => x.id === id)!;
    u.status = "withdrawn";
    add(b.current!.withdrawn[team], u.type);
  }
  log.push({ step: "retreat", team, chooser: req.chooser, units: [], submerge: [...decision.submerge], withdraw: [...decision.withdraw], by });
  canonicalOrder(log);
  return undefined;
}

