// What the frame's bar says of the phase in play (turnStepOf, services/ruleset-games/acting.ts), pure:
// a 1942 turn, whose phases open as its combat waits for choices, is told as parts of its plan (Orders,
// Sea battles, Land battles, Post-combat), the count the same in every phase of every corpus turn and
// the parts in the plan's order; a ruleset of several phases and no plan is told its phase's number
// with no total; Interplanetary and Triple Alliance (one phase a turn) name none.
import { describe, expect, it } from "vitest";
import { getRuleset, type AnyRuleset, type PhaseInfo } from "../../server/rulesets";
import { TURN_PLAN_1942, type Orders1942, type State1942 } from "../../server/rulesets/1942";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";
import { turnStepOf } from "../../server/services/ruleset-games/acting";
import { caseStart, wholeTurns } from "../rulesets/1942/whole-turns";

const ruleset1942 = getRuleset("1942")!;

/** Every state a turn passes through, phase by phase, nobody choosing (every decision its default, R6.9). */
function statesOfTurn(start: State1942, orders: Record<string, Orders1942>, seed: string): State1942[] {
  const states: State1942[] = [start];
  let now = ruleset1942.resolve(start, orders, null, seed, "orders");
  while ("stage" in now.state) {
    states.push(now.state);
    const at = ruleset1942.phases(now.state)[ruleset1942.phaseOf!(now.state)]!;
    now = ruleset1942.resolve(now.state, {}, null, seed, at.id);
  }
  return states;
}

describe("the bar's phase of a 1942 turn", () => {
  it.each(wholeTurns.map((c) => [c.file, c] as const))("%s: every phase is a part of the plan, out of 4, in the plan's order", (_file, c) => {
    const { s, state } = caseStart(c);
    // A game already won (R9.1's cases start from a victory) has no phase left to name.
    if (ruleset1942.result(state).over) return expect(turnStepOf(ruleset1942, state)).toBeNull();
    const steps = statesOfTurn(state, s.orders as Record<string, Orders1942>, s.seed).map((st) => turnStepOf(ruleset1942, st));
    const parts = steps.map((step) => {
      expect(step?.part?.count).toBe(TURN_PLAN_1942.length);
      expect(step!.name).toBe(TURN_PLAN_1942[step!.part!.at]!.name);
      return step!.part!.at;
    });
    expect(parts[0]).toBe(0);
    expect(parts).toEqual([...parts].sort((a, b) => a - b));
    // Each phase has its own index (the frame gives each a fresh screen), in the order played.
    expect(steps.map((st) => st!.index)).toEqual(steps.map((_, i) => i));
  });

  it("a land battle that asks for casualties: Orders, Land battles (as many phases as it asks), Post-combat, out of 4 throughout", () => {
    // Germany attacks Karelia with a large stack: a battle of several rounds with choices on both sides.
    const start = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const orders = { Germany: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] };
    const steps = statesOfTurn(start, orders, "karelia").map((st) => turnStepOf(ruleset1942, st)!);
    const told = steps.map((st) => `${st.name} (phase ${st.part!.at + 1} of ${st.part!.count})`);
    expect(told[0]).toBe("Orders (phase 1 of 4)");
    expect(told.filter((t) => t === "Land battles (phase 3 of 4)").length).toBeGreaterThan(1);
    expect(new Set(told.slice(1)).size).toBeLessThanOrEqual(2);
    expect(told.slice(1).every((t) => t === "Land battles (phase 3 of 4)" || t === "Post-combat (phase 4 of 4)")).toBe(true);
  });
});

describe("a ruleset's phase without a plan", () => {
  // A turn whose phases open as they arise, with no plan: the second phase of three known so far.
  const phases: PhaseInfo[] = [
    { id: "a", name: "First", sides: [] },
    { id: "b", name: "Second", sides: ["x"] },
    { id: "c", sides: [] },
  ];
  const planless = { phases: () => phases, phaseOf: () => 1 } as unknown as AnyRuleset;

  it("is named with its number and no total", () => {
    expect(turnStepOf(planless, {})).toEqual({ id: "b", name: "Second", index: 1, part: null });
  });

  it("a part the plan does not list is told as if there were no plan", () => {
    const stray = { ...planless, turnPlan: [{ id: "p", name: "P" }, { id: "q", name: "Q" }] } as unknown as AnyRuleset;
    expect(turnStepOf(stray, {})).toEqual({ id: "b", name: "Second", index: 1, part: null });
    const planned = { ...stray, phases: () => phases.map((p) => ({ ...p, part: "q" })) } as unknown as AnyRuleset;
    expect(turnStepOf(planned, {})).toEqual({ id: "b", name: "Q", index: 1, part: { at: 1, count: 2 } });
  });

  it("Interplanetary and Triple Alliance, one phase a turn, name none", () => {
    for (const [id, scenario] of [
      ["interplanetary", "training"],
      ["triple-alliance", undefined],
    ] as const) {
      const ruleset = getRuleset(id)!;
      const info = ruleset.scenarios.find((x) => scenario === undefined || x.id === scenario)!;
      const setup = ruleset.setup(info.id, { sides: [...info.sides] }, "seed");
      expect(setup.ok, id).toBe(true);
      if (!setup.ok) continue;
      expect(ruleset.phases(setup.state).length, id).toBe(1);
      expect(turnStepOf(ruleset, setup.state), id).toBeNull();
    }
  });
});
