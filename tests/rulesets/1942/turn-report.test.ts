// A 1942 turn played phase by phase is told as one turn (Ruleset.turnReport, phases/turn-report.ts):
// the report assembled from its phases' reports is the engine's whole-turn report for the same orders,
// decisions, post-combat choices and seed — every whole-turn conformance case with nobody choosing,
// and a turn with casualties chosen other than the default, a robot's defaults and a landing, under
// normal dice and low luck (R6.8). A turn that has not ended has no turn report.
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../../server/rulesets";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, type DecisionRecord, type GameState, type Order } from "../../../server/rulesets/1942/engine";
import { recordOf } from "../../../server/rulesets/1942/engine/combat/decisions";
import { stepOf } from "../../../server/rulesets/1942/engine/combat/decisions";
import type { Orders1942, Report1942, State1942 } from "../../../server/rulesets/1942";
import type { BattleStage, PostCombatStage } from "../../../server/rulesets/1942/phases/turn-so-far";
import { resolveStored } from "../../../server/rulesets/1942/stored/replay";
import { otherChoice } from "../../support/casualty-choice";
import { caseStart, wholeTurns } from "./whole-turns";

const ruleset = getRuleset("1942")!;
const at = (state: State1942) => ruleset.phases(state)[ruleset.phaseOf!(state)]!;
type Stage = BattleStage | PostCombatStage;

/** A turn from its orders phase to its end, `answer` giving each later phase's batches; every phase's report, in order. */
function playTurn(state: GameState, orders: Record<string, Order[]>, seed: string, answer: (stage: Stage) => Record<string, Orders1942>) {
  let now = ruleset.resolve(state, orders, null, seed, "orders");
  const reports: Report1942[] = [now.report];
  const visited: Stage[] = [];
  while ("stage" in now.state) {
    const stage = now.state as Stage;
    visited.push(stage);
    now = ruleset.resolve(stage, answer(stage), null, seed, at(stage).id);
    reports.push(now.report);
  }
  return { reports, visited, end: now.state as GameState };
}

describe("a 1942 turn's report, assembled from its phases'", () => {
  it.each(wholeTurns.map((c) => [c.file, c] as const))("%s: is the whole turn's, with nobody choosing", (_file, c) => {
    const { s, state } = caseStart(c);
    const start: GameState = s.lowLuck ? { ...state, lowLuck: true } : state;
    const played = playTurn(start, s.orders as Record<string, Order[]>, s.seed, (stage) =>
      stage.stage === "battles" ? {} : Object.fromEntries(at(stage).sides.map((n) => [n, { landings: [...(s.landings?.[n as never] ?? [])], aaMoves: [...(s.aaMoves?.[n as never] ?? [])] }])),
    );
    // AA guns move only in a post-combat that opens for air to land (R7): a case that moves one with
    // no air to land is the whole turn without the move (the phases test says why).
    const postCombat = played.visited.some((v) => v.stage === "post-combat");
    const whole = ruleset.resolve(start, s.orders, { lowLuck: s.lowLuck, landings: s.landings, aaMoves: postCombat ? s.aaMoves : undefined }, s.seed);
    expect(JSON.stringify(ruleset.turnReport!(played.reports))).toBe(JSON.stringify(whole.report));
  });

  it.each([false, true])("is the whole turn's with casualties chosen, robots' defaults and a landing (low luck %s)", (lowLuck) => {
    const state: GameState = { ...createState(DEFAULT_BOARD, DEFAULT_SETUP), ...(lowLuck ? { lowLuck: true as const } : {}) };
    // Germany attacks Karelia with a stack (a battle of several rounds, R6) and sends a fighter to sea
    // (air to land after combat, R7); Russia's robot takes every default (R3.2, R6.9).
    const orders = {
      Germany: [
        { id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
        { id: "g2", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] },
      ],
    } as Record<string, Order[]>;
    const seed = `turn-report-${lowLuck}`;
    const decisions: DecisionRecord[] = [];
    let landings: { type: "fighter"; count: number; from: string; to: string }[] = [];
    const played = playTurn(state, orders, seed, (stage) => {
      if (stage.stage === "post-combat") {
        const fighter = stage.choices.air.find((a) => a.nation === "Germany" && a.from === "West Spain Sea Zone");
        // The last place it may land, not the default's first, so the landing is Germany's own.
        landings = fighter ? [{ type: "fighter", count: 1, from: fighter.from, to: fighter.destinations.at(-1)!.to }] : [];
        return { Germany: { landings, aaMoves: [] } };
      }
      const batches: Record<string, Orders1942> = {};
      for (const side of at(stage).sides) {
        const mine = stage.requests.filter((r) => r.chooser === side);
        if (side === "Germany") {
          batches[side] = { choices: mine.map((r) => ({ battle: r.battle, round: r.round, step: stepOf(r), decision: otherChoice(r) })) };
          decisions.push(...mine.map((r) => recordOf(r, stage.pass, "player", otherChoice(r))));
        } else {
          batches[side] = ruleset.robot(stage, side, "robot");
          decisions.push(...mine.map((r) => recordOf(r, stage.pass, "robot")));
        }
      }
      return batches;
    });
    expect(played.visited.some((v) => v.stage === "battles"), "a battles phase").toBe(true);
    expect(played.visited.some((v) => v.stage === "post-combat"), "a post-combat phase").toBe(true);
    expect(decisions.some((d) => d.by === "player")).toBe(true);
    // The engine's whole turn from the same start, orders, decisions, landings and seed.
    const whole = resolveStored({ startState: state, seed, decisions, postCombat: { used: { landings: { Germany: landings } } } }, orders, lowLuck);
    const told = ruleset.turnReport!(played.reports);
    expect(JSON.stringify(told)).toBe(JSON.stringify(whole.report));
    expect(JSON.stringify(played.end)).toBe(JSON.stringify(whole.state));
    // Every phase's report but the last is only the combat so far; the turn's is the whole of it.
    expect(played.reports.slice(0, -1).every((r) => "next" in r)).toBe(true);
    expect(told).toMatchObject({ landings: expect.any(Array), owners: expect.any(Object), victory: expect.any(Object) });
  });

  it("refuses a turn that has not ended, or ends twice", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const orders = { Germany: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] } as Record<string, Order[]>;
    const played = playTurn(state, orders, "s", () => ({}));
    expect(() => ruleset.turnReport!(played.reports.slice(0, -1))).toThrow(/has not ended/);
    expect(() => ruleset.turnReport!([])).toThrow(/has not ended/);
    expect(() => ruleset.turnReport!([played.reports.at(-1)!, played.reports.at(-1)!])).toThrow(/only a turn's last phase/);
  });
});
