// A Triple Alliance scenario file (for `npm run adjudicate`): set up a scenario, play the turns it
// lists, and return every turn's report, the result and the final state. A file error names one
// field; orders that break a rule are not file errors — the judge reports them (TA2.2).
import { playTurns } from "../shared/play-turns";
import { tripleAlliance as ta } from "./index";
import { SCENARIOS } from "./scenarios";
import type { Report, State } from "./types";

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
  const setup = ta.setup(input.scenario, { turnLimit: input.turnLimit as number | undefined }, input.seed);
  if (!setup.ok) return { ok: false, error: `scenario: ${setup.message}` };
  return playTurns(ta, setup.state, input.turns, input.seed) as { ok: true; output: ScenarioFileOutput } | { ok: false; error: string };
}
