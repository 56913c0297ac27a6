"use client";
// A player's profile (issue 22): name, games played and won and the rating in each game (ruleset),
// each game's rating history, the reliability record.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { errorText } from "../../components/format";
import { BotMark, reliabilityText, vacationText } from "../../components/player-badge";
import { useTRPC } from "../../trpc/client";
import { RatingChart } from "./rating-chart";

export function Profile({ id }: { id: string }) {
  const trpc = useTRPC();
  const profile = useQuery(trpc.player.profile.queryOptions({ id }));
  if (profile.isPending) return <p className="muted">Loading…</p>;
  if (profile.error)
    return (
      <p className="alert" role="alert">
        {errorText(profile.error)}
      </p>
    );
  const p = profile.data;
  const r = p.reliability;
  const names = new Map(p.rulesets.map((g) => [g.ruleset, g.name]));
  const rated = p.rulesets.filter((g) => g.rating !== null);
  return (
    <div className="stack" data-testid="profile">
      <section className="card">
        <h1 data-testid="profile-name">
          {p.name}
          {p.bot ? (
            <>
              {" "}
              <BotMark />
            </>
          ) : null}
        </h1>
        {p.vacationUntil ? <p className="note">{vacationText(p.vacationUntil)}</p> : null}
        {p.rulesets.length === 0 ? (
          <p className="muted">No finished games yet.</p>
        ) : (
          <table className="table compact">
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Played</th>
                <th scope="col">Won</th>
                <th scope="col">Rating</th>
              </tr>
            </thead>
            <tbody>
              {p.rulesets.map((g) => (
                <tr key={g.ruleset}>
                  <th scope="row">
                    <Link href={`/leaderboard?game=${encodeURIComponent(g.ruleset)}`}>{g.name}</Link>
                  </th>
                  <td>{g.played}</td>
                  <td>{g.won}</td>
                  <td data-testid={`profile-rating-${g.ruleset}`}>{g.rating === null ? `unrated (${g.ratedGames} of 5)` : g.rating.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {p.rulesets.some((g) => g.rating === null) ? <p className="muted small">A rating shows after 5 rated games of that game.</p> : null}
      </section>

      {/* A rating history per game with a shown rating (each game rates on its own). */}
      {rated.map((g) => (
        <section key={g.ruleset} className="card" aria-labelledby={`rating-heading-${g.ruleset}`}>
          <h2 id={`rating-heading-${g.ruleset}`}>Rating history — {g.name}</h2>
          <RatingChart points={p.ratingHistory.filter((h) => h.ruleset === g.ruleset)} />
        </section>
      ))}
      {rated.length === 0 ? (
        <section className="card" aria-labelledby="rating-heading">
          <h2 id="rating-heading">Rating history</h2>
          <p className="muted">A rating shows after 5 rated games of one game.</p>
        </section>
      ) : null}

      <section className="card" aria-labelledby="reliability-heading">
        <h2 id="reliability-heading">Reliability {reliabilityText(r.figure)}</h2>
        <p className="muted small">Phases acted on over phases due, over the latest 50 phases of the last year; a game left counts as five misses; excused misses and vacations do not count.</p>
        <table className="table compact" data-testid="reliability-record">
          <tbody>
            <tr>
              <th scope="row">Phases due</th>
              <td>{r.phasesDue}</td>
            </tr>
            <tr>
              <th scope="row">Acted on</th>
              <td>{r.actedOn}</td>
            </tr>
            <tr>
              <th scope="row">Missed deadlines</th>
              <td>{r.missed}</td>
            </tr>
            <tr>
              <th scope="row">Excused misses</th>
              <td>{r.excused}</td>
            </tr>
            <tr>
              <th scope="row">Deadlines moved for a vacation</th>
              <td>{r.vacations}</td>
            </tr>
            <tr>
              <th scope="row">Games left before the end</th>
              <td>{r.gamesLeft}</td>
            </tr>
            <tr>
              <th scope="row">Finished games</th>
              <td>{r.finishedGames}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section className="card" aria-labelledby="games-heading">
        <h2 id="games-heading">Finished games</h2>
        {p.games.length === 0 ? <p className="muted">No finished games yet.</p> : null}
        <ul className="card-list">
          {p.games.map((g) => (
            <li key={g.gameId} className="card-item">
              <Link href={`/game/${g.gameId}/turn/${g.lastTurn}`}>{g.name}</Link> — {names.get(g.ruleset) ?? g.ruleset} · {g.nations.join(", ")} · {g.won ? "won" : "lost"}
              {g.rated ? " · rated" : ""}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
