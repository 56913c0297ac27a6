// A Triple Alliance scenario file (for `npm run adjudicate`): set up a scenario, play the turns it
// lists, and return every turn's report, the result and the final state. A file error names one
// field; orders that break a rule are not file errors — the judge reports them (TA2.2).
import { tripleAlliance as ta } from "./index";
import { SCENARIOS } from "./scenarios";
import type { Orders, Report, State } from "./types";

export interface ScenarioFileOutput {
  ruleset: string;
  version: string;
  scenario: string;
  reports: Report[];
  result: ReturnType<typeof ta.result>;
  state: State;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const KNOWN = ["ruleset", "scenario", "turnLimit", "seed", "turns"];

export function runScenarioFile(input: unknown): { ok: true; output: ScenarioFileOutput } | { ok: false; error: string } {
  if (!isObject(input)) return { ok: false, error: "(file): a scenario is a JSON object" };
  const unknown = Object.keys(input).find((k) => !KNOWN.includes(k));
  if (unknown) return { ok: false, error: `${unknown}: unknown field "${unknown}"` };
  if (input.ruleset !== ta.id) return { ok: false, error: `ruleset: expected "${ta.id}"` };
  if (typeof input.scenario !== "string" || !SCENARIOS.includes(input.scenario)) return { ok: false, error: `scenario: one of ${SCENARIOS.join(", ")}` };
  if (typeof input.seed !== "string") return { ok: false, error: "seed: a string" };
  if (input.turnLimit !== undefined && !(Number.isInteger(input.turnLimit) && (input.turnLimit as number) > 0)) return { ok: false, error: "turnLimit: a positive whole number" };
  const turns = input.turns ?? [];
  if (!Array.isArray(turns)) return { ok: false, error: "turns: a list of orders by side" };
  const setup = ta.setup(input.scenario, { turnLimit: input.turnLimit as number | undefined }, input.seed);
  if (!setup.ok) return { ok: false, error: `scenario: ${setup.message}` };
  let state = setup.state;
  const reports: Report[] = [];
  for (const [i, turn] of turns.entries()) {
    if (!isObject(turn)) return { ok: false, error: `turns[${i}]: orders by side` };
    const orders: Record<string, Orders> = {};
    for (const [side, o] of Object.entries(turn)) {
      if (!state.sides.includes(side)) return { ok: false, error: `turns[${i}].${side}: not a side of this game` };
      // "robot": the side's orders come from the ruleset's robot (TA12.1).
      if (o === "robot") orders[side] = ta.robot(state, side, `${input.seed}:robot:${i}`);
      else if (isObject(o)) orders[side] = o as Orders;
      else return { ok: false, error: `turns[${i}].${side}: an orders object or "robot"` };
    }
    if (state.ended) break;
    const r = ta.resolve(state, orders, null, `${input.seed}:${i}`);
    state = r.state;
    reports.push(r.report);
  }
  return { ok: true, output: { ruleset: ta.id, version: ta.version, scenario: state.scenario, reports, result: ta.result(state), state } };
}
