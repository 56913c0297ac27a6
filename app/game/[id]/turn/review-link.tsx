// The game screen's Replay tab (issue 19): the last turn is replayed on the review page, on the game's
// one map filling the window, step by step in R3's order — no second small map in the panel.
import Link from "next/link";

export function ReviewLink({ gameId, turn }: { gameId: number; turn: number }) {
  return (
    <section className="card" aria-labelledby="replay-heading" data-testid="replay">
      <h2 id="replay-heading">Replay of turn {turn}</h2>
      <p className="small">Every nation&rsquo;s orders, the AA fire, the head-ons, the battles and the captures on the map, step by step in the order of the turn, with the story beside them.</p>
      <p>
        <Link href={`/game/${gameId}/turn/${turn}`} className="button" data-testid="replay-open">
          Step through turn {turn} on the map
        </Link>
      </p>
      {turn > 1 ? (
        <p className="small muted">
          Earlier turns: <Link href={`/game/${gameId}/history`}>the history</Link> links each turn&rsquo;s review.
        </p>
      ) : null}
    </section>
  );
}
