// The luck of a whole turn (issue 24): for each nation, where the turn that happened sits in the exact
// joint distribution the whole-turn odds (turn-odds.ts) gave its attacks before the dice — how many of
// its attacks succeeded against how many would have, and each attack's chance. Priced from the turn's
// start state and every nation's orders as resolved (public once the turn is), with the default
// casualty and withdrawal choices (R6.9); pure like the odds.
import type { Order } from "../orders/types";
import type { BattleReport, CombatReport } from "../report";
import type { GameState } from "../state";
import { teamOf } from "../teams";
import type { Nation, Team, UnitCounts } from "../types";
import { isCombatUnit } from "../units";
import { turnOdds, type TurnBattle } from "./turn-odds";
import { attackSuccess } from "./turn-objectives";

export interface AttackLuck {
  territory: string;
  pass: "sea" | "land";
  /** P(the attack succeeds) before the dice: the territory held after the turn, the zone cleared. */
  p: number;
  succeeded: boolean;
}

/** Where one number of successes sits in its distribution. */
export interface Placement {
  /** P(fewer successes), P(as many), P(more). */
  worse: number;
  same: number;
  better: number;
  /** The expected number of successes ("par"). */
  expected: number;
}

export interface NationLuck extends Placement {
  nation: Nation;
  attacks: AttackLuck[];
  succeeded: number;
  /**
   * Its attacks the odds price only approximately — units of the defending side moved in too (a
   * meeting, turn-odds.ts) — left out of the count rather than placed on a distribution that is not exact.
   */
  unpriced: string[];
  /** P(exactly k of its attacks succeed), k = 0…attacks.length. */
  counts: number[];
}

export interface TurnLuckInput {
  state: GameState;
  orders: Partial<Record<Nation, readonly Order[]>>;
  report: Pick<CombatReport, "battles" | "owners" | "units">;
  lowLuck?: boolean;
}

/** Where `actual` successes sit in `counts` (P(exactly k)): mass below, at and above it, and the mean. */
export function placeOnCounts(counts: readonly number[], actual: number): Placement {
  let worse = 0;
  let better = 0;
  let expected = 0;
  counts.forEach((p, k) => {
    expected += k * p;
    if (k < actual) worse += p;
    if (k > actual) better += p;
  });
  const clamp = (x: number) => Math.min(1, Math.max(0, x)); // sums of exact parts may stray by a rounding error
  return { worse: clamp(worse), same: clamp(1 - worse - better), better: clamp(better), expected };
}

const countOf = (c: UnitCounts | undefined) => Object.values(c ?? {}).reduce((s: number, n) => s + (n ?? 0), 0);

/** Units of `team` left in a battle when it ended (those neither lost in it nor destroyed at once). */
function leftIn(b: BattleReport, team: Team): number {
  const lost = countOf(b.bombardment.lost[team]) + countOf(b.destroyedAtOnce[team]) + b.rounds.reduce((s, r) => s + countOf(r.lost[team]), 0);
  return b.sides[team].reduce((s, u) => s + u.count, 0) - lost;
}

/** Whether an attack succeeded in the turn that happened, judged as attackSuccess judges it in the odds. */
export function succeeded(b: Pick<TurnBattle, "territory" | "pass" | "attacker">, report: TurnLuckInput["report"]): boolean {
  const enemy: Team = b.attacker === "Axis" ? "Allies" : "Axis";
  if (b.pass === "land") {
    const owner = report.owners[b.territory];
    return owner !== undefined && teamOf(owner) === b.attacker;
  }
  const fought = report.battles.find((r) => r.territory === b.territory && r.pass === "sea");
  if (fought) return fought.winner === b.attacker || (fought.winner === "none" && leftIn(fought, enemy) <= 0);
  return !report.units.some((u) => u.at === b.territory && !u.aboard && isCombatUnit(u.type) && teamOf(u.nation) === enemy);
}

/** Each nation with an attack this turn (its units among the attackers), in `order`. */
export function turnLuck(input: TurnLuckInput, order: readonly Nation[]): NationLuck[] {
  const odds = turnOdds({ state: input.state, orders: input.orders, lowLuck: input.lowLuck ?? false });
  const out: NationLuck[] = [];
  for (const nation of order) {
    const team = teamOf(nation);
    const all = odds.battles.filter((b) => b.attacker === team && countOf(b.input.attacker[nation]) > 0);
    if (all.length === 0) continue;
    const mine = all.filter((b) => !b.approximate);
    const attacks = mine.map((b) => ({ territory: b.territory, pass: b.pass, p: odds.probability(attackSuccess(b)), succeeded: succeeded(b, input.report) }));
    const counts = odds.counts(mine.map(attackSuccess));
    const done = attacks.filter((a) => a.succeeded).length;
    out.push({ nation, attacks, succeeded: done, unpriced: all.filter((b) => b.approximate).map((b) => b.territory), counts, ...placeOnCounts(counts, done) });
  }
  return out;
}
