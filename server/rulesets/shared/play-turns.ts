// The turns of a scenario file, played through any ruleset: each turn's orders by side (or "robot"
// for the ruleset's own robot), resolved at once, until the game ends. Shared by every ruleset's
// scenario-file reader (`npm run adjudicate`), so the file's turn format is one for all games.
import type { AnyRuleset } from "../ruleset";

interface Playable {
  sides: string[];
  ended?: unknown;
  scenario: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export type PlayedTurns = { ok: true; output: Record<string, unknown> } | { ok: false; error: string };

export function playTurns(ruleset: AnyRuleset, start: Playable, turns: unknown, seed: string): PlayedTurns {
  const list = turns ?? [];
  if (!Array.isArray(list)) return { ok: false, error: "turns: a list of orders by side" };
  let state = start;
  const reports: unknown[] = [];
  for (const [i, turn] of list.entries()) {
    if (!isObject(turn)) return { ok: false, error: `turns[${i}]: orders by side` };
    const orders: Record<string, unknown> = {};
    for (const [side, o] of Object.entries(turn)) {
      if (!state.sides.includes(side)) return { ok: false, error: `turns[${i}].${side}: not a side of this game` };
      // "robot": the side's orders come from the ruleset's robot.
      if (o === "robot") orders[side] = ruleset.robot(state, side, `${seed}:robot:${i}`);
      else if (isObject(o)) orders[side] = o;
      else return { ok: false, error: `turns[${i}].${side}: an orders object or "robot"` };
    }
    if (state.ended) break;
    const r = ruleset.resolve(state, orders, null, `${seed}:${i}`);
    state = r.state;
    reports.push(r.report);
  }
  return { ok: true, output: { ruleset: ruleset.id, version: ruleset.version, scenario: state.scenario, reports, result: ruleset.result(state), state } };
}
