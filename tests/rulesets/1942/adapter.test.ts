// The 1942 game as a ruleset (server/rulesets/1942) changes no result: every conformance case that
// plays a whole turn gives, through the adapter, the engine's own report — and still the report the
// case expects. Setup, validate, result and the robot are the engine's too.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, validateOrders, type TurnReport } from "../../../server/rulesets/1942/engine";
import { getRuleset } from "../../../server/rulesets";
import { runParsedScenario } from "../../../server/scenario/run";
import { robotOrders } from "../../../server/rulesets/1942/robots/robot";
import { matchReport } from "../../conformance/match";
import { caseStart, wholeTurns } from "./whole-turns";


const ruleset = getRuleset("1942")!;

describe("the 1942 adapter", () => {
  it("is registered with the engine's version and the five nations", () => {
    expect(ruleset.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(ruleset.scenarios).toEqual([
      {
        id: "standard",
        name: "The 1942 board",
        sides: [...NATIONS],
        minSides: 5,
        teams: [
          { name: "Axis", sides: ["Germany", "Japan"] },
          { name: "Allies", sides: ["Russia", "United Kingdom", "United States"] },
        ],
      },
    ]);
  });

  it("ends a game by the R9.1 minor victory after its agreed turn is played, as the engine's turn report says", () => {
    // No orders: no battle, no capture, so no die decides; the board starts untied (R9.1 points).
    for (const minorVictoryTurn of [1, 2]) {
      const setup = ruleset.setup("standard", { houseRules: { minorVictoryTurn } }, "s");
      if (!setup.ok) throw new Error(setup.message);
      let state = setup.state;
      // The first state, before any turn is played, is never over by the minor victory.
      expect(ruleset.result(state)).toEqual({ over: false });
      for (let turn = 1; turn <= minorVictoryTurn; turn++) {
        const next = ruleset.resolve(state, {}, null, `seed-${turn}`);
        const victory = (next.report as { victory: { winner: string | null; reason: string } }).victory;
        state = next.state;
        // The result of the next turn's state is the verdict of the turn just ended.
        expect(ruleset.result(state)).toEqual(victory.winner ? { over: true, winners: [victory.winner], draw: false, reason: victory.reason } : { over: false });
        expect(victory.winner !== null).toBe(turn === minorVictoryTurn);
      }
    }
  });

  it("covers a good part of the corpus", () => {
    expect(wholeTurns.length).toBeGreaterThanOrEqual(20);
  });

  it.each(wholeTurns.map((c) => [c.file, c] as const))("%s: the adapter's turn is the engine's", (_file, c) => {
    const { s, state } = caseStart(c);
    const through = ruleset.resolve(state, s.orders, { lowLuck: s.lowLuck, landings: s.landings, aaMoves: s.aaMoves }, s.seed);
    expect(JSON.stringify(through.report)).toBe(JSON.stringify(runParsedScenario(s)));
    expect(matchReport(c.expect, through.report)).toEqual([]);
  });

  it("ends the game when a turn's report names a winner, not a turn earlier (R9.1 minor victory from turn 2)", () => {
    const setup = ruleset.setup("standard", { houseRules: { minorVictoryTurn: 2 } }, "seed");
    if (!setup.ok) throw new Error(setup.message);
    let state = setup.state;
    expect(ruleset.result(state)).toEqual({ over: false });
    const told: [boolean, boolean][] = [];
    for (let turn = 1; turn <= 3 && !ruleset.result(state).over; turn++) {
      const { state: next, report } = ruleset.resolve(state, {}, null, "seed");
      const victory = (report as TurnReport).victory;
      told.push([ruleset.result(next).over, victory.winner !== null]);
      if (victory.winner) expect(ruleset.result(next)).toEqual({ over: true, winners: [victory.winner], draw: false, reason: victory.reason });
      state = next;
    }
    // Turn 1 ends before the minor victory counts; the result says what each turn's report says.
    expect(told[0]).toEqual([false, false]);
    for (const [over, won] of told) expect(over).toBe(won);
  });

  it("sets up the standard board, validates and plays robots as the engine does", () => {
    const setup = ruleset.setup("standard", {}, "seed");
    expect(setup).toEqual({ ok: true, state: createState(DEFAULT_BOARD, DEFAULT_SETUP) });
    expect(ruleset.setup("other", {}, "seed").ok).toBe(false);
    // Its options (R6.8, R9) reach the state; a bad one is refused naming it.
    const lucky = ruleset.setup("standard", { lowLuck: true, houseRules: { victoryCities: true } }, "seed");
    expect(lucky.ok && [lucky.state.lowLuck, lucky.state.houseRules]).toEqual([true, { victoryCities: true }]);
    expect(ruleset.setup("standard", { lowLuck: "yes" } as never, "seed")).toEqual({ ok: false, rule: "R6.8", message: "The option lowLuck is true or false (R6.8)" });
    expect(ruleset.setup("standard", { houseRules: { victoryCities: true, minorVictoryTurn: 0 } }, "seed")).toMatchObject({ ok: false, rule: "R9", message: "houseRules.minorVictoryTurn is a turn from 1 to 100 (R9)" });
    expect(ruleset.setup("standard", { houseRules: { fog: true } } as never, "seed")).toMatchObject({ ok: false, message: 'houseRules has no rule "fog": one of victoryCities, minorVictoryTurn, vcInfantry, commerceRaiding (R9)' });
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    // R3: the orders phase, where every nation acts; battles and post-combat follow when the combat asks.
    expect(ruleset.phases(state)).toEqual([
      { id: "orders", name: "Orders", sides: [...NATIONS], part: "orders" },
      { id: "battles-1", name: "Battles", sides: [], deadline: "decision" },
      { id: "post-combat", name: "Post-combat", sides: [], deadline: "decision", part: "post-combat" },
    ]);
    expect(ruleset.phaseOf!(state)).toBe(0);
    expect(ruleset.result(state)).toEqual({ over: false });
    const move = [{ id: "g1", units: { armour: 2 }, from: "Ukraine S.S.R.", path: ["Caucasus", "Russia", "Novosibirsk"] }];
    const refused = validateOrders(state, "Germany", move).results[0]!;
    expect(ruleset.validate(state, "Germany", move)).toEqual(refused.ok ? { ok: true } : { ok: false, rule: refused.rule, message: refused.message });
    expect(refused.ok).toBe(false);
    expect(ruleset.robot(state, "Japan", "r")).toEqual(robotOrders(state, "Japan", "r"));
  });
});
