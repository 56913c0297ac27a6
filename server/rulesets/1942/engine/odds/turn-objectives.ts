// Whole-turn odds, step 3: objectives over the turn's battles — who holds a territory, whether a sea
// zone is cleared — and their combinations with AND, OR and NOT, summed exactly over the mixture of
// sea outcomes and, within each, over the outcomes of the battles the objective looks at.
import type { Team } from "../types";

/** The outcome classes of one battle (disjoint; they add up to 1). */
export const OUTCOMES = ["taken", "attackerWins", "defenderWins", "attackerWithdrew", "draw", "bothDestroyed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export type Objective =
  /** `team` holds the territory after the turn's battles. */
  | { owned: string; team: Team }
  /** No enemy of `team` is left fighting in the zone (or territory) after its battle. */
  | { cleared: string; team: Team }
  | { and: Objective[] }
  | { or: Objective[] }
  | { not: Objective };

/** What an attack's success means: on land, holding the territory after the turn; at sea, no enemy left there. */
export function attackSuccess(b: { territory: string; pass: "sea" | "land"; attacker: Team }): Objective {
  return b.pass === "sea" ? { cleared: b.territory, team: b.attacker } : { owned: b.territory, team: b.attacker };
}

/** One combination of sea outcomes: its probability and each battle's outcome distribution under it. */
export interface Scenario {
  p: number;
  /** Per battle, P(each of OUTCOMES). */
  dist: Float64Array[];
}

export interface Judged {
  territory: string;
  pass: "sea" | "land";
  attacker: Team;
}

/** What objectives are judged on: the battles, the owners and who stands where after movement. */
export interface Ground {
  battles: readonly Judged[];
  owners: Record<string, Team>;
  /** Whether an enemy of `team` stands fighting in a place no battle touches. */
  enemyAt(place: string, team: Team): boolean;
}

/** P(objective) summed over the scenarios. */
export function objectiveProbability(objective: Objective, ground: Ground, scenarios: readonly Scenario[]): number {
  const indexOf = new Map(ground.battles.map((b, i) => [b.territory, i]));
  const looked = [...refs(objective, indexOf, new Set())];
  if (looked.length === 0) return holds(objective, ground, indexOf, new Map()) ? 1 : 0;
  let total = 0;
  for (const sc of scenarios) {
    const at = new Map<number, number>();
    const walk = (k: number, p: number) => {
      if (p === 0) return;
      if (k === looked.length) {
        if (holds(objective, ground, indexOf, at)) total += sc.p * p;
        return;
      }
      const i = looked[k]!;
      sc.dist[i]!.forEach((q, o) => {
        if (q === 0) return;
        at.set(i, o);
        walk(k + 1, p * q);
      });
    };
    walk(0, 1);
  }
  return Math.min(1, Math.max(0, total)); // sums of exact parts may stray by a rounding error
}

/** The battles an objective looks at. */
function refs(o: Objective, indexOf: Map<string, number>, into: Set<number>): Set<number> {
  if ("and" in o) o.and.forEach((x) => refs(x, indexOf, into));
  else if ("or" in o) o.or.forEach((x) => refs(x, indexOf, into));
  else if ("not" in o) refs(o.not, indexOf, into);
  else {
    const i = indexOf.get("owned" in o ? o.owned : o.cleared);
    if (i !== undefined) into.add(i);
  }
  return into;
}

/** Whether the objective holds when each battle looked at ended in OUTCOMES[at.get(i)]. */
function holds(o: Objective, ground: Ground, indexOf: Map<string, number>, at: Map<number, number>): boolean {
  if ("and" in o) return o.and.every((x) => holds(x, ground, indexOf, at));
  if ("or" in o) return o.or.some((x) => holds(x, ground, indexOf, at));
  if ("not" in o) return !holds(o.not, ground, indexOf, at);
  if ("owned" in o) {
    const i = indexOf.get(o.owned);
    const before = ground.owners[o.owned];
    if (i === undefined || ground.battles[i]!.pass !== "land") return before === o.team;
    // Taken: the attacker's (R6.10); any other end, or arriving unopposed on one's own ground, changes nothing.
    return (OUTCOMES[at.get(i)!] === "taken" ? ground.battles[i]!.attacker : before) === o.team;
  }
  const i = indexOf.get(o.cleared);
  if (i === undefined) return !ground.enemyAt(o.cleared, o.team);
  const outcome = OUTCOMES[at.get(i)!];
  // The enemy side lost everything in the battle.
  if (outcome === "bothDestroyed") return true;
  return ground.battles[i]!.attacker === o.team ? outcome === "attackerWins" || outcome === "taken" : outcome === "defenderWins" || outcome === "attackerWithdrew";
}

/**
 * P(exactly k of the objectives hold), k = 0…n (issue 24's luck meter: "1 of 3 attacks taken"). Within
 * a scenario the battles are independent, so objectives looking at different battles are too: per
 * scenario the count is a sum of independent trials (convolved exactly), then mixed over scenarios.
 * Objectives that look at a battle in common are not independent: that is refused.
 */
export function countDistribution(objectives: readonly Objective[], ground: Ground, scenarios: readonly Scenario[]): number[] {
  const indexOf = new Map(ground.battles.map((b, i) => [b.territory, i]));
  const seen = new Set<number>();
  for (const o of objectives)
    for (const i of refs(o, indexOf, new Set())) {
      if (seen.has(i)) throw new Error(`Objectives counted together look at one battle (${ground.battles[i]!.territory}) in common`);
      seen.add(i);
    }
  const total = new Array<number>(objectives.length + 1).fill(0);
  for (const sc of scenarios) {
    if (sc.p === 0) continue;
    let dist = [1];
    for (const o of objectives) {
      const q = objectiveProbability(o, ground, [{ p: 1, dist: sc.dist }]);
      const next = new Array<number>(dist.length + 1).fill(0);
      dist.forEach((x, k) => {
        next[k]! += x * (1 - q);
        next[k + 1]! += x * q;
      });
      dist = next;
    }
    dist.forEach((x, k) => (total[k]! += sc.p * x));
  }
  return total;
}
