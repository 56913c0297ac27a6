// The calculator's URL (documented in docs/odds.md): a battle as a query string, so any screen can
// link to the calculator with the forces of a territory filled in.
//
//   /calculator?a.Germany=infantry:3,armour:1&a.Japan=fighter:1&d.Russia=infantry:3,aaGun:1
//     &sea=1&lowLuck=1&aa=1&bombard=2
//     &a.keepLast=fighter,bomber&a.keepLand=1&a.withdrawAirAfter=2&a.withdrawAirBelow=0.4&d.submergeAfter=1
//
// `a.` is the attacker, `d.` the defender; a nation's units are type:count pairs. What does not
// parse is left out, and the whole is checked by the odds file's own reader.
import type { OddsInput, SideChoices } from "@/server/rulesets/1942/engine/odds";
import { NATIONS, type Nation, type UnitCounts, type UnitType } from "@/server/rulesets/1942/engine/types";
import { CHOICE_NUMBERS, oddsQuery } from "./to-query";
import { parseOddsInput } from "@/server/scenario/odds-input";

export { oddsQuery };

/** Read a battle from a query string: the parts that parse; `error` names the first field that did not check. */
export function oddsFromQuery(params: URLSearchParams): { input: OddsInput; error?: string } {
  const side = (prefix: string) => {
    const forces: Partial<Record<Nation, UnitCounts>> = {};
    const choices: SideChoices = {};
    for (const [key, value] of params) {
      if (!key.startsWith(`${prefix}.`)) continue;
      const name = key.slice(prefix.length + 1);
      if ((NATIONS as readonly string[]).includes(name)) {
        const counts: UnitCounts = {};
        for (const pair of value.split(",")) {
          const [type, n] = pair.split(":");
          const count = Number(n);
          if (type && Number.isInteger(count) && count > 0) counts[type as UnitType] = count;
        }
        forces[name as Nation] = counts;
      } else if (name === "keepLast") choices.keepLast = value.split(",").filter(Boolean) as UnitType[];
      else if ((CHOICE_NUMBERS as readonly string[]).includes(name) && value !== "" && Number.isFinite(Number(value))) choices[name as (typeof CHOICE_NUMBERS)[number]] = Number(value);
    }
    return { forces, choices };
  };
  const a = side("a");
  const d = side("d");
  const input: OddsInput = {
    attacker: a.forces,
    defender: d.forces,
    sea: params.get("sea") === "1",
    lowLuck: params.get("lowLuck") === "1",
    aa: params.get("aa") === "1",
    bombard: Number(params.get("bombard") ?? 0) || 0,
    attackerChoices: a.choices,
    defenderChoices: d.choices,
  };
  const parsed = parseOddsInput(input);
  return parsed.ok ? { input: parsed.input } : { input, error: parsed.error };
}
