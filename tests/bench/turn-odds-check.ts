// npm run check:turn-odds — the whole-turn odds (issue 24) against the engine's own resolution of the
// turn, 20,000 seeded runs of each of ten turns of different kinds: every objective's exact
// probability must lie within three standard deviations of the share of runs where it held.
// Too long for the test suite (minutes); tests/engine/turn-odds.test.ts runs the same check on four
// turns with 4,000 seeds, and against a brute-force enumeration to 1e-9.
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveCombatPhase, resolveTurn } from "../../server/rulesets/1942/engine";
import { turnOdds, type Objective } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import { isCombatUnit } from "../../server/rulesets/1942/engine/units";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { bombardTurn, landingTurn, raidTurn, reinforcedTurn, type Turn } from "../engine/turn-odds.fixtures";

const RUNS = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 20_000);
/** --only=TEXT: the turns whose name holds TEXT. */
const ONLY = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
type Case = Turn & { lowLuck?: boolean };

const opening = createState(DEFAULT_BOARD, DEFAULT_SETUP);
/** Turn 3 of a robot game, every nation ordering at once: a board with the fronts already moving. */
function laterTurn(): Case {
  let state = opening;
  for (let turn = 1; turn <= 2; turn++) {
    const orders = Object.fromEntries(NATIONS.map((n) => [n, robotOrders(state, n, `check ${turn}`)]));
    state = resolveTurn({ state, orders, seed: `check ${turn} dice` }).state;
  }
  return { state, orders: { Germany: robotOrders(state, "Germany", "check 3"), Japan: robotOrders(state, "Japan", "check 3") } };
}

const CASES: [string, () => Case][] = [
  ["a sea battle deciding two landings, AA fire over a land attack", landingTurn],
  ["the same, low luck (R6.8)", () => ({ ...landingTurn(), lowLuck: true })],
  ["a bombarded landing beside an independent sea battle (R5.5)", bombardTurn],
  ["a raid beside a battle (R5.4)", raidTurn],
  ["a battle whose defender is reinforced", reinforcedTurn],
  ...NATIONS.filter((n) => n !== "Russia").map((n): [string, () => Case] => [`${n}'s robot orders, default board, turn 1`, () => ({ state: opening, orders: { [n]: robotOrders(opening, n, "check") } })]),
  ["Germany and Japan's robot orders on turn 3 of a robot game", laterTurn],
];

function objectivesOf(odds: ReturnType<typeof turnOdds>): [string, Objective][] {
  const each = odds.battles.filter((b) => !b.approximate).map((b): [string, Objective] => [`${b.attacker} wins ${b.territory}`, b.pass === "land" ? { owned: b.territory, team: b.attacker } : { cleared: b.territory, team: b.attacker }]);
  if (each.length < 2) return each;
  return [...each, ["all of them", { and: each.map(([, o]) => o) }], ["the first but not the last", { and: [each[0]![1], { not: each[each.length - 1]![1] }] }]];
}

function held(o: Objective, result: ReturnType<typeof resolveCombatPhase>): boolean {
  if ("and" in o) return o.and.every((x) => held(x, result));
  if ("or" in o) return o.or.some((x) => held(x, result));
  if ("not" in o) return !held(o.not, result);
  if ("owned" in o) return teamOf(result.report.owners[o.owned]!) === o.team;
  return !result.state.units.some((u) => u.at === o.cleared && u.aboard === undefined && isCombatUnit(u.type) && teamOf(u.nation) !== o.team);
}

let worst = 0;
let outside = 0;
let compared = 0;
for (const [name, make] of CASES) {
  if (ONLY && !name.includes(ONLY)) continue;
  const turn = make();
  const odds = turnOdds(turn);
  const objectives = objectivesOf(odds);
  const count = objectives.map(() => 0);
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const result = resolveCombatPhase({ ...turn, seed: `turn-odds check ${i}` });
    objectives.forEach(([, o], k) => (count[k]! += held(o, result) ? 1 : 0));
  }
  console.log(`${name}: ${odds.battles.length} battles, ${RUNS} runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  objectives.forEach(([what, o], k) => {
    const p = odds.probability(o);
    const share = count[k]! / RUNS;
    const sigma = Math.sqrt((p * (1 - p)) / RUNS);
    // A certain or impossible objective must never miss: any miss is infinitely many σ.
    const z = sigma === 0 ? (share === p ? 0 : Infinity) : Math.abs(share - p) / sigma;
    worst = Math.max(worst, z);
    compared++;
    if (z > 3) outside++;
    console.log(`  ${z > 3 ? "OUTSIDE" : "ok     "} ${what}: exact ${(p * 100).toFixed(3)} %, engine ${(share * 100).toFixed(3)} %, ${z.toFixed(2)} σ`);
  });
}
console.log(`\n${compared} objectives over ${ONLY ? "the chosen" : CASES.length} turns; the farthest is ${worst.toFixed(2)} σ; ${outside} outside 3 σ`);
process.exitCode = outside === 0 ? 0 : 1;
