"use client";
// One resolved turn of a game played a phase at a time, of any ruleset (1942's too): the game's own Review (registry.ts) with the
// turn's start and end as this viewer may see them and the judge's report, in the platform's frame
// (board-frame.tsx): the board fills the window, the review's steps are the panel, every side's
// orders (public now) are listed under them.
import Link from "next/link";
import { Suspense } from "react";
import type { RulesetTurnReview } from "../../server/services/ruleset-games/review";
import screen from "../game/[id]/game-screen.module.css";
import { BoardFrame, useSheet } from "./board-frame";
import type { Layout } from "./contract";
import { reviewOf } from "./registry";

export function RulesetReview({ review }: { review: RulesetTurnReview }) {
  const Review = reviewOf(review.ruleset);
  const sheet = useSheet();
  const has = (t: number) => review.turns.some((p) => p.turn === t);
  const bar = (
    <>
      <h1 className={screen.name} data-testid="review-title">
        {review.name}: turn {review.turn}
      </h1>
      <nav aria-label="Turns">
        {has(review.turn - 1) ? <Link href={`/game/${review.gameId}/turn/${review.turn - 1}`}>← Turn {review.turn - 1}</Link> : null}
        {has(review.turn - 1) ? " · " : null}
        <Link href={`/game/${review.gameId}/play`}>Back to the game</Link> · <Link href={`/game/${review.gameId}/history#turn-${review.turn}`}>History</Link>
        {has(review.turn + 1) ? (
          <>
            {" · "}
            <Link href={`/game/${review.gameId}/turn/${review.turn + 1}`}>Turn {review.turn + 1} →</Link>
          </>
        ) : null}
      </nav>
    </>
  );
  const layout: Layout = ({ board, panel }) => (
    <BoardFrame
      testId="ruleset-review"
      sheet={sheet}
      label="The turn's steps"
      bar={bar}
      board={board}
      panel={
        <>
          {panel}
          {review.resolved ? (
            <details className="card">
              <summary>Every side&rsquo;s orders (revealed once the turn resolved)</summary>
              <pre className="small" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {JSON.stringify(review.orders, null, 2)}
              </pre>
            </details>
          ) : null}
        </>
      }
    />
  );
  if (!review.resolved)
    return layout({
      board: (
        <p className="note" data-testid="review-not-resolved">
          Turn {review.turn} is not resolved yet. Its orders stay secret until it is; the review appears here then.
        </p>
      ),
      panel: null,
    });
  // A plain line while the game's screen loads, not the frame: streamed in beside the real frame, a
  // second frame would put each of its elements on the page twice until the swap.
  return (
    <Suspense fallback={<p className="muted" data-testid="board-loading">Loading the review…</p>}>
      <Review gameId={review.gameId} layout={layout} showPanel={sheet.show} turn={review.turn} side={review.side} before={review.before} after={review.after} report={review.report} orders={review.orders} luck={review.luck} gameReports={review.gameReports} />
    </Suspense>
  );
}
