// The decisions waiting for the viewer, in words (the banner and the tab's title): small, so the
// game screen can say so without loading the battle panel itself.
import { SUBPHASE_WORDS, hitsText } from "../../components/battle-format";
import type { PendingRequest } from "./game-types";

export function myWaitingText(requests: readonly PendingRequest[]): string[] {
  return requests
    .filter((r) => r.mine)
    .map((r) =>
      r.kind === "casualties"
        ? `${r.chooser}: ${hitsText(r.hits)} to take in ${r.battle}, round ${r.round}${r.step === "general" ? "" : ` (${SUBPHASE_WORDS[r.step].toLowerCase()})`}`
        : `${r.chooser}: submerge or withdraw in ${r.battle} after round ${r.round}`,
    );
}
