// Attacks on hostile land: for each target, gather the units that can legally reach it this turn —
// land units from several territories, troops a transport can land (R4.7), aircraft with a secure
// landing left (R4.6, R7.1) — add them until the battle sketch says the attack wins, then confirm with
// the engine's battle resolution (odds and expected losses) before ordering anything.
import { UNIT_STATS } from "../engine";
import { exactEstimate, quickEdge, shortestPrefix, type Fighter } from "./odds";
import { isLandType } from "./situation";
import { commit, slotsFor, targetWorth, type Slot } from "./slots";
import { planStrikes } from "./strike";
import type { RobotTurn } from "./turn";

/** Chance of taking it (exact odds) a robot needs before it attacks a defended territory. */
export const ATTACK_ODDS = 0.7;
/** Engine estimates per turn at most, to keep a robot's turn fast. */
const ESTIMATES = 12;

/** The sketch's verdict: the defenders are wiped out with land units to spare (`share` of those sent, at least one). */
function isGood(force: readonly Fighter[], defenders: readonly Fighter[], share = 0.15): boolean {
  const edge = quickEdge(force, defenders);
  const land = force.filter((u) => isLandType(u.type)).length;
  return edge.defenders < 0.05 && edge.attackers >= Math.max(share === 0 ? 0.5 : 1, share * land);
}

/** Attack defended hostile territories where the odds favour it, most valuable first. */
function attackDefended(turn: RobotTurn, budget: { estimates: number }): void {
  const { sit } = turn;
  const targets = sit.targets.filter((t) => sit.enemies(t).length > 0);
  targets.sort((a, b) => targetWorth(turn, b) - targetWorth(turn, a) || (a < b ? -1 : 1));
  for (const target of targets) {
    if (budget.estimates <= 0) return;
    if (turn.skip.has(target)) continue; // the whole-turn review found this attack doubtful (review.ts)
    const defenders = sit.enemies(target);
    const slots = slotsFor(turn, target);
    const all = slots.flatMap((s) => s.units);
    if (!all.some((u) => isLandType(u.type)) || !isGood(all, defenders, 0)) continue;
    // Reinforced by the review: everything in reach, not just what the sketch finds enough.
    let i = turn.reinforce.has(target) ? slots.length : (shortestPrefix(slots, (some) => isGood(some.flatMap((s) => s.units), defenders)) ?? slots.length);
    const chosen: Slot[] = slots.slice(0, i);
    // Confirm with the exact odds; if short, add a few more units and ask again.
    for (let round = 0; round < 3 && budget.estimates > 0; round++) {
      const force = chosen.flatMap((s) => s.units);
      budget.estimates--;
      const est = exactEstimate(force, defenders);
      const worth = targetWorth(turn, target);
      if (force.some((u) => isLandType(u.type)) && est.win >= ATTACK_ODDS && est.defenderLoss + est.win * worth >= 0.9 * est.attackerLoss) {
        commit(turn, chosen);
        break;
      }
      if (i >= slots.length) break;
      for (let extra = 0; extra < 3 && i < slots.length; extra++) chosen.push(slots[i++]!);
    }
  }
}

/** Take undefended hostile territories with one land unit each, the cheapest that can get there. */
function takeEmpty(turn: RobotTurn): void {
  const { sit } = turn;
  const targets = sit.targets.filter((t) => sit.enemies(t).length === 0);
  targets.sort((a, b) => targetWorth(turn, b) - targetWorth(turn, a) || (a < b ? -1 : 1));
  for (const target of targets) {
    if (turn.skip.has(target)) continue;
    const slots = slotsFor(turn, target, false);
    if (slots.length === 0) continue;
    // Prefer a plain land move of the cheapest unit; a shipment only when no land unit can walk there.
    const cost = (s: Slot) => (s.shipment ? 100 : 0) + s.units.reduce((c, u) => c + UNIT_STATS[u.type].cost, 0) + (s.move?.path.length ?? 0) * 0.1;
    const best = [...slots].sort((a, b) => cost(a) - cost(b))[0]!;
    commit(turn, [best]);
  }
}

export function planAttacks(turn: RobotTurn): void {
  planStrikes(turn);
  const budget = { estimates: ESTIMATES };
  attackDefended(turn, budget);
  takeEmpty(turn);
}
