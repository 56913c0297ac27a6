// A small ruleset of two phases a turn for platform tests (registered by the tests that use it, never
// by the app): in "whisper" every side whispers; in "answer" only the first side acts (the others
// wait) and answers. Each phase's report keeps what each side heard, which only that side may read
// (reportView), with a mark drawn from the phase's seed (so a replay with another seed differs). A
// first side whose whisper is "skip" leaves the answer phase with nobody to act: it closes at once.
// The game ends after turn 3. Pure, as every ruleset. `decidingRelay` is the same game with its answer
// phase one of decisions (PhaseInfo.deadline "decision") and one option, how many turns it lasts.
import { registerRuleset, type PhaseInfo, type Ruleset, type Viewer } from "../../server/rulesets";

export interface RelayState {
  turn: number;
  /** 0: whisper, 1: answer (ruleset.phaseOf). */
  step: 0 | 1;
  sides: string[];
  /** Nobody answers this turn (the first side whispered "skip"). */
  silent: boolean;
  /** The game's last turn (decidingRelay's option "turns"); absent: LAST_TURN. */
  lastTurn?: number;
}
export type RelayOrders = { say: string };
export interface RelayReport {
  turn: number;
  phase: string;
  /** What each side heard in this phase: secret to that side. */
  heard: Record<string, string>;
}

export const LAST_TURN = 3;

/** What `side` hears in a phase: a marker no other role may read, with a mark of the phase's seed. */
export const heardIn = (side: string, turn: number, phase: string, seed: string) => `relay-for-${side}-in-${turn}-${phase}-${seed.slice(0, 6)}`;

const lastTurnOf = (state: RelayState) => state.lastTurn ?? LAST_TURN;

function phasesOf(state: RelayState): PhaseInfo[] {
  if (state.turn > lastTurnOf(state)) return [];
  return [
    { id: "whisper", name: "Whisper", sides: state.sides, part: "whisper" },
    { id: "answer", name: "Answer", sides: state.silent ? [] : state.sides.slice(0, 1), part: "answer" },
  ];
}

export const relay: Ruleset<RelayState, RelayOrders, RelayReport, string, { sides: string[] }, null, RelayState> = {
  id: "relay",
  name: "Relay",
  version: "1.0.0",
  scenarios: [{ id: "room", name: "A room", sides: ["a", "b"], minSides: 2 }],
  setup: (scenario, options) =>
    scenario === "room" ? { ok: true, state: { turn: 1, step: 0, sides: options.sides, silent: false } } : { ok: false, rule: "RL1", message: "unknown scenario" },
  phases: phasesOf,
  phaseOf: (state) => state.step,
  // Every turn has both phases (the answer's may have nobody to act): a plan the frame counts.
  turnPlan: [
    { id: "whisper", name: "Whisper" },
    { id: "answer", name: "Answer" },
  ],
  validate: (_state, _side, orders) => (orders && typeof orders.say === "string" ? { ok: true } : { ok: false, rule: "RL2", message: "say something (RL2)" }),
  resolve(state, ordersBySide, _decisions, seed, phase) {
    // The platform tells the phase it resolves; another than the state's is a broken platform.
    const id = phasesOf(state)[state.step]?.id;
    if (!id || phase !== id) throw new Error(`resolve told ${phase}, the state is at ${state.step}`);
    const heard = Object.fromEntries(Object.keys(ordersBySide).map((s) => [s, heardIn(s, state.turn, id, seed)]));
    const report = { turn: state.turn, phase: id, heard };
    if (state.step === 0) return { state: { ...state, step: 1, silent: ordersBySide[state.sides[0]!]?.say === "skip" }, report };
    return { state: { ...state, turn: state.turn + 1, step: 0, silent: false }, report };
  },
  view: (state) => state,
  reportView: (report, viewer: Viewer) => ({
    turn: report.turn,
    phase: report.phase,
    heard: viewer.kind === "side" && report.heard[viewer.side] ? { [viewer.side]: report.heard[viewer.side] } : {},
  }),
  result: (state) => (state.turn > lastTurnOf(state) ? { over: true, winners: [], draw: true, reason: "every turn relayed" } : { over: false }),
  robot: () => ({ say: "beep" }),
};

export type DecidingOptions = { sides: string[]; turns?: unknown };

export const decidingRelay: Ruleset<RelayState, RelayOrders, RelayReport, string, DecidingOptions, null, RelayState> = {
  ...relay,
  id: "relay-decide",
  name: "Deciding relay",
  options: [{ id: "turns", name: "Turns", kind: "count" }],
  setup(scenario, options) {
    const turns = options.turns ?? LAST_TURN;
    if (!Number.isInteger(turns) || (turns as number) < 1 || (turns as number) > 9) return { ok: false, rule: "RL3", message: "The option turns is a whole number from 1 to 9 (RL3)" };
    const setup = relay.setup(scenario, options, "");
    return setup.ok ? { ok: true, state: { ...setup.state, lastTurn: turns as number } } : setup;
  },
  phases: (state) => phasesOf(state).map((p) => (p.id === "answer" ? { ...p, deadline: "decision" as const } : p)),
};

export function registerRelay(): void {
  registerRuleset(relay);
  registerRuleset(decidingRelay);
}
