// The whole-turn review of a robot's attacks (issue 24). Each attack was sized alone, with its own
// battle's odds; priced together (joint.ts) an attack can fall short — an amphibious landing whose
// covering sea battle is likely lost (R5.3), aircraft thinned by AA fire on the way (R5.1). When one
// does, the attack phase is planned twice more: once leaving the doubtful attacks alone (their units
// stay free for the rest of the turn) and once sending everything in reach at them and at the sea
// battles they wait on. Of the plans, the one whose attacks all meet their thresholds and has the
// highest expected value wins. At most three whole-turn evaluations per nation and turn; the replans
// start from one copy of the defence's plan and reuse the allies' replays (strike.ts).
import { planAttacks } from "./attack";
import { planDefence } from "./defence";
import { doubtful, planOdds, type PlanOdds } from "./joint";
import { pinCarriers, planFleetAttacks } from "./navy";
import type { RobotTurn } from "./turn";

/** Where the attack phase starts: the defence's garrisons and the carriers' fighters, none of it steered. */
function prepare(turn: RobotTurn): RobotTurn {
  planDefence(turn);
  pinCarriers(turn);
  return turn;
}

/** The steered part of the attack phase: fleets, strikes and attacks. */
function attack(turn: RobotTurn): RobotTurn {
  planFleetAttacks(turn);
  planAttacks(turn);
  return turn;
}

export interface Reviewed {
  turn: RobotTurn;
  /** Undefined when a battle of the plan is too big to price in a robot's time (joint.ts): kept as planned. */
  odds: PlanOdds | undefined;
  /** Which plan won: the attacks as sized alone, without the doubtful ones, or with them reinforced. */
  choice: "as planned" | "dropped" | "reinforced";
  /** Every plan weighed, in the order tried: what the choice was made from. */
  weighed: { choice: Reviewed["choice"]; joint: number; value: number; sound: boolean }[];
}

const sound = (o: PlanOdds) => doubtful(o).length === 0;

interface Priced extends Omit<Reviewed, "weighed" | "odds"> {
  odds: PlanOdds;
}

/** Plan the attack phase of `turn`, review it with the whole-turn odds, and return the plan to keep. */
export function reviewedAttacks(turn: RobotTurn): Reviewed {
  prepare(turn);
  // The prepared start, copied for each replan: situation, threats, reach, garrisons and the allies'
  // replays are the same whatever the review steers.
  const start = turn.plan.clone();
  const replan = (skip: ReadonlySet<string>, reinforce: ReadonlySet<string>) => attack({ ...turn, plan: start.clone(), strikeOrders: new Set(), skip, reinforce });
  attack(turn);
  const odds = planOdds(turn);
  if (!odds) return { turn, odds, choice: "as planned", weighed: [] };
  const first: Priced = { turn, odds, choice: "as planned" };
  const weigh = (list: Priced[]) => list.map((c) => ({ choice: c.choice, joint: c.odds.joint, value: c.odds.value, sound: sound(c.odds) }));
  const weak = doubtful(first.odds);
  if (weak.length === 0) return { ...first, weighed: weigh([first]) };
  const targets = new Set(weak.map((a) => a.territory));
  const dropped = replan(targets, new Set());
  const escorted = new Set([...targets, ...weak.flatMap((a) => a.dependsOn)]);
  const reinforced = replan(new Set(), escorted);
  const candidates: Priced[] = [first];
  for (const [t, choice] of [[dropped, "dropped"], [reinforced, "reinforced"]] as const) {
    const o = planOdds(t);
    if (o) candidates.push({ turn: t, odds: o, choice }); // a plan too big to price is not weighed
  }
  // Sound plans first (every attack at its threshold, R3.2's robot takes no long shots), then value;
  // on a tie the earlier candidate, so the choice never depends on anything but the state and seed.
  let best = candidates[0]!;
  for (const c of candidates.slice(1)) {
    const better = sound(c.odds) !== sound(best.odds) ? sound(c.odds) : c.odds.value > best.odds.value + 1e-9;
    if (better) best = c;
  }
  return { ...best, weighed: weigh(candidates) };
}
