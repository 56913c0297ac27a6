// A finished rated game's result: how it moved each player's rating (issue 22). Shown values only:
// "unrated" until a player's fifth rated game.
import Link from "next/link";

export interface RatingChange {
  userId: string;
  name: string;
  team: string;
  won: boolean;
  before: number | null;
  after: number | null;
  ratedGames: number;
}

const shown = (r: number | null) => (r === null ? "unrated" : r.toFixed(1));

/** `draw`: the game was drawn (every team tied), so nobody "lost". */
export function RatingChanges({ changes, draw = false }: { changes: RatingChange[] | undefined; draw?: boolean }) {
  if (!changes || changes.length === 0) return null;
  return (
    <div data-testid="rating-changes">
      <h3>Ratings</h3>
      <ul>
        {changes.map((c) => (
          <li key={c.userId} data-testid={`rating-change-${c.userId}`}>
            <Link href={`/player/${c.userId}`}>{c.name}</Link> ({c.team}, {draw ? "drew" : c.won ? "won" : "lost"}): {shown(c.before)} → {shown(c.after)}
            {c.after === null ? <span className="muted small"> · a rating shows after 5 rated games ({c.ratedGames} so far)</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
