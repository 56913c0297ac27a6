// A player's standing casualty preference: an ordering over the R6.9 default that keeps the named
// kinds of units for last. It only reorders eligible candidates, so every choice it makes is legal
// under R6.6 (exact hits, within each unit's room).
import { isAir } from "../units";
import type { UnitType } from "../types";
import { defaultCasualties, type Candidate } from "./casualties";
import { defaultDecision, type Decision, type DecisionRequest } from "./battle";

export const CASUALTY_PREFERENCES = ["default", "keep-air", "keep-armour"] as const;
export type CasualtyPreference = (typeof CASUALTY_PREFERENCES)[number];

const kept: Record<CasualtyPreference, (type: UnitType) => boolean> = {
  default: () => false,
  "keep-air": (type) => isAir(type),
  "keep-armour": (type) => type === "armour",
};

/** The R6.9 default among the units the preference does not keep, then among the kept ones. */
export function preferredCasualties(candidates: readonly Candidate[], hits: number, preference: CasualtyPreference): number[] {
  const keep = kept[preference];
  const first = candidates.filter((c) => !keep(c.type));
  const picks = defaultCasualties(first, hits);
  if (picks.length >= hits) return picks;
  return [...picks, ...defaultCasualties(candidates.filter((c) => keep(c.type)), hits - picks.length)];
}

/** The decision a preference makes for a request: its casualties, and no submerge or withdrawal (R6.9). */
export function preferredDecision(request: DecisionRequest, preference: CasualtyPreference): Decision {
  if (request.kind !== "casualties") return defaultDecision(request);
  return { kind: "casualties", units: preferredCasualties(request.candidates, request.hits, preference) };
}
