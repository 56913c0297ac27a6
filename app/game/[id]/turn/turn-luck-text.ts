// The words of the whole-turn luck meter (issue 24): a nation's attacks as the dice decided them,
// placed on the exact joint odds the turn had before the dice (server/rulesets/1942/engine/odds/turn-luck.ts).
import type { AttackLuck, NationLuck } from "../../../../server/rulesets/1942/engine/odds/turn-luck";

/** A probability as a whole percent; never "0 %" or "100 %" for what was possible but not sure. */
export function percent(p: number): string {
  if (p > 0 && p < 0.005) return "<1 %";
  if (p < 1 && p > 0.995) return ">99 %";
  return `${Math.round(p * 100)} %`;
}

/** "1 of 3 attacks succeeded". */
export function countText(l: Pick<NationLuck, "succeeded" | "attacks">): string {
  const n = l.attacks.length;
  return `${l.succeeded} of ${n} attack${n === 1 ? "" : "s"} succeeded`;
}

/** Above, on or below par: more, as many or fewer successes than expected. */
export function parText(l: Pick<NationLuck, "succeeded" | "expected">): "above par" | "on par" | "below par" {
  const d = l.succeeded - l.expected;
  return d > 1e-9 ? "above par" : d < -1e-9 ? "below par" : "on par";
}

/** "24 % of turns go worse" (fewer of its attacks succeed), "none go worse". */
export function worseText(l: Pick<NationLuck, "worse">): string {
  return l.worse === 0 ? "no turn goes worse" : `${percent(l.worse)} of turns go worse`;
}

/** One attack: what happened, and its chance before the dice. */
export function attackText(a: AttackLuck): string {
  const what = a.pass === "sea" ? (a.succeeded ? "cleared" : "not cleared") : a.succeeded ? "taken" : "not taken";
  return `${a.territory}: ${what} — a ${percent(a.p)} chance`;
}

/** The whole line a screen reader hears for a nation. */
export function nationText(l: NationLuck): string {
  return `${l.nation}: ${countText(l)}, ${worseText(l)} — ${parText(l)} (par ${Math.round(l.expected * 10) / 10}).`;
}
