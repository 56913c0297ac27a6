// The battles players left to their casualty preference, as the adjudication reads them
// (adjudication-inputs.ts) and decides with them (adjudicate.ts): pure, apart from the service that
// stores them (battle-preferences.ts), so the adjudication depends on no decision-taking service.
import { preferredDecision, type CasualtyPreference } from "../rulesets/1942/engine/combat/preference";
import type { DecisionRequest, Nation } from "../rulesets/1942/engine";

/** A human player's preference that decides battles of the phase being adjudicated (adjudication-inputs.ts reads them). */
export interface PreferenceRow {
  nation: Nation;
  casualties: CasualtyPreference;
  autoBattles: string[];
}

/**
 * For the adjudicator: the requests of a phase that a player left to the preference, with the
 * preference's decision (recorded as the player's own).
 */
export function preferenceDecider(rows: PreferenceRow[]): (request: DecisionRequest) => ReturnType<typeof preferredDecision> | undefined {
  const byNation = new Map(rows.map((r) => [r.nation, r]));
  return (request) => {
    const row = byNation.get(request.chooser);
    return row && row.autoBattles.includes(request.battle) ? preferredDecision(request, row.casualties) : undefined;
  };
}
