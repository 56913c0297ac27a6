import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { shortHash } from "../../../components/format";
import { LocalTime } from "../../../components/local-time";
import { orNotFound, routeGame } from "../route-game";
import { history1942 } from "../game-types";
import { TurnReport } from "./turn-report";
import { VerifyDice } from "./verify-dice";
import styles from "./history.module.css";
import { RulesetHistory } from "../../../games/ruleset-history";

export const metadata: Metadata = { title: "History" };
export const dynamic = "force-dynamic";

const STATUS: Record<string, string> = { open: "orders open", resolving: "resolving", battles: "battles under way", "post-combat": "after combat", resolved: "resolved" };

export default async function HistoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { gameId, phased, trpc } = await routeGame(id, `/game/${id}/history`);
  if (phased) return <RulesetHistory gameId={gameId} history={await trpc.play.history({ gameId })} />;
  const history = await orNotFound(trpc.play.history({ gameId }).then(history1942));
  if (!history) notFound();
  // Newest first: the turn just resolved is what a player comes here for.
  const phases = [...history.phases].sort((a, b) => b.turn - a.turn);
  return (
    <div className="stack">
      <header>
        <h1>{history.name}: history</h1>
        <p className="game-links small">
          <Link href={`/game/${gameId}`}>Back to the game</Link> ·{" "}
          <a href={`/game/${gameId}/history/download`} download={`lockstep-game-${gameId}-history.json`}>
            Download JSON
          </a>
        </p>
        <VerifyDice gameId={gameId} />
        {phases.length > 1 ? (
          <nav aria-label="Turns" className={`${styles.turnNav} small`}>
            Jump to:{" "}
            {phases.map((p) => (
              <a key={p.id} href={`#turn-${p.turn}`}>
                turn {p.turn}
              </a>
            ))}
          </nav>
        ) : null}
      </header>
      {phases.length === 0 ? <p className="muted">The game has not started yet: no turns to show.</p> : null}
      {phases.map((p) => (
        <section key={p.id} id={`turn-${p.turn}`} className="card phase" data-testid={`phase-turn-${p.turn}`} aria-labelledby={`turn-${p.turn}-heading`}>
          <h2 id={`turn-${p.turn}-heading`}>
            Turn {p.turn} <span className={`status status-${p.status}`}>{STATUS[p.status] ?? p.status}</span>
          </h2>
          {p.report ? (
            <p className="small">
              <Link href={`/game/${gameId}/turn/${p.turn}`} data-testid={`review-link-${p.turn}`}>
                Read turn {p.turn} as a story
              </Link>{" "}
              · <a href={`/game/${gameId}/history/download?turn=${p.turn}`}>this turn as JSON</a>
            </p>
          ) : null}
          <dl className={`${styles.facts} small`}>
            <dt>Opened</dt>
            <dd>
              <LocalTime iso={p.createdAt} />
            </dd>
            {p.resolvedAt ? (
              <>
                <dt>Resolved</dt>
                <dd>
                  <LocalTime iso={p.resolvedAt} />
                </dd>
              </>
            ) : null}
            <dt>Seed hash</dt>
            <dd>
              <code title={p.seedHash}>{shortHash(p.seedHash)}</code>
            </dd>
            <dt>Seed</dt>
            <dd>
              {p.seed ? (
                <code className="wrap" data-testid={`seed-${p.turn}`}>
                  {p.seed}
                </code>
              ) : (
                <span className="muted">secret until the turn resolves</span>
              )}
            </dd>
            <dt>Engine</dt>
            <dd>{p.engineVersion}</dd>
          </dl>
          {p.seed ? (
            <p className="muted small">
              Check the dice: the SHA-256 of the seed must equal the hash published when the turn opened.
            </p>
          ) : null}
          {p.report ? (
            <TurnReport report={p.report} orders={p.orders ?? {}} />
          ) : (
            <p className="muted">The report appears here once every nation has locked or the deadline passes.</p>
          )}
        </section>
      ))}
    </div>
  );
}
