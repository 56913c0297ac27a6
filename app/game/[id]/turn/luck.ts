// Luck in the turn review: each battle's actual result placed on its exact distribution (the odds
// of server/rulesets/1942/engine/odds, with the default choices, R6.9), and each nation's luck over the turn —
// how many credits of units better or worse than expected its battles went. A result is the
// "swing": the cost the other side lost minus the cost this side lost.
import { exactOdds, teamOf, type Nation, type OddsInput, type OddsResult, type Team, type UnitCounts, type UnitType } from "@/server/rulesets/1942/engine";
import type { BattleReport } from "@/server/rulesets/1942/engine/report";
import { UNIT_STATS, isLandUnit } from "@/server/rulesets/1942/engine/units";

export interface BattleLuck {
  territory: string;
  pass: "sea" | "land";
  attacker: Team;
  /** The lead nation of each side at the start (R6.2). */
  lead: Record<Team, Nation>;
  /** The attacker's swing: defender's loss − attacker's loss, in cost. */
  actual: number;
  expected: number;
  /** Chance of an outcome strictly worse for the attacker than the actual one, and strictly better. */
  worseForAttacker: number;
  betterForAttacker: number;
  /** Each nation's share of its side's luck (actual − expected swing, its share by starting cost). */
  luck: Partial<Record<Nation, number>>;
}

/** Battles the exact odds cannot price as they were fought: a side both attacking and defending (a meeting). */
export type Unpriced = { territory: string; reason: string };

/** Price at most this many units in one battle (the page renders on the server). */
const MAX_UNITS = 200;

/**
 * Swing distributions already priced, by their odds input. exactOdds is pure and a resolved battle
 * never changes, yet a review prices every battle of the game up to its turn on each render: each
 * process prices a battle once (the least recently used goes first).
 */
const PRICED_LIMIT = 1024;
const priced = new Map<string, OddsResult["swing"]>();

function swingOf(input: OddsInput): OddsResult["swing"] {
  const key = JSON.stringify(input);
  const swing = priced.get(key) ?? exactOdds(input).swing;
  priced.delete(key);
  priced.set(key, swing);
  if (priced.size > PRICED_LIMIT) priced.delete(priced.keys().next().value!);
  return swing;
}

const costOf = (counts: UnitCounts | undefined, sea: boolean) =>
  Object.entries(counts ?? {}).reduce((s, [t, n]) => s + (sea && isLandUnit(t as UnitType) ? 0 : UNIT_STATS[t as UnitType].cost * (n ?? 0)), 0);

/** What a side lost in the battle (cargo lost with its transports not counted: it never fought). */
function lossOf(b: BattleReport, team: Team): number {
  const sea = b.pass === "sea";
  return costOf(b.bombardment.lost[team], sea) + costOf(b.destroyedAtOnce[team], sea) + b.rounds.reduce((s, r) => s + costOf(r.lost[team], sea), 0);
}

export function battleLuck(b: BattleReport, lowLuck: boolean): BattleLuck | Unpriced {
  const teams = (Object.keys(b.sides) as Team[]).filter((t) => b.sides[t].length > 0);
  if (teams.length !== 2) return { territory: b.territory, reason: "one side only" };
  const attacking = teams.filter((t) => b.sides[t].every((u) => u.attacking));
  const defending = teams.filter((t) => b.sides[t].every((u) => !u.attacking));
  if (attacking.length !== 1 || defending.length !== 1) return { territory: b.territory, reason: "both sides moved in (a meeting)" };
  const attacker = attacking[0]!;
  const defender = defending[0]!;
  const units = teams.reduce((s, t) => s + b.sides[t].reduce((x, u) => x + u.count, 0), 0);
  if (units > MAX_UNITS) return { territory: b.territory, reason: `more than ${MAX_UNITS} units` };
  const forces = (team: Team) => {
    const out: Partial<Record<Nation, UnitCounts>> = {};
    for (const u of b.sides[team]) (out[u.nation] ??= {})[u.type] = (out[u.nation]?.[u.type] ?? 0) + u.count;
    return out;
  };
  const fire = b.bombardment.fire;
  const bombard = fire ? (fire.dice?.length ?? Math.round((fire.lowLuck?.total ?? 0) / UNIT_STATS.battleship.attack)) : 0;
  const swing = swingOf({ attacker: forces(attacker), defender: forces(defender), sea: b.pass === "sea", lowLuck, bombard });
  const actual = lossOf(b, defender) - lossOf(b, attacker);
  let worse = 0;
  let better = 0;
  let expected = 0;
  for (const [value, p] of swing) {
    expected += value * p;
    if (value < actual) worse += p;
    if (value > actual) better += p;
  }
  const lead = {} as Record<Team, Nation>;
  const luck: Partial<Record<Nation, number>> = {};
  for (const team of teams) {
    const byNation = new Map<Nation, number>();
    for (const u of b.sides[team]) byNation.set(u.nation, (byNation.get(u.nation) ?? 0) + UNIT_STATS[u.type].cost * u.count);
    const total = [...byNation.values()].reduce((s, c) => s + c, 0);
    lead[team] = [...byNation.entries()].sort((x, y) => y[1] - x[1] || NATION_ORDER.indexOf(x[0]) - NATION_ORDER.indexOf(y[0]))[0]![0];
    const teamLuck = (team === attacker ? 1 : -1) * (actual - expected);
    for (const [nation, c] of byNation) luck[nation] = (luck[nation] ?? 0) + (teamLuck * c) / total;
  }
  return { territory: b.territory, pass: b.pass, attacker, lead, actual, expected, worseForAttacker: worse, betterForAttacker: better, luck };
}

const NATION_ORDER: Nation[] = ["Russia", "Germany", "United Kingdom", "Japan", "United States"];

const percent = (p: number) => Math.floor(p * 100 + 1e-9);

/** The sentences of one battle: each side's lead nation, placed on the distribution. */
export function battleLuckLines(l: BattleLuck): string[] {
  const defender: Team = l.attacker === "Axis" ? "Allies" : "Axis";
  const line = (team: Team, worse: number, better: number) => {
    const own = team === l.attacker ? l.actual : -l.actual;
    const expected = team === l.attacker ? l.expected : -l.expected;
    const beats = worse === 0 ? "no possible outcome was worse" : `better than ${percent(worse)} % of the possible outcomes`;
    const beaten = better === 0 ? "none was better" : `${percent(better)} % were better`;
    return `${l.lead[team]}'s result in ${l.territory}: ${beats}; ${beaten} (swing ${signed(own)} against ${signed(round1(expected))} expected).`;
  };
  return [line(l.attacker, l.worseForAttacker, l.betterForAttacker), line(defender, l.betterForAttacker, l.worseForAttacker)];
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const signed = (x: number) => (x > 0 ? `+${x}` : x < 0 ? `−${-x}` : "0");

/** Each nation's luck over these battles: actual minus expected swing, in credits of units. */
export function nationLuck(battles: readonly BattleLuck[]): [Nation, number][] {
  const sum = new Map<Nation, number>();
  for (const b of battles) for (const [n, x] of Object.entries(b.luck) as [Nation, number][]) sum.set(n, (sum.get(n) ?? 0) + x);
  return NATION_ORDER.filter((n) => sum.has(n)).map((n) => [n, sum.get(n)!]);
}

export function luckLine([nation, luck]: [Nation, number]): string {
  const x = round1(luck);
  if (x === 0) return `${nation} was as lucky as expected.`;
  return `${nation} was ${x > 0 ? "luckier" : "unluckier"} than expected by ${Math.abs(x)} in units' cost (${teamOf(nation)}).`;
}
