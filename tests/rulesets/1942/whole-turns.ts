// The conformance cases that play a whole 1942 turn, and each case's scenario with its start state:
// what the adapter's tests play through the ruleset and hold to the engine's own results.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createState } from "../../../server/rulesets/1942/engine";
import { parseScenario } from "../../../server/scenario/parse";

const dir = join(dirname(fileURLToPath(import.meta.url)), "../../conformance/cases");

export const wholeTurns = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), "utf8")) as { scenario: { until: string }; expect: unknown }) }))
  .filter((c) => c.scenario.until === "turn");

/** A case's parsed scenario and the state its turn starts from. */
export function caseStart(c: (typeof wholeTurns)[number]) {
  const parsed = parseScenario(c.scenario);
  if (!parsed.ok) throw new Error(parsed.error);
  const s = parsed.scenario;
  const created = createState(s.board, { units: s.units, treasury: s.treasury }, s.houseRules);
  return { s, state: s.turn !== undefined ? { ...created, turn: s.turn } : created };
}
