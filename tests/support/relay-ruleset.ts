// A small ruleset of two phases a turn for platform tests (registered by the tests that use it, never
// by the app): in "whisper" every side whispers; in "answer" only the first side acts (the others
// wait) and answers. Each phase's report keeps what each side heard, which only that side may read
// (reportView), with a mark drawn from the phase's seed (so a replay with another seed differs). A
// first side whose whisper is "skip" leaves the answer phase with nobody to act: it closes at once.
// The game ends after turn 3. Pure, as every ruleset.
import { registerRuleset, type PhaseInfo, type Ruleset, type Viewer } from "../../server/rulesets";

export interface RelayState {
  turn: number;
  /** 0: whisper, 1: answer (ruleset.phaseOf). */
  step: 0 | 1;
  sides: string[];
  /** Nobody answers this turn (the first side whispered "skip"). */
  silent: boolean;
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

function phasesOf(state: RelayState): PhaseInfo[] {
  if (state.turn > LAST_TURN) return [];
  return [
    { id: "whisper", name: "Whisper", sides: state.sides },
    { id: "answer", name: "Answer", sides: state.silent ? [] : state.sides.slice(0, 1) },
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
  result: (state) => (state.turn > LAST_TURN ? { over: true, winners: [], draw: true, reason: "three turns relayed" } : { over: false }),
  robot: () => ({ say: "beep" }),
};

export function registerRelay(): void {
  registerRuleset(relay);
}
