// The 1942 game's options (Ruleset.options): low luck (R6.8) and the house rules (R9), judged here so
// a challenge with a bad one is refused, naming it, before anything is stored.
import type { OptionInfo, Validation } from "../ruleset";
import type { HouseRules } from "./engine";

export interface Options1942 {
  houseRules?: HouseRules;
  /** R6.8 — kept in the state, so every phase of every turn resolves with it. */
  lowLuck?: boolean;
}

/** Each house rule (R9) as the lobby and a game's options line name it (a turn follows its words). */
export const HOUSE_RULE_WORDS: Readonly<Record<keyof HouseRules, string>> = {
  victoryCities: "victory cities",
  minorVictoryTurn: "minor victory after turn",
  vcInfantry: "infantry at victory cities",
  commerceRaiding: "commerce raiding",
};

export const OPTIONS_1942: readonly OptionInfo[] = [
  { id: "lowLuck", name: "Low luck", kind: "flag" },
  { id: "houseRules", name: "House rules", parts: HOUSE_RULE_WORDS },
];

/** Each house rule (R9) and whether a value is one it takes. */
const HOUSE_RULES: Record<keyof HouseRules, { what: string; ok: (v: unknown) => boolean }> = {
  victoryCities: { what: "true or false", ok: (v) => typeof v === "boolean" },
  minorVictoryTurn: { what: "a turn from 1 to 100", ok: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100 },
  vcInfantry: { what: "true or false", ok: (v) => typeof v === "boolean" },
  commerceRaiding: { what: "true or false", ok: (v) => typeof v === "boolean" },
};

const refused = (rule: string, message: string): Validation => ({ ok: false, rule, message });

export function checkOptions1942(options: Options1942 | undefined): Validation {
  const { lowLuck, houseRules } = (options ?? {}) as Record<string, unknown>;
  if (lowLuck !== undefined && typeof lowLuck !== "boolean") return refused("R6.8", "The option lowLuck is true or false (R6.8)");
  if (houseRules === undefined) return { ok: true };
  if (!houseRules || typeof houseRules !== "object" || Array.isArray(houseRules)) return refused("R9", "The option houseRules is a set of house rules (R9)");
  for (const [id, value] of Object.entries(houseRules)) {
    const rule = HOUSE_RULES[id as keyof HouseRules];
    if (!rule) return refused("R9", `houseRules has no rule "${id}": one of ${Object.keys(HOUSE_RULES).join(", ")} (R9)`);
    if (value !== undefined && !rule.ok(value)) return refused("R9", `houseRules.${id} is ${rule.what} (R9)`);
  }
  return { ok: true };
}
