// The viewer's own figures at the top of the lobby (issue 22): reliability, finished games, rating.
import Link from "next/link";
import { reliabilityText } from "../components/player-badge";

export interface MyFigures {
  reliability: number | null;
  finishedGames: number;
  rating: number | null;
}

export function MyFiguresLine({ me, userId }: { me: MyFigures | undefined; userId?: string }) {
  if (!me) return null;
  return (
    <p className="small" data-testid="my-figures">
      Your reliability <strong data-testid="my-reliability">{reliabilityText(me.reliability)}</strong> · finished games <strong>{me.finishedGames}</strong> · rating{" "}
      <strong data-testid="my-rating">{me.rating === null ? "unrated" : me.rating.toFixed(1)}</strong>
      {" · "}
      {userId ? <Link href={`/player/${userId}`}>your profile</Link> : null}
      {userId ? " · " : null}
      <Link href="/leaderboard">leaderboard</Link> · <Link href="/settings#vacation-heading">vacation</Link>
    </p>
  );
}
