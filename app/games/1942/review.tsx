"use client";
// A 1942 turn's review for a game played a phase at a time (play.create; docs/platform.md "The page"):
// the turn told on the 1942 map exactly as a classic game's review tells it (turn-review.tsx: the
// arrows, bounces, battles and captures step by step, the sentences, the luck meter, the story as text),
// in the platform's frame. Everything comes from the props: the turn's report is the engine's whole
// TurnReport (the ruleset assembles it from the turn's phases, Ruleset.turnReport), every nation's
// orders, the luck priced over the turn, every turn's whole report so far (the luck over the game, as
// the classic review prices it from its history), and the turn's start, which carries the game's low
// luck (R6.8) and house rules (the victory cities on the map).
import type { GameState, Nation } from "@/server/rulesets/1942/engine";
import type { NationLuck } from "@/server/rulesets/1942/engine/odds/turn-luck";
import type { TurnReport } from "@/server/rulesets/1942/engine/turn";
import type { OrderLike } from "@/app/components/format";
import { LuckView } from "@/app/game/[id]/turn/luck-view";
import { turnStory } from "@/app/game/[id]/turn/story";
import { StoryView } from "@/app/game/[id]/turn/story-view";
import { TurnReview } from "@/app/game/[id]/turn/turn-review";
import type { GameReviewProps } from "../contract";

/** A whole turn's report, not a phase's (a battles phase's report is the combat so far, and says what comes next). */
export const isTurnReport = (report: unknown): report is TurnReport => typeof report === "object" && report !== null && "battles" in report && "owners" in report && !("next" in report);

export function Review(props: GameReviewProps) {
  const report = props.report;
  if (!isTurnReport(report))
    return props.layout({
      board: (
        <p className="note" data-testid="review-no-report">
          Turn {props.turn} has no report of the whole turn to tell.
        </p>
      ),
      panel: null,
    });
  // The turn's start as this viewer sees it: the whole state for a player or a spectator.
  const start = props.before as Partial<GameState> | null;
  const lowLuck = start?.lowLuck === true;
  const orders = (props.orders ?? {}) as Partial<Record<Nation, OrderLike[]>>;
  return (
    <TurnReview
      turn={props.turn}
      report={report}
      orders={orders}
      lowLuck={lowLuck}
      victoryCities={start?.houseRules?.victoryCities === true}
      luck={(props.luck ?? []) as NationLuck[]}
      layout={props.layout}
      onPlace={props.showPanel}
      stepsFirst
    >
      <p className="muted small">
        Every nation&rsquo;s orders are revealed now. Each sentence cites the rule that decided it: point at or focus a rule id to read the rule.
      </p>
      <StoryView sections={turnStory(report, orders, { lowLuck })} />
      {/* The luck over the game: the battles of every turn's whole report, turn 1 to this one, as the classic review prices them. */}
      <LuckView battles={report.battles} lowLuck={lowLuck} game={{ battles: (props.gameReports ?? []).filter(isTurnReport).flatMap((r) => r.battles), turns: props.turn }} />
    </TurnReview>
  );
}
