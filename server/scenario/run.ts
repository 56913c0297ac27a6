// Run one scenario's combat phase with the default decisions (RULES.md Appendix A).
import { resolveCombatPhase } from "../rulesets/1942/engine/combat-phase";
import { resolveTurn } from "../rulesets/1942/engine/turn";
import type { CombatReport } from "../rulesets/1942/engine/report";
import { createState } from "../rulesets/1942/engine/state";
import { parseScenario, parseScenarioText, type Scenario } from "./parse";

export type ScenarioResult = { ok: true; report: CombatReport } | { ok: false; error: string };

export function runParsedScenario(s: Scenario): CombatReport {
  const created = createState(s.board, { units: s.units, treasury: s.treasury }, s.houseRules);
  const state = s.turn !== undefined ? { ...created, turn: s.turn } : created;
  if (s.until === "turn") return resolveTurn({ state, orders: s.orders, seed: s.seed, lowLuck: s.lowLuck }, { landings: s.landings, aaMoves: s.aaMoves }).report;
  return resolveCombatPhase({ state, orders: s.orders, seed: s.seed, lowLuck: s.lowLuck, until: s.until }).report;
}

export function runScenario(input: unknown): ScenarioResult {
  const parsed = parseScenario(input);
  return parsed.ok ? { ok: true, report: runParsedScenario(parsed.scenario) } : parsed;
}

export function runScenarioText(text: string): ScenarioResult {
  const parsed = parseScenarioText(text);
  return parsed.ok ? { ok: true, report: runParsedScenario(parsed.scenario) } : parsed;
}
