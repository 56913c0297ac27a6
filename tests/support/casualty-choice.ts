// A battle choice a test player makes on purpose: a legal casualty list other than the default, so a
// test proves the choice was the player's and not the default taken for them (R6.6, R6.9).
import { defaultDecision, type Decision, type DecisionRequest } from "../../server/rulesets/1942/engine";
import { checkChoice } from "../../server/rulesets/1942/engine/combat/casualties";

/** A legal casualty choice other than the R6.9 default where one exists (another unit for the default's last pick), else the default. */
export function otherChoice(r: DecisionRequest): Decision {
  if (r.kind !== "casualties" || r.default.length === 0) return defaultDecision(r);
  for (const c of [...r.candidates].reverse()) {
    const units = [...r.default.slice(0, -1), c.id];
    if (!r.default.includes(c.id) && !checkChoice(r.candidates, r.hits, units)) return { kind: "casualties", units };
  }
  return defaultDecision(r);
}
