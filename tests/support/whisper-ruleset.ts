// A small ruleset for platform tests (registered by the tests that use it, never by the app): each
// side whispers; the report keeps what each side heard, which only that side may read (reportView);
// a side that says "quit" is out and has nothing to order from then on (phases names only the others).
// The game ends after turn 4. Pure, as every ruleset.
import { registerRuleset, type Ruleset, type Viewer } from "../../server/rulesets";

export interface WhisperState {
  turn: number;
  sides: string[];
  out: string[];
}
export type WhisperOrders = { say: string };
export interface WhisperReport {
  turn: number;
  /** What each side heard this turn: secret to that side. */
  heard: Record<string, string>;
}

/** What `side` hears in `turn`: a marker no other role may read. */
export const heardBy = (side: string, turn: number) => `whisper-for-${side}-in-turn-${turn}`;

export const whisper: Ruleset<WhisperState, WhisperOrders, WhisperReport, string, { sides: string[] }, null, WhisperState> = {
  id: "whisper",
  name: "Whisper",
  version: "1.0.0",
  scenarios: [{ id: "room", name: "A room", sides: ["a", "b"], minSides: 2 }],
  setup: (scenario, options) => (scenario === "room" ? { ok: true, state: { turn: 1, sides: options.sides, out: [] } } : { ok: false, rule: "W1", message: "unknown scenario" }),
  phases: (state) => (state.turn > 4 ? [] : [{ id: "whisper", sides: state.sides.filter((s) => !state.out.includes(s)) }]),
  validate: (_state, _side, orders) => (orders && typeof orders.say === "string" ? { ok: true } : { ok: false, rule: "W2", message: "say something (W2)" }),
  resolve(state, ordersBySide) {
    const quit = Object.entries(ordersBySide).flatMap(([side, o]) => (o.say === "quit" ? [side] : []));
    const heard = Object.fromEntries(state.sides.map((s) => [s, heardBy(s, state.turn)]));
    return { state: { ...state, turn: state.turn + 1, out: [...new Set([...state.out, ...quit])].sort() }, report: { turn: state.turn, heard } };
  },
  view: (state) => state,
  reportView: (report, viewer: Viewer) => ({ turn: report.turn, heard: viewer.kind === "side" && report.heard[viewer.side] ? { [viewer.side]: report.heard[viewer.side] } : {} }),
  result: (state) => (state.turn > 4 ? { over: true, winners: [], draw: true, reason: "four turns whispered" } : { over: false }),
  robot: () => ({ say: "beep" }),
};

export function registerWhisper(): void {
  registerRuleset(whisper);
}
