// 24): each attack's chance over the whole turn — AA fire on the way (R5.1), and for a landing the sea
// battle its transports wait on (R5.3: a transport sunk is a landing that never happens) — the joint
// chance that every one succeeds, and the plan's expected value. One evaluation per call.
import { UNIT_STATS, attackSuccess, isPurchase, turnOdds, type MoveOrder, type Objective, type TurnBattle, type UnitType } from "../engine";
import { ATTACK_ODDS } from "./attack";
import { SEA_ODDS } from "./navy";
import { targetWorth } from "./slots";
import type { RobotTurn } from "./turn";

export interface AttackOdds {
  territory: string;
  pass: "sea" | "land";
  /** P(the attack succeeds) over the whole turn: the territory held after it, the zone cleared. */
  p: number;
  /** The chance this kind of attack needs (ATTACK_ODDS on land, SEA_ODDS at sea). */
  threshold: number;
  /** What success brings (targetWorth on land; the hostile fleet's cost at sea), and the cost of our units in the battle. */
  worth: number;
  stake: number;
  /** The battles (sea zones) whose outcome decides what lands here. */
  dependsOn: string[];
}

export interface PlanOdds {
  attacks: AttackOdds[];
  /** P(every attack succeeds), one objective over the whole turn. */
  joint: number;
  /** Σ p·worth − (1 − p)·stake over the attacks: a failed attack is taken to lose its stake. */
  value: number;
}

const cost = (counts: Partial<Record<UnitType, number>> | undefined) => Object.entries(counts ?? {}).reduce((s, [type, n]) => s + UNIT_STATS[type as UnitType].cost * (n ?? 0), 0);

/**
 * The orders the review prices: our moves, team strikes left out. A strike was priced in strike.ts
 * with the whole team's force, and allies count on it, so the review neither judges nor drops it (and
 * a battle of every ally's army at a capital would cost the exact odds far more than all the rest).
 */
export function reviewedOrders(turn: RobotTurn): MoveOrder[] {
  return turn.plan.orders.filter((o): o is MoveOrder => !isPurchase(o) && !turn.strikeOrders.has(o.id));
}

/** Whether a battle of the turn is one of our attacks: our units attack in it, on hostile land or at sea. */
function ours(turn: RobotTurn, b: TurnBattle): boolean {
  const { sit } = turn;
  if (b.attacker !== sit.team || cost(b.input.attacker[sit.nation]) === 0) return false;
  return b.pass === "sea" || sit.isHostileLand(b.territory);
}

/** Most units in one battle, and most air orders shot at on their way into it (R5.1), the review prices. */
const BIG_BATTLE = 80;
const SHOT_AT = 3;

/**
 * Whether every battle the orders lead to is small enough to price within a robot's time: each air
 * order shot at on its way starts its own chain of states in the exact odds (docs/odds.md: a giant
 * battle with four such orders takes seconds), so a turn with such a battle goes unreviewed.
 */
function priceable(turn: RobotTurn, orders: readonly MoveOrder[]): boolean {
  const { sit } = turn;
  const units = new Map<string, number>();
  const shot = new Map<string, number>();
  const add = (m: Map<string, number>, t: string, n: number) => m.set(t, (m.get(t) ?? 0) + n);
  for (const o of orders) {
    const to = o.unload ?? (o.path.length > 0 ? o.path[o.path.length - 1]! : o.from);
    add(units, to, Object.values(o.units).reduce((s: number, n) => s + (n ?? 0), 0) + Object.values(o.load?.units ?? {}).reduce((s: number, n) => s + (n ?? 0), 0));
    const air = (o.units.fighter ?? 0) + (o.units.bomber ?? 0) > 0;
    if (air && o.path.some((t) => sit.hasAaGun(t) && !sit.isFriendlyLand(t))) add(shot, to, 1);
  }
  return [...units].every(([t, n]) => n + sit.enemies(t).length <= BIG_BATTLE && (shot.get(t) ?? 0) <= SHOT_AT);
}

/** The plan's attacks priced over the whole turn (one turnOdds evaluation), or undefined when a battle is too big to price (priceable). */
export function planOdds(turn: RobotTurn): PlanOdds | undefined {
  const { sit } = turn;
  const orders = reviewedOrders(turn);
  if (!priceable(turn, orders)) return undefined;
  const odds = turnOdds({ state: sit.state, orders: { [sit.nation]: orders } });
  const attacks: AttackOdds[] = [];
  const objectives: Objective[] = [];
  for (const b of odds.battles) {
    // A meeting is priced only approximately (turn-odds.ts): no verdict rests on it.
    if (!ours(turn, b) || b.approximate) continue;
    const objective = attackSuccess(b);
    const worth = b.pass === "land" ? targetWorth(turn, b.territory) : sit.enemies(b.territory).reduce((s, u) => s + UNIT_STATS[u.type].cost + sit.cargo(u.id).reduce((c, x) => c + UNIT_STATS[x.type].cost, 0), 0);
    const stake = cost(b.input.attacker[sit.nation]);
    const threshold = b.pass === "sea" ? SEA_ODDS : ATTACK_ODDS;
    attacks.push({ territory: b.territory, pass: b.pass, p: odds.probability(objective), threshold, worth, stake, dependsOn: b.dependsOn });
    objectives.push(objective);
  }
  const joint = objectives.length === 0 ? 1 : odds.probability({ and: objectives });
  const value = attacks.reduce((s, a) => s + a.p * a.worth - (1 - a.p) * a.stake, 0);
  return { attacks, joint, value };
}

/** Attacks below their threshold, which the review may drop or reinforce. */
export function doubtful(odds: PlanOdds): AttackOdds[] {
  return odds.attacks.filter((a) => a.p < a.threshold);
}
