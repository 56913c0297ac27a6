// The one interface every game's rules implement (STYLE.md "Many games on one judge").
// Batch-shaped for simultaneous play: in each phase of a turn several sides act at once; each saves
// a batch of orders, the judge resolves every side's batch together. A ruleset is pure: no clock,
// no unseeded randomness, no env, no I/O — the same state, orders, decisions and seed give the same result.

/** Illegal input is a value naming the broken rule, never an exception. */
export type Validation = { ok: true } | { ok: false; rule: string; message: string };

/** Who is looking: a seated side, a spectator (sees what is public) or an outsider (sees a summary). */
export type Viewer = { kind: "side"; side: string } | { kind: "spectator" } | { kind: "outsider" };

/** One phase of a turn and the sides that must act in it (several at once: simultaneous play). */
export interface PhaseInfo {
  id: string;
  sides: string[];
}

/** How a game ended: winners (several share a win), a draw, or still running. */
export type GameResult =
  | { over: false }
  | { over: true; winners: string[]; draw: boolean; reason: string };

export interface Resolution<State, Report> {
  state: State;
  report: Report;
}

export interface Ruleset<State, Orders, Report, Scenario = unknown, Options = unknown, Decisions = unknown, View = unknown> {
  /** Stable id stored with every game (`"1942"`, `"interplanetary"`). */
  readonly id: string;
  /** Semantic version of the rules, stored with each game so a replay uses the code that judged it. */
  readonly version: string;
  /** A new game's state for a scenario, its options (seats, variants) and a seed for any setup dice. */
  setup(scenario: Scenario, options: Options, seed: string): { ok: true; state: State } | { ok: false; rule: string; message: string };
  /** The phases of the current turn and who acts in each. */
  phases(state: State): PhaseInfo[];
  /** Whether one side's batch of orders is legal in this state. */
  validate(state: State, side: string, orders: Orders): Validation;
  /** Resolves every side's batch at once. A side missing from `ordersBySide` gave no orders. */
  resolve(state: State, ordersBySide: Record<string, Orders>, decisions: Decisions, seed: string): Resolution<State, Report>;
  /** The only road out of a state: hidden information filtered for this viewer. */
  view(state: State, viewer: Viewer): View;
  result(state: State): GameResult;
  /** Legal, sensible orders for a side nobody plays. */
  robot(state: State, side: string, seed: string): Orders;
}

// Registry: the platform looks a ruleset up by the id stored with a game.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any, any, any>;

const registry = new Map<string, AnyRuleset>();

export function registerRuleset(ruleset: AnyRuleset): void {
  const known = registry.get(ruleset.id);
  if (known && known !== ruleset) throw new Error(`ruleset ${ruleset.id} is already registered`);
  registry.set(ruleset.id, ruleset);
}

export function getRuleset(id: string): AnyRuleset | undefined {
  return registry.get(id);
}

export function rulesetIds(): string[] {
  return [...registry.keys()].sort();
}
