// A game's own rules (Ruleset.options) as stored in `options.rules`: the one road every service takes to
// them. 1942 games created before their options moved there keep `lowLuck` and `houseRules` at the top
// of `options`; this reads those when `rules` is absent, so no stored game needs rewriting.
import type { GameOptions } from "../../../db/schema";

/** 1942's options as its services use them (server/rulesets/1942/options.ts judges them). */
export interface ClassicRules {
  lowLuck: boolean;
  houseRules?: NonNullable<GameOptions["houseRules"]>;
}

/** The game's ruleset options, as the challenge gave them and setup accepted them. */
export function gameRules(options: GameOptions): Record<string, unknown> {
  if (options.rules) return options.rules;
  return { ...(options.lowLuck !== undefined ? { lowLuck: options.lowLuck } : {}), ...(options.houseRules ? { houseRules: options.houseRules } : {}) };
}

/** A 1942 game's low luck and house rules, from its rules as gameRules reads them. */
export function classicRulesIn(rules: Record<string, unknown>): ClassicRules {
  const { lowLuck, houseRules } = rules as Partial<ClassicRules>;
  return { lowLuck: lowLuck === true, ...(houseRules ? { houseRules } : {}) };
}

/** A 1942 game's low luck and house rules. */
export function classicRules(options: GameOptions): ClassicRules {
  return classicRulesIn(gameRules(options));
}
