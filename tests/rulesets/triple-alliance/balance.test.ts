// Balance of the scenarios (TA10, TA12.1): robots for every side play a few whole battles of each
// scenario, and neither army wins them all. The figures over 100 battles are in the rulebook
// (docs/rules/triple-alliance.md, "Balance"); this is the quick guard that a change of the data, the
// rules or the robot has not handed a scenario to one side.
import { describe, expect, it } from "vitest";
import { tripleAlliance as ta } from "../../../server/rulesets/triple-alliance";
import { SCENARIOS } from "../../../server/rulesets/triple-alliance/scenarios";
import type { Orders, State } from "../../../server/rulesets/triple-alliance/types";

const GAMES = 6;

/** A whole battle between robots; the winning army, or "draw". */
function robotBattle(scenario: string, game: number): string {
  const setup = ta.setup(scenario, undefined, "balance");
  if (!setup.ok) throw new Error(setup.message);
  let s: State = setup.state;
  while (!s.ended) {
    const orders: Record<string, Orders> = {};
    for (const side of ta.phases(s)[0]!.sides) orders[side] = ta.robot(s, side, `balance:${game}`);
    s = ta.resolve(s, orders, null, `balance:${game}`).state;
  }
  return s.ended.draw ? "draw" : s.teams[s.ended.winners[0]!]!;
}

describe("Triple Alliance scenario balance", () => {
  it.each(SCENARIOS)("%s: in robot battles each army wins at least once (TA10, TA12.1)", (scenario) => {
    const winners = Array.from({ length: GAMES }, (_, g) => robotBattle(scenario, g));
    expect(winners.filter((w) => w === "Paraguay").length, winners.join(", ")).toBeGreaterThan(0);
    expect(winners.filter((w) => w === "Allies").length, winners.join(", ")).toBeGreaterThan(0);
  });
});
