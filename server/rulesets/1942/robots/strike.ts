// Team strikes on enemy capitals (R8.6 is won by capitals). Orders are simultaneous, so allies cannot
// talk; instead every robot of a team works out the same joint plan from the same state: it replays
// each ally's turn up to its attacks (defence and navy are deterministic and seed-free), gathers every
// unit each nation could send at an enemy capital, and prices the whole team's force with the exact
// odds. When the joint force is good enough, each robot orders its own share — and its allies, having
// reached the same verdict, order theirs: the battle is fought by all of them at once (R6.2).
import { NATIONS, teamOf } from "../engine";
import { planDefence } from "./defence";
import { pinCarriers, planFleetAttacks } from "./navy";
import { exactEstimate, quickEdge, type Fighter } from "./odds";
import { isLandType } from "./situation";
import { commit, slotsFor, targetWorth, type Slot } from "./slots";
import { robotTurn, type RobotTurn } from "./turn";

/** Chance of taking the capital the team's joint force needs. */
export const STRIKE_ODDS = 0.6;

/** Each team nation's turn as it stands when its attacks begin: ours for real, the allies' replayed. */
function teamTurns(turn: RobotTurn): RobotTurn[] {
  const { sit } = turn;
  return NATIONS.filter((n) => teamOf(n) === sit.team).map((n) => {
    if (n === sit.nation) return turn;
    let ally = turn.replays.get(n);
    if (!ally) {
      ally = robotTurn(sit.state, n, sit.seed);
      planDefence(ally);
      pinCarriers(ally);
      planFleetAttacks(ally);
      turn.replays.set(n, ally);
    }
    // Strikes order on a copy: the replay stays as it was for the review's replans (review.ts).
    return { ...ally, plan: ally.plan.clone(), strikeOrders: new Set() };
  });
}

export function planStrikes(turn: RobotTurn): void {
  const { sit } = turn;
  const capitals = sit.enemyCapitals.filter((c) => sit.isHostileLand(c) && sit.enemies(c).length > 0);
  if (capitals.length === 0) return;
  capitals.sort((a, b) => targetWorth(turn, b) - targetWorth(turn, a) || (a < b ? -1 : 1));
  // With nothing of ours in reach of any of them, our orders stay the same: spare the allies' replays.
  if (capitals.every((c) => slotsFor(turn, c).length === 0)) return;
  let turns: RobotTurn[] | undefined;
  for (const capital of capitals) {
    turns ??= teamTurns(turn);
    const shares = turns.map((t) => ({ t, slots: slotsFor(t, capital) as Slot[] }));
    let id = 0;
    const force: Fighter[] = shares.flatMap(({ slots }) => slots.flatMap((s) => s.units.map((u) => ({ ...u, id: --id }))));
    // One nation alone strikes too: its whole reach at a capital, where attack.ts would send just enough.
    if (!force.some((u) => isLandType(u.type))) continue;
    const defenders = sit.enemies(capital);
    if (quickEdge(force, defenders).defenders >= 0.5 * defenders.length) continue; // hopeless: skip the exact odds
    const est = exactEstimate(force, defenders);
    if (est.win < STRIKE_ODDS) continue;
    for (const { t, slots } of shares) {
      const before = t.plan.orders.length;
      commit(t, slots);
      for (const o of t.plan.orders.slice(before)) t.strikeOrders.add(o.id);
    }
  }
}
