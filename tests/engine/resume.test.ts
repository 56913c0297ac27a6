// Interactive battles as stored decisions: a phase replayed with the decisions made so far waits for
// the missing ones, and ends exactly as if every decision had been there from the start —
// whether they arrive one by one or all at once, and whether the default or the identical explicit
// choice is used (only the record of who chose differs).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, defaultDecision, resolveCombatPhase, type DecisionRecord } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import { makeRand, randomOrders } from "../support/random-orders";

const world = createState(DEFAULT_BOARD, DEFAULT_SETUP);

/** The report without the record of who chose (a player or the default). */
const outcome = (value: unknown) => JSON.stringify(value, (k, v: unknown) => (k === "by" ? undefined : v));

function playInteractively(orders: ReturnType<typeof randomOrders>, seed: string, lowLuck: boolean, oneByOne: boolean) {
  const decisions: DecisionRecord[] = [];
  for (let i = 0; i < 500; i++) {
    const result = resolveCombatPhase({ state: world, orders, seed, lowLuck, decisions, awaitDecisions: true });
    if (!result.waiting) return { result, asked: i };
    expect(result.waiting.requests.length).toBeGreaterThan(0);
    const answer = oneByOne ? result.waiting.requests.slice(0, 1) : result.waiting.requests;
    for (const req of answer)
      decisions.push({ battle: req.battle, pass: result.waiting.pass, round: req.round, step: stepOf(req), team: req.team, decision: defaultDecision(req) });
  }
  throw new Error("the phase never finished");
}

describe("resumable combat phase", () => {
  it("ends as the all-defaults phase, decisions arriving one by one or all at once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.string({ maxLength: 6 }), fc.boolean(), (gen, seed, lowLuck) => {
        const orders = randomOrders(world, makeRand(gen), { hold: 0.2 });
        const direct = resolveCombatPhase({ state: world, orders, seed, lowLuck });
        const single = playInteractively(orders, seed, lowLuck, true);
        const batch = playInteractively(orders, seed, lowLuck, false);
        expect(outcome(single.result.report)).toBe(outcome(direct.report));
        expect(outcome(batch.result.report)).toBe(outcome(direct.report));
        expect(single.result.state).toEqual(direct.state);
        expect(batch.asked).toBeLessThanOrEqual(single.asked);
      }),
      { numRuns: 12 },
    );
  });

  it("waits for the sea battles' real choices before land movement, never for a forced one", () => {
    const orders = randomOrders(world, makeRand(7), { hold: 0 });
    const first = resolveCombatPhase({ state: world, orders, seed: "x", awaitDecisions: true });
    expect(first.waiting?.pass).toBe("sea");
    expect(first.waiting!.requests.length).toBeGreaterThan(1);
    for (const r of first.waiting!.requests) if (r.kind === "casualties") expect(r.forced).toBe(false);
    expect(first.report.battles.every((b) => b.pass === "sea")).toBe(true);
    expect(first.state).toBe(world);
  });
});
