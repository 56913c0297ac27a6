// The banners at the top of the side panel: the turn that just resolved, the decisions that wait for
// the viewer, and the game's result.
import Link from "next/link";
import dynamic from "next/dynamic";
import { DecisionBanner } from "./decision-banner";
import type { GameView } from "./game-types";

// The result's rating changes only at the end: not needed to draw the first screen.
const RatingChanges = dynamic(() => import("./rating-changes").then((m) => m.RatingChanges));

export function GameBanners(props: {
  gameId: number;
  view: GameView;
  resolvedTurn: number | null;
  onDismiss: () => void;
  /** What waits for the viewer's decision (battle-waiting.ts). */
  waiting: readonly string[];
  onDecide: () => void;
}) {
  const { gameId, view, resolvedTurn, waiting } = props;
  const phase = view.phase;
  return (
    <>
      {resolvedTurn !== null ? (
        <div className="banner" role="status" data-testid="turn-resolved-banner">
          <span>
            Turn {resolvedTurn} resolved — <Link href={`/game/${gameId}/turn/${resolvedTurn}`}>read what happened</Link> ·{" "}
            <Link href={`/game/${gameId}/history#turn-${resolvedTurn}`}>in the history</Link>
          </span>
          <button type="button" className="button button-quiet button-small" onClick={props.onDismiss} aria-label="Dismiss">
            ✕
          </button>
        </div>
      ) : null}

      <DecisionBanner waiting={waiting} deadline={phase?.decisionDeadline ?? null} running={!view.game.pausedAt} gameZone={view.game.decisionsAt?.zone} onDecide={props.onDecide} />

      {view.result ? (
        <div className="note game-result" data-testid="game-over" role="status">
          <h2>
            {view.result.winner === "nobody" ? "The game is over" : `The ${view.result.winner} win the war`} in turn {view.result.turn}
          </h2>
          <p>{view.result.reason}</p>
          <RatingChanges changes={view.result.ratingChanges} />
          <p>
            <Link href={`/game/${gameId}/turn/${view.result.turn}`}>Read how it ended</Link> · <Link href={`/game/${gameId}/history`}>the whole history</Link>
          </p>
        </div>
      ) : view.game.status === "finished" ? (
        <p className="note" data-testid="game-over">
          The game is over. <Link href={`/game/${gameId}/history`}>Read how it ended</Link>.
        </p>
      ) : null}
    </>
  );
}
