// The 1942 ruleset's phases (server/rulesets/1942/phases), pure: a turn played phase by phase with
// nobody choosing is the whole turn the corpus expects; each phase's dice come from its own seed; a
// batch is checked as the services check a decision or a landing; a preference answers later rounds;
// what a viewer sees between phases hides the orders, the seeds and the decision records.
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../../server/rulesets";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, defaultDecision, type DecisionRecord, type GameState, type Order } from "../../../server/rulesets/1942/engine";
import { preferredDecision } from "../../../server/rulesets/1942/engine/combat/preference";
import { stepOf } from "../../../server/rulesets/1942/engine/combat/decisions";
import type { Orders1942, Report1942, State1942 } from "../../../server/rulesets/1942";
import type { BattleStage, PostCombatStage } from "../../../server/rulesets/1942/phases/turn-so-far";
import { matchReport } from "../../conformance/match";
import { caseStart, wholeTurns } from "./whole-turns";

const ruleset = getRuleset("1942")!;

type Step = { state: State1942; report: Report1942 };
const at = (state: State1942) => ruleset.phases(state)[ruleset.phaseOf!(state)]!;

/** Play the rest of a turn: `answer` gives the batches of each later phase (none: every side takes the default). */
function playOn(first: Step, seedOf: (step: number) => string, answer: (state: BattleStage | PostCombatStage) => Record<string, Orders1942> = () => ({})) {
  let now = first;
  const visited: (BattleStage | PostCombatStage)[] = [];
  while ("stage" in now.state) {
    const stage = now.state as BattleStage | PostCombatStage;
    // Each phase of a turn comes strictly after the one before (ruleset.phaseOf).
    if (visited.length > 0) expect(stage.step).toBeGreaterThan(visited.at(-1)!.step);
    visited.push(stage);
    now = ruleset.resolve(stage, answer(stage), null, seedOf(stage.step), at(stage).id);
  }
  return { ...now, visited };
}

/** Germany attacks Karelia with a large stack: a battle of several rounds with choices on both sides. */
function karelia(): { state: GameState; orders: Record<string, Order[]> } {
  const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  return { state, orders: { Germany: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] } };
}

describe("a 1942 turn phase by phase", () => {
  it.each(wholeTurns.map((c) => [c.file, c] as const))("%s: with nobody choosing, the phases give the whole turn", (_file, c) => {
    const { s, state } = caseStart(c);
    const whole = ruleset.resolve(state, s.orders, { lowLuck: s.lowLuck, landings: s.landings, aaMoves: s.aaMoves }, s.seed);
    // Battles: nobody answers, every decision takes its default (R6.9). Post-combat: the case's choices.
    const phased = playOn(ruleset.resolve(state, s.orders, { lowLuck: s.lowLuck }, s.seed, "orders"), () => s.seed, (stage) =>
      stage.stage === "battles" ? {} : Object.fromEntries(at(stage).sides.map((n) => [n, { landings: [...(s.landings?.[n as never] ?? [])], aaMoves: [...(s.aaMoves?.[n as never] ?? [])] }])),
    );
    const aaOnly = Object.keys(s.aaMoves ?? {}).length > 0 && !phased.visited.some((v) => v.stage === "post-combat");
    if (aaOnly) {
      // AA guns move only in a post-combat that opens, and it opens only for air to land (R7, as the
      // services open it): the R7.2 cases that move a gun with no air to land play it only whole.
      expect(_file).toMatch(/^R7\.2-/);
      expect(phased.report).toMatchObject({ aaMoves: [], aaMovesRefused: [] });
      expect(JSON.stringify(phased.report)).not.toBe(JSON.stringify(whole.report));
      return;
    }
    expect(JSON.stringify(phased.report)).toBe(JSON.stringify(whole.report));
    expect(JSON.stringify(phased.state)).toBe(JSON.stringify(whole.state));
    expect(matchReport(c.expect, phased.report)).toEqual([]);
  });

  it("rolls each dice stream with the seed of the phase that first rolled it", () => {
    const { state, orders } = karelia();
    const opened = ruleset.resolve(state, orders, { lowLuck: false }, "seed-orders", "orders");
    const battle = opened.state as BattleStage;
    expect(battle.stage).toBe("battles");
    expect(battle.seeds).toEqual(["seed-orders"]);
    // The first round's fire was rolled by the orders phase, before anyone chose.
    expect(Object.entries(battle.streams).filter(([name]) => name.startsWith("battle|Karelia")).map(([, step]) => step)).toEqual([0, 0]);
    const play = (later: string) => playOn(opened, () => later);
    const a = play("seed-a");
    const b = play("seed-b");
    const roundsOf = (r: Report1942) => ("victory" in r ? r.battles.find((x) => x.territory === "Karelia S.S.R.")!.rounds : []);
    // Round 1 is the orders phase's; the later rounds are the later phases' own (reruns agree).
    expect(roundsOf(a.report).length).toBeGreaterThan(1);
    expect(roundsOf(a.report)[0]!.fire).toEqual(roundsOf(b.report)[0]!.fire);
    const laterFire = (r: Report1942) => JSON.stringify(roundsOf(r).slice(1).map((x) => x.fire));
    expect(laterFire(a.report)).not.toBe(laterFire(b.report));
    expect(JSON.stringify(play("seed-a").report)).toBe(JSON.stringify(a.report));
    // One seed for every phase: the whole turn's dice, as the web game rolls them.
    const single = playOn(opened, () => "seed-orders");
    expect(JSON.stringify(single.report)).toBe(JSON.stringify(ruleset.resolve(state, orders, { lowLuck: false }, "seed-orders").report));
  });

  it("lists who acts: every nation for orders, the choosers in battles, strictly later phases, and refuses another phase's id", () => {
    const { state, orders } = karelia();
    expect(at(state).sides).toHaveLength(5);
    const opened = ruleset.resolve(state, orders, null, "s", "orders");
    const battle = opened.state as BattleStage;
    expect(at(battle)).toEqual({ id: "battles-1", name: "Land battles", sides: ["Germany", "Russia"].filter((n) => battle.requests.some((r) => r.chooser === n)), deadline: "decision", part: "land-battles" });
    expect(() => ruleset.resolve(battle, {}, null, "s", "orders")).toThrow(/state is at battles-1/);
    const next = ruleset.resolve(battle, {}, null, "s", "battles-1").state;
    if ("stage" in next) expect(ruleset.phaseOf!(next)).toBeGreaterThan(1);
    else expect(ruleset.phaseOf!(next)).toBe(0);
  });

  it("checks a battle batch as the services check a decision (R6.2, R6.3, R6.6, R6.7) and records it as the player's", () => {
    const { state, orders } = karelia();
    const battle = ruleset.resolve(state, orders, null, "s", "orders").state as BattleStage;
    const german = battle.requests.find((r) => r.chooser === "Germany" && r.kind === "casualties")!;
    if (german.kind !== "casualties") throw new Error("a casualty choice waits");
    const choice = (units: number[]) => ({ battle: german.battle, round: german.round, step: stepOf(german), decision: { kind: "casualties" as const, units } });
    expect(ruleset.validate(battle, "Germany", { choices: [choice(german.default)] })).toEqual({ ok: true });
    expect(ruleset.validate(battle, "Germany", { choices: [choice([])] })).toMatchObject({ ok: false, rule: "R6.6" });
    expect(ruleset.validate(battle, "Germany", { choices: [choice(german.default), choice(german.default)] })).toMatchObject({ ok: false, rule: "R6.3" });
    expect(ruleset.validate(battle, "Russia", { choices: [choice(german.default)] })).toMatchObject({ ok: false, rule: "R6.2" });
    expect(ruleset.validate(battle, "Germany", { choices: [{ ...choice(german.default), round: 9 }] })).toMatchObject({ ok: false, rule: "R6.3" });
    expect(ruleset.validate(battle, "Germany", [] as never)).toMatchObject({ ok: false });
    expect(ruleset.validate(battle, "Germany", { choices: [], prefer: { casualties: "keep-nothing", battles: [] } } as never)).toMatchObject({ ok: false, rule: "R6.9" });
    expect(ruleset.validate(battle, "Germany", { choices: [], prefer: { casualties: "default", battles: ["Nowhere"] } })).toMatchObject({ ok: false, rule: "R6.3" });
    // Germany answers, Russia's robot takes the default: the report names who chose.
    const other = german.candidates.map((c) => c.id).filter((id) => !german.default.includes(id));
    const units = other.length > 0 ? [...german.default.slice(0, -1), other.at(-1)!] : german.default;
    const batches = { Germany: { choices: [choice(units)] }, Russia: ruleset.robot(battle, "Russia", "r") };
    const after = ruleset.resolve(battle, batches, null, "s", "battles-1");
    const decisions = "stage" in after.state ? after.state.decisions : [];
    expect(decisions.filter((d: DecisionRecord) => d.round === german.round)).toEqual(
      battle.requests.map((r) => ({
        battle: r.battle,
        pass: "land",
        round: r.round,
        step: stepOf(r),
        team: r.team,
        decision: r === german ? { kind: "casualties", units } : defaultDecision(r),
        by: r === german ? "player" : "robot",
      })),
    );
  });

  it("lets a preference answer the rest of a battle without another phase for that nation", () => {
    const { state, orders } = karelia();
    const battle = ruleset.resolve(state, orders, null, "s", "orders").state as BattleStage;
    const prefer = { choices: [], prefer: { casualties: "keep-armour" as const, battles: ["Karelia S.S.R."] } };
    expect(ruleset.validate(battle, "Germany", prefer)).toEqual({ ok: true });
    const next = ruleset.resolve(battle, { Germany: prefer }, null, "s", "battles-1");
    // Only Germany reads its preference while Russia's choices wait.
    const waiting = next.state as BattleStage;
    expect(waiting.stage).toBe("battles");
    expect(at(waiting).sides).toEqual(["Russia"]);
    expect(JSON.stringify(ruleset.view(waiting, { kind: "side", side: "Germany" }))).toContain("keep-armour");
    for (const viewer of [{ kind: "side", side: "Russia" }, { kind: "spectator" }, { kind: "outsider" }] as const)
      expect(JSON.stringify(ruleset.view(waiting, viewer))).not.toContain("keep-armour");
    const done = playOn(next, () => "s");
    // Germany never acts again; each of its later requests took the preference's decision, as the player's.
    expect(done.visited.every((v) => v.stage !== "battles" || !at(v).sides.includes("Germany"))).toBe(true);
    const karelia1 = "victory" in done.report ? done.report.battles.find((b) => b.territory === "Karelia S.S.R.")! : undefined;
    const axis = karelia1!.rounds.flatMap((r) => r.choices.filter((c) => c.team === "Axis"));
    expect(axis.length).toBeGreaterThan(1);
    expect(axis.every((c) => c.by === "player" || c.by === "forced")).toBe(true);
    const first = battle.requests.find((r) => r.chooser === "Germany")!;
    expect(axis[0]!.units).toEqual((preferredDecision(first, "keep-armour") as { units: number[] }).units);
  });

  it("opens post-combat for air to land, checks landings (R7.1) and lands where the nation chose", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const orders = { Germany: [{ id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] }] };
    const stage = ruleset.resolve(state, orders, null, "s", "orders").state as PostCombatStage;
    expect(stage.stage).toBe("post-combat");
    expect(at(stage).sides).toContain("Germany");
    const fighter = stage.choices.air.find((a) => a.nation === "Germany")!;
    const chosen = fighter.destinations.find((d) => d.to !== "West Europe")!.to;
    const land = (to: string) => ({ landings: [{ type: "fighter" as const, count: 1, from: "West Spain Sea Zone", to }], aaMoves: [] });
    expect(ruleset.validate(stage, "Germany", land("Russia"))).toMatchObject({ ok: false, rule: "R7.1" });
    expect(ruleset.validate(stage, "Germany", land(chosen))).toEqual({ ok: true });
    expect(ruleset.validate(stage, "Japan", land(chosen))).toMatchObject({ ok: false, rule: "R7" });
    const end = ruleset.resolve(stage, { Germany: land(chosen) }, null, "s", "post-combat");
    expect("stage" in end.state).toBe(false);
    expect((end.state as GameState).units.some((u) => u.nation === "Germany" && u.type === "fighter" && u.at === chosen)).toBe(true);
    expect(ruleset.robot(stage, "Germany", "r")).toEqual({ landings: [], aaMoves: [] });
  });

  it("shows between phases what the web game shows: no orders, seeds, decision records or other nations' choices", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const orders = {
      Germany: [
        { id: "g1", units: { fighter: 1 }, from: "West Europe", path: ["West Spain Sea Zone"] },
        { id: "g2", type: "infantry", count: 1, destination: "Germany" },
      ],
    } as Record<string, Order[]>;
    const opened = ruleset.resolve(state, orders, null, "secret-seed", "orders");
    const stage = opened.state as PostCombatStage;
    for (const viewer of [{ kind: "side", side: "Japan" }, { kind: "spectator" }, { kind: "outsider" }] as const) {
      const shown = JSON.stringify(ruleset.view(stage, viewer));
      expect(shown).not.toContain("secret-seed");
      expect(shown).not.toContain('"g2"');
      expect(shown).not.toContain('"decisions"');
      expect(shown).not.toContain('"destinations"'); // Germany's post-combat choices are Germany's alone
      const report = JSON.stringify(ruleset.reportView(opened.report, viewer, state));
      expect(report).not.toContain('"g2"');
      expect(report).not.toContain("purchases");
    }
    expect(JSON.stringify(ruleset.view(stage, { kind: "side", side: "Germany" }))).toContain('"destinations"');
    expect(ruleset.result(stage)).toEqual({ over: false });
  });

  it("keeps low luck in the state of a game set up with it (R6.8)", () => {
    const setup = ruleset.setup("standard", { lowLuck: true }, "x");
    if (!setup.ok) throw new Error(setup.message);
    const { orders } = karelia();
    const viaState = playOn(ruleset.resolve(setup.state, orders, null, "s", "orders"), () => "s");
    const whole = ruleset.resolve(createState(DEFAULT_BOARD, DEFAULT_SETUP), orders, { lowLuck: true }, "s");
    const strip = (v: unknown) => JSON.stringify(v, (k, x: unknown) => (k === "lowLuck" ? undefined : x));
    expect(strip(viaState.report)).toBe(strip(whole.report));
    expect((viaState.state as GameState).lowLuck).toBe(true);
  });
});
