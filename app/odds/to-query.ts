// The calculator's URL (documented in docs/odds.md): a battle as a query string, so any screen can
// link to the calculator with the forces of a territory filled in.
//
//   /calculator?a.Germany=infantry:3,armour:1&a.Japan=fighter:1&d.Russia=infantry:3,aaGun:1
//     &sea=1&lowLuck=1&aa=1&bombard=2
//     &a.keepLast=fighter,bomber&a.keepLand=1&a.withdrawAirAfter=2&a.withdrawAirBelow=0.4&d.submergeAfter=1
//
// `a.` is the attacker, `d.` the defender; a nation's units are type:count pairs. What does not
// parse is left out, and the whole is checked by the odds file's own reader (query.ts).
//
// This file only writes the query: it imports no validator, so the game screen's bundle stays small.
import type { OddsInput, SideChoices } from "@/server/rulesets/1942/engine/odds";
import { NATIONS, type Nation, type UnitCounts, type UnitType } from "@/server/rulesets/1942/engine/types";

export const CHOICE_NUMBERS = ["keepLand", "withdrawAirAfter", "withdrawAirBelow", "submergeAfter"] as const;

function forcesQuery(prefix: string, forces: OddsInput["attacker"], out: URLSearchParams): void {
  for (const nation of NATIONS) {
    const counts = Object.entries(forces[nation] ?? {}).filter(([, n]) => (n ?? 0) > 0);
    if (counts.length > 0) out.set(`${prefix}.${nation}`, counts.map(([t, n]) => `${t}:${n}`).join(","));
  }
}

function choicesQuery(prefix: string, choices: SideChoices | undefined, out: URLSearchParams): void {
  if (!choices) return;
  if (choices.keepLast?.length) out.set(`${prefix}.keepLast`, choices.keepLast.join(","));
  for (const k of CHOICE_NUMBERS) if (choices[k] !== undefined) out.set(`${prefix}.${k}`, String(choices[k]));
}

/** The query string of a battle (without the leading "?"). */
export function oddsQuery(input: OddsInput): string {
  const out = new URLSearchParams();
  forcesQuery("a", input.attacker, out);
  forcesQuery("d", input.defender, out);
  if (input.sea) out.set("sea", "1");
  if (input.lowLuck) out.set("lowLuck", "1");
  if (input.aa) out.set("aa", "1");
  if (input.bombard) out.set("bombard", String(input.bombard));
  choicesQuery("a", input.attackerChoices, out);
  choicesQuery("d", input.defenderChoices, out);
  return out.toString();
}

