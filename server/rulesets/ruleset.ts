// The one interface every game's rules implement (STYLE.md "Many games on one judge").
// Batch-shaped for simultaneous play: in each phase of a turn several sides act at once; each saves
// a batch of orders, the judge resolves every side's batch together. A ruleset is pure: no clock,
// no unseeded randomness, no env, no I/O — the same state, orders, decisions and seed give the same result.

/** Illegal input is a value naming the broken rule, never an exception. */
export type Validation = { ok: true } | { ok: false; rule: string; message: string };

/**
 * One question a side's screen may ask its game's rules (Ruleset.queries). The question comes from the
 * network as unknown JSON (its texts already held to the platform's text policy): `check` says whether
 * it is one this query reads — the question as `answer` takes it, or what is wrong with it, naming the
 * field — so a bad shape is the asker's mistake (a 400), never a crash in the rules. Both pure.
 */
export interface Query<State, Question> {
  check(raw: unknown): { ok: true; question: Question } | { ok: false; message: string };
  answer(state: State | undefined, side: string, question: Question): unknown;
}

/** Who is looking: a seated side, a spectator (sees what is public) or an outsider (sees a summary). */
export type Viewer = { kind: "side"; side: string } | { kind: "spectator" } | { kind: "outsider" };

/**
 * One phase of a turn and the sides that must act in it (several at once: simultaneous play). A side
 * left out waits while the others act; a phase nobody must act in closes as soon as it opens.
 */
export interface PhaseInfo {
  id: string;
  /** As players read it ("Battles"); shown when a turn has more than one phase. Default: the id. */
  name?: string;
  sides: string[];
  /**
   * Which of the game's deadlines the phase takes: "orders" (the default: the game's orders hours, with
   * its excuses, vacations and missed-deadline count) or "decision" (a phase of choices inside a turn,
   * such as battles: the game's decision hours; a side that misses it takes the default, nothing more).
   */
  deadline?: "orders" | "decision";
  /**
   * The part of the turn's plan (Ruleset.turnPlan) this phase plays, by its id: what the frame counts
   * ("phase 2 of 4"). Only the current phase's is read.
   */
  part?: string;
}

/** One part of every turn (Ruleset.turnPlan), in the order a turn plays them. */
export interface TurnPart {
  id: string;
  /** As players read it ("Sea battles"). */
  name: string;
}

/** A game option a ruleset takes (a variant, a house rule), given when the game is created. */
export interface OptionInfo {
  /** The option's key in the challenge's `rules` and in what `setup` gets ("lowLuck"). */
  id: string;
  /** As players read it ("Low luck"). */
  name: string;
  /**
   * How the lobby's challenge form sets it: on or off ("flag"), or a whole number of at least 1
   * ("count": left empty, the scenario's own). Without a kind the form does not offer it (a game's own
   * form or the API sets it). `setup` judges the value either way.
   */
  kind?: "flag" | "count";
  /**
   * An option made of several settings (1942's house rules): each setting's words as the lobby writes
   * them ("victory cities"); a number set follows its words ("minor victory after turn 5"). Without
   * them the option is named whole when any of its settings is set.
   */
  parts?: Readonly<Record<string, string>>;
}

/**
 * How a game ended: winners (several share a win), a draw, or still running. `winners` names sides,
 * or whole teams by their name (1942 says "Axis"); the platform reads each as its team (teamOfSide).
 */
export type GameResult =
  | { over: false }
  | { over: true; winners: string[]; draw: boolean; reason: string };

export interface Resolution<State, Report> {
  state: State;
  report: Report;
}

/**
 * A whole turn as one stored row holds it: the row of a ruleset whose own services store a turn in
 * one row, the decisions taken while it resolved recorded beside its orders. What `replayTurn` gets.
 */
export interface StoredTurn<State, Orders, Options> {
  /** The state the turn started from. */
  start: State;
  /** Every side's orders as the turn resolved them. */
  ordersBySide: Record<string, Orders>;
  /**
   * What the row recorded while the turn resolved, as the row holds it: `decisions`, the decisions the
   * sides (or their deadlines' defaults) took, and `stage`, the record of the turn's last stage of
   * choices. Either may be null. The ruleset reads them; the platform passes them as they are.
   */
  recorded: { decisions: unknown; stage: unknown };
  /** The turn's seed (revealed once it resolved). */
  seed: string;
  /** The game's options, as `setup` took them. */
  options: Options;
}

/** A stored row of a whole turn, as `importWholeTurns` reads it (in turn order). */
export interface WholeTurnRow {
  turn: number;
  /** "open" (orders are being given), "resolved", or a stage of the turn still being played. */
  status: string;
  start: unknown;
  /** Every side's orders as resolved; null while the turn is open. */
  ordersBySide: Record<string, unknown> | null;
  recorded: { decisions: unknown; stage: unknown };
  seed: string;
  report: unknown;
  /** The version of the rules that judged the row, as the row holds it. */
  version: string;
}

/** A game stored as whole turns: what `importWholeTurns` needs of it. */
export interface WholeTurnGame<Options> {
  options: Options;
  rows: WholeTurnRow[];
  /** The open turn's saved orders: each side's rows, in their listing order. */
  saved: Record<string, unknown[]>;
  /** Each side's standing setting as the whole-turn services kept it (1942: a casualty preference). */
  settings: Record<string, unknown>;
}

/** One row of a game played a phase at a time, made from the whole-turn row `from` (index into `rows`). */
export interface ImportedPhase<State, Orders, Report> {
  from: number;
  turn: number;
  step: number;
  status: "open" | "resolved";
  start: State;
  ordersBySide: Record<string, Orders> | null;
  report: Report | null;
  /** As the phased rows stamp it: "<ruleset> <version of the rules that judged it>". */
  version: string;
}

export type WholeTurnImport<State, Orders, Report> =
  | {
      ok: true;
      scenario: string;
      phases: ImportedPhase<State, Orders, Report>[];
      /** The open phase's saved batch of each side that saved orders. */
      saved: Record<string, Orders>;
      /** Each side's standing settings (Ruleset.standing), checked. */
      standings: Record<string, unknown>;
    }
  | { ok: false; reason: string };

/** Sides that play together: they win or lose as one (1942's Axis and Allies). */
export interface TeamInfo {
  /** As players read it, and as a rating records it ("Axis"). */
  name: string;
  sides: readonly string[];
}

/**
 * A scenario the lobby offers: the sides it can seat, in seating order, and how many must be seated
 * (the platform seats the first N sides for N between minSides and sides.length).
 */
export interface ScenarioInfo {
  id: string;
  name: string;
  sides: readonly string[];
  minSides: number;
  /**
   * The scenario's teams, each side in exactly one. Omitted: every side is its own team, named as
   * the side (a free-for-all). Read through `teamsOf`, which gives that meaning.
   */
  teams?: readonly TeamInfo[];
}

/** A scenario's teams: its own, or one team per side (free-for-all) when it declares none. */
export function teamsOf(scenario: ScenarioInfo): readonly TeamInfo[] {
  return scenario.teams ?? scenario.sides.map((side) => ({ name: side, sides: [side] }));
}

/** The name of a side's team in a scenario; a side of no declared team plays for itself. */
export function teamOfSide(scenario: ScenarioInfo, side: string): string {
  return teamsOf(scenario).find((t) => t.sides.includes(side))?.name ?? side;
}

export interface Ruleset<State, Orders, Report, Scenario = unknown, Options = unknown, Decisions = unknown, View = unknown> {
  /** Stable id stored with every game (`"1942"`, `"interplanetary"`). */
  readonly id: string;
  /** The game's name as the lobby shows it. */
  readonly name: string;
  /** Semantic version of the rules, stored with each game so a replay uses the code that judged it. */
  readonly version: string;
  /** The scenarios a new game may start from. */
  readonly scenarios: readonly ScenarioInfo[];
  /**
   * The options a game may be created with (none when left out). The platform refuses any other name;
   * `setup` judges the values and refuses a bad one naming it, so a challenge with it is never stored.
   */
  readonly options?: readonly OptionInfo[];
  /**
   * A new game's state for a scenario, its options (seats, variants) and a seed for any setup dice.
   * The platform passes the game's options (those of `options` the challenge gave, as given) and
   * `sides` (the seated sides, in the scenario's order).
   */
  setup(scenario: Scenario, options: Options, seed: string): { ok: true; state: State } | { ok: false; rule: string; message: string };
  /**
   * The phases of the turn `state` is in, in the order they are played, and who acts in each (the
   * phases already played may stay listed: only the current one's sides count). Empty: nothing left
   * to play.
   */
  phases(state: State): PhaseInfo[];
  /**
   * Which of `phases(state)` the state is at (its index). Omitted by a ruleset of one phase a turn
   * (always 0). A turn of several phases: resolving phase i gives the state of a later phase of the
   * same turn (index > i), or the next turn's start (index 0) — the state says which, so a turn may
   * have a different number of phases from the last.
   */
  phaseOf?(state: State): number;
  /**
   * Optional, for a turn of several phases that opens them as they arise (1942 opens a battles phase
   * each time its combat waits for a choice): the parts every turn has, in order, the same from the
   * first turn to the last, each phase naming its part (PhaseInfo.part). The frame then says which part
   * of how many the turn is at, a count that never changes during a turn; a part with nothing to do is
   * passed over. Without it the frame names the phase in play and its number, never a total, since
   * `phases` may list only the phases known so far.
   */
  readonly turnPlan?: readonly TurnPart[];
  /** Whether one side's batch of orders is legal in this state. */
  validate(state: State, side: string, orders: Orders): Validation;
  /**
   * Resolves the current phase: every acting side's batch at once. A side missing from `ordersBySide`
   * gave no orders. `phase` is the id of the phase resolved (`phases(state)[phaseOf(state)]`), for a
   * ruleset that resolves each phase of a turn its own way (the platform always passes it; callers
   * of a ruleset of one phase a turn, such as its own tests, may leave it out).
   */
  resolve(state: State, ordersBySide: Record<string, Orders>, decisions: Decisions, seed: string, phase?: string): Resolution<State, Report>;
  /** The only road out of a state: hidden information filtered for this viewer. */
  view(state: State, viewer: Viewer): View;
  /**
   * A resolved turn's report as this viewer may see it — the only road out of a report (history,
   * review, download, the API). `state` is the state the turn started from. A ruleset whose reports
   * hide nothing returns the report as it is (`publicReport`).
   */
  reportView(report: Report, viewer: Viewer, state: State): unknown;
  /**
   * Optional: when a resolved phase's batches become every viewer's to read (the history, the download).
   * "phase", the default: as soon as that phase resolves. "turn": once the turn's last phase has — for
   * a game whose later phases inside a turn must not learn the earlier phases' orders (1942: orders are
   * secret until the turn resolves, R3, and purchases are placed only at its end, R8). The turn's
   * review shows nothing of a turn before its last phase resolves either way.
   */
  ordersShown?: "phase" | "turn";
  /**
   * Optional, for a ruleset under fog of war: a complete state built only from what this side may see
   * (its view); whatever the view hides is filled with the ruleset's stated assumptions, never read
   * from the state. A sandbox opened by this side's player starts from it, so its owner, who plays
   * every side there, learns nothing the real game hid. Without it no sandbox opens from a position
   * where the sides' views differ.
   */
  knownState?(state: State, side: string): State;
  /**
   * Optional, for a turn of several phases: the report of the whole turn, from its phases' reports in
   * the order they resolved (the first phase's first). What the turn's review tells and prices the luck
   * of, as a ruleset of one phase a turn reports a turn. Pure; the platform calls it only once every
   * phase of the turn resolved and shows the answer only through `reportView` (with the turn's start).
   * Without it a review of a turn of several phases gives its first phase's report, and no luck.
   */
  turnReport?(reports: readonly Report[]): Report;
  /**
   * Optional: each side's luck over a resolved turn, for the turn's review — how the dice that fell
   * compare with what the sides could expect before them, priced from what every player may see once
   * the turn resolved: `start`, the state the turn started from, every side's orders as resolved, and
   * the turn's report, and the game's options (as `setup` took them). The platform keeps what it returns as it is (one entry per side, in the
   * ruleset's order) and never reads it; without it a review shows no luck.
   */
  turnLuck?(start: State, ordersBySide: Record<string, Orders>, report: Report, options: Options): unknown[];
  /**
   * Optional: questions a side's screen asks of the state it gives orders in, so the screen shows what
   * the rules allow instead of guessing them (1942: where a group may move, where a bought unit may be
   * placed), by name. Each checks the question's shape itself (it arrives as any JSON) and is answered
   * from the open phase's state (undefined when no phase is open), the side asking, and the question.
   * An answer may use only what `view(state, side)` shows that side: the platform gives it to that
   * side's player as it is.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly queries?: Readonly<Record<string, Query<State, any>>>;
  /**
   * Optional, for a ruleset whose own services store a whole turn in one row (docs/platform.md): the
   * turn replayed from that row alone — its next state and report, the decisions it recorded taken as
   * recorded, the rest as `resolve` takes a missing one. Pure, like `resolve`: the same row gives the
   * same result. verify checks such a row with it, and a review finds the last turn's end with it.
   */
  replayTurn?(turn: StoredTurn<State, Orders, Options>): Resolution<State, Report>;
  /**
   * Optional, for a ruleset whose own services stored whole turns: such a game rewritten as the rows
   * a game played a phase at a time holds (docs/platform.md, "Classic 1942 games become phased
   * games"). Pure: the stored rows in, the phased rows out, or a refusal saying why the game cannot
   * be carried over as it stands (it is then left as it is).
   */
  importWholeTurns?(game: WholeTurnGame<Options>): WholeTurnImport<State, Orders, Report>;
  /**
   * Optional: a side's standing settings, kept from turn to turn until its player changes them (1942:
   * its casualty order, R6.9). The platform stores what `check` accepted, shows it to that side's
   * player alone, and never reads it; the ruleset applies it in its own pure code when a phase closes
   * (by the last lock or at the deadline), before `resolve`.
   */
  standing?: Standing<State, Orders>;
  result(state: State): GameResult;
  /** Legal, sensible orders for a side nobody plays. */
  robot(state: State, side: string, seed: string): Orders;
}

/** A side's standing settings (Ruleset.standing): their check, and how they shape the side's batch. */
export interface Standing<State, Orders> {
  /** Whether `value` is a standing setting `side` may keep; a refusal names the problem. */
  check(value: unknown, side: string): Validation;
  /**
   * The batch `side` resolves the phase `state` is at with, its standing settings `value` (as `check`
   * accepted them) applied to the batch it saved (undefined: it saved none); undefined gives no batch.
   * Pure. What it returns is stored as the batch used (the replay and verify read it from there), so
   * it must be a batch `validate` accepts.
   */
  apply(state: State, side: string, value: unknown, batch: Orders | undefined): Orders | undefined;
}

/** reportView for a ruleset whose reports hold nothing secret once the turn resolves. */
export const publicReport = <Report>(report: Report): Report => report;

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
