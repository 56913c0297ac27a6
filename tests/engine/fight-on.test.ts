// R6.7 — "Fight on" (submerge or withdraw) is asked only of a side that has something that may leave.
import { describe, expect, it } from "vitest";
import { advanceBattle, decideBattle, defaultDecision, openBattle, type BattleSetup, type BattleState, type DecisionRequest } from "../../server/rulesets/1942/engine/combat/battle";
import { phaseDice } from "../../server/rulesets/1942/engine/rng";

const unit = (id: number, nation: "Germany" | "Russia", type: BattleSetup["units"][number]["type"]) =>
  ({ id, nation, type, team: nation === "Germany" ? "Axis" : "Allies", attacking: nation === "Germany", cargo: [] }) as BattleSetup["units"][number];

/** Every request a battle makes when each one takes its default. */
function requestsOf(setup: BattleSetup): DecisionRequest[] {
  const dice = phaseDice("fight-on");
  const seen: DecisionRequest[] = [];
  let b: BattleState = advanceBattle(openBattle(setup), dice);
  while (b.stage !== "done") {
    const req = b.pending[0]!;
    seen.push(req);
    const next = decideBattle(b, req.team, defaultDecision(req), "default");
    if (!next.ok) throw new Error(next.message);
    b = advanceBattle(next.battle, dice);
  }
  return seen;
}

describe("Fight on is asked only when a side may leave (R6.7)", () => {
  const infantry = (from: number, n: number, nation: "Germany" | "Russia") => Array.from({ length: n }, (_, i) => unit(from + i, nation, "infantry"));

  it("never asks a land side without air units", () => {
    const requests = requestsOf({ territory: "B", pass: "land", lowLuck: true, units: [...infantry(1, 6, "Germany"), unit(7, "Germany", "armour"), ...infantry(10, 6, "Russia")] });
    expect(requests.some((r) => r.kind === "casualties")).toBe(true); // the battle had rounds, and asked for casualties
    expect(requests.filter((r) => r.kind === "retreat")).toEqual([]);
  });

  it("asks the side whose fighter may withdraw, and only that side, while the enemy still stands", () => {
    const requests = requestsOf({ territory: "B", pass: "land", lowLuck: true, units: [...infantry(1, 6, "Germany"), unit(7, "Germany", "fighter"), ...infantry(10, 6, "Russia")] });
    const retreats = requests.filter((r) => r.kind === "retreat");
    expect(retreats.length).toBeGreaterThan(0);
    expect(retreats.every((r) => r.team === "Axis" && r.withdrawable.includes(7))).toBe(true);
  });
});
