"use client";
// The leaderboard (issue 22): players with a shown rating (5 rated games or more) in one game, best
// first. Each game has its own ratings; the choice is a link (?game=ID), so a board can be shared.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import styles from "./leaderboard.module.css";

export function Leaderboard({ ruleset }: { ruleset: string }) {
  const trpc = useTRPC();
  const offered = useQuery(trpc.play.games.queryOptions());
  const board = useQuery(trpc.player.leaderboard.queryOptions({ ruleset }));
  // A game not offered here (a mistyped link) has no name: the server's refusal names those that are.
  const name = offered.data?.find((g) => g.id === ruleset)?.name ?? null;
  return (
    <section className="card" aria-labelledby="board-heading" data-testid="leaderboard">
      <h1 id="board-heading">{name ? `Leaderboard — ${name}` : "Leaderboard"}</h1>
      {offered.data && offered.data.length > 1 ? (
        <nav aria-label="Game" className={styles.games}>
          {offered.data.map((g) => (
            <Link key={g.id} href={`/leaderboard?game=${encodeURIComponent(g.id)}`} className="chip" aria-current={g.id === ruleset ? "page" : undefined} data-testid={`leaderboard-game-${g.id}`}>
              {g.name}
            </Link>
          ))}
        </nav>
      ) : null}
      {name ? <p className="muted small">OpenSkill ratings (mu − 3σ) from rated games of {name}; a player appears after 5 of them.</p> : null}
      {board.isPending ? <p className="muted">Loading…</p> : null}
      {board.error ? (
        <p className="alert" role="alert">
          {errorText(board.error)}
        </p>
      ) : null}
      {board.data && board.data.length === 0 ? <p className="muted">Nobody has 5 rated games of {name ?? ruleset} yet.</p> : null}
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
