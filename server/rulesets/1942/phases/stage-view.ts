// What a viewer may see of a 1942 turn between its phases, as the web game shows it (services/view.ts):
// the board at the turn's start; the battles waiting and what they wait for (R6.3: every choice in them
// is complete, a battles phase opens with none made); after combat its outcome (battles, captures,
// where units stand, owners). Orders, purchases, the treasury after spending, the seeds and the
// decision records stay inside until the turn's end (docs/rules-decisions.md, R7.3); a nation sees
// its own post-combat choices and its own preference only.
import type { DecisionRequest, GameState, Nation, PostCombatChoices } from "../engine";
import type { BattleReport, CombatReport } from "../engine/report";
import type { Viewer } from "../../ruleset";
import type { ShownBattle } from "../engine/combat/shown-battle";
import type { LeftToPreference, Stage1942, StageReport } from "./turn-so-far";

export type StageView =
  | {
      stage: "battles";
      step: number;
      start: GameState;
      pass: "sea" | "land";
      requests: DecisionRequest[];
      battles: ShownBattle[];
      finished: BattleReport[];
      /** The viewer's own battles left to its preference. */
      preference?: LeftToPreference;
    }
  | {
      stage: "post-combat";
      step: number;
      start: GameState;
      outcome: CombatOutcome;
      /** The viewer's own choices. */
      choices?: PostCombatChoices;
    };

/** What every player and spectator sees of a finished combat (services/view.ts postCombatOutcome). */
export type CombatOutcome = Pick<CombatReport, "battles" | "captures" | "units" | "owners">;

const outcomeOf = (report: CombatReport): CombatOutcome => ({ battles: report.battles, captures: report.captures, units: report.units, owners: report.owners });

export function stageView(stage: Stage1942, viewer: Viewer): StageView | { turn: number; owners: GameState["owners"] } {
  const start = stage.start;
  if (viewer.kind === "outsider") return { turn: start.turn ?? 1, owners: { ...start.owners } };
  const nation = viewer.kind === "side" ? (viewer.side as Nation) : undefined;
  if (stage.stage === "battles") {
    const preference = nation ? stage.preferences[nation] : undefined;
    return structuredClone({
      stage: stage.stage,
      step: stage.step,
      start,
      pass: stage.pass,
      requests: stage.requests,
      battles: stage.battles,
      finished: stage.finished,
      ...(preference ? { preference } : {}),
    });
  }
  const choices = nation ? { air: stage.choices.air.filter((a) => a.nation === nation), aaGuns: stage.choices.aaGuns.filter((g) => g.nation === nation) } : undefined;
  return structuredClone({ stage: stage.stage, step: stage.step, start, outcome: outcomeOf(stage.combat), ...(choices ? { choices } : {}) });
}

/** A phase's report before the turn's end: the battles over so far (while battles wait), or the combat's outcome (post-combat). */
export function stageReportView(report: StageReport): { next: StageReport["next"]; outcome: Partial<CombatOutcome> } {
  return { next: report.next, outcome: report.next === "battles" ? { battles: report.combat.battles } : outcomeOf(report.combat) };
}
