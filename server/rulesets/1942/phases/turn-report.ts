// A 1942 turn played phase by phase, told as one turn (Ruleset.turnReport): the report its review
// shows and prices the luck of is the engine's whole-turn TurnReport, as a classic game's row holds.
// Every phase replays the combat from the turn's start with every decision so far (turn-so-far.ts),
// so the phase that ends the turn (R8) already reports all of it — every battle and round, the
// landings, placements, income and victory; the phases before it report only the combat so far and
// which phase comes next. Assembling the turn is taking that last report and checking the rest
// waited for it: a turn whose last phase did not end it is not over, and has no turn report.
import type { TurnReport } from "../engine";
import { isStageReport, type Report1942 } from "./turn-so-far";

/** The whole turn's report from its phases' reports in the order they resolved. */
export function turnReportOf(reports: readonly Report1942[]): TurnReport {
  const last = reports.at(-1);
  if (!last || isStageReport(last)) throw new Error("1942: a turn's report is its last phase's, which ends the turn (R8); this turn has not ended");
  // Every earlier phase left the turn waiting for the next: a turn ends once.
  if (reports.slice(0, -1).some((r) => !isStageReport(r))) throw new Error("1942: only a turn's last phase ends it (R8)");
  return last;
}
