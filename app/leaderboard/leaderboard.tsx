"use client";
// The leaderboard (issue 22): players with a shown rating (5 rated games or more), best first.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

export function Leaderboard() {
  const trpc = useTRPC();
  const board = useQuery(trpc.player.leaderboard.queryOptions());
  return (
    <section className="card" aria-labelledby="board-heading" data-testid="leaderboard">
      <h1 id="board-heading">Leaderboard — 1942</h1>
      <p className="muted small">OpenSkill ratings (mu − 3σ) from rated games; a player appears after 5 rated games.</p>
      {board.isPending ? <p className="muted">Loading…</p> : null}
      {board.error ? (
        <p className="alert" role="alert">
          {errorText(board.error)}
        </p>
      ) : null}
      {board.data && board.data.length === 0 ? <p className="muted">Nobody has 5 rated games yet.</p> : null}
      {board.data && board.data.length > 0 ? (
        <div className="table-wrap">
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Player</th>
                <th scope="col">Rating</th>
                <th scope="col">Rated games</th>
              </tr>
            </thead>
            <tbody>
              {board.data.map((r) => (
                <tr key={r.userId}>
                  <td>{r.rank}</td>
                  <th scope="row">
                    <Link href={`/player/${r.userId}`}>{r.name}</Link>
                  </th>
                  <td>{r.rating.toFixed(1)}</td>
                  <td>{r.games}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
