// An Interplanetary scenario file (for `npm run adjudicate`): set up a scenario, play the turns it
// lists, and return every turn's report, the result and the final state. A file error names one
// field; orders that break a rule are not file errors — the judge reports them (IP2.2).
import { playTurns } from "../shared/play-turns";
import { interplanetary as ip } from "./index";
import { SCENARIOS, type SetupOptions } from "./scenarios";
import type { Report, ScenarioId, State } from "./types";

export interface ScenarioFileOutput {
  ruleset: string;
  version: string;
  scenario: ScenarioId;
  reports: Report[];
  result: ReturnType<typeof ip.result>;
  state: State;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const KNOWN = ["ruleset", "scenario", "sides", "loadouts", "turnLimit", "seed", "turns"];

export function runScenarioFile(input: unknown): { ok: true; output: ScenarioFileOutput } | { ok: false; error: string } {
  if (!isObject(input)) return { ok: false, error: "(file): a scenario is a JSON object" };
  const unknown = Object.keys(input).find((k) => !KNOWN.includes(k));
  if (unknown) return { ok: false, error: `${unknown}: unknown field "${unknown}"` };
  if (input.ruleset !== ip.id) return { ok: false, error: `ruleset: expected "${ip.id}"` };
  if (!SCENARIOS.includes(input.scenario as ScenarioId)) return { ok: false, error: `scenario: one of ${SCENARIOS.join(", ")}` };
  if (!Array.isArray(input.sides) || !input.sides.every((s) => typeof s === "string")) return { ok: false, error: "sides: a list of side names" };
  if (typeof input.seed !== "string") return { ok: false, error: "seed: a string" };
  if (input.turnLimit !== undefined && !(Number.isInteger(input.turnLimit) && (input.turnLimit as number) > 0)) return { ok: false, error: "turnLimit: a positive whole number" };
  if (input.loadouts !== undefined && !isObject(input.loadouts)) return { ok: false, error: "loadouts: an object by side" };
  const options = { sides: input.sides, loadouts: input.loadouts, turnLimit: input.turnLimit } as SetupOptions;
  const setup = ip.setup(input.scenario as ScenarioId, options, input.seed);
  if (!setup.ok) return { ok: false, error: `sides: ${setup.message}` };
  return playTurns(ip, setup.state, input.turns, input.seed) as { ok: true; output: ScenarioFileOutput } | { ok: false; error: string };
}
