// The history of a game of any ruleset but 1942: every turn with its status, its published seed hash,
// and once resolved its seed, a link to its review and its JSON. A server component.
import Link from "next/link";
import type { RulesetHistoryTurn } from "../../server/services/ruleset-games/read";
import { shortHash } from "../components/format";
import { VerifyDice } from "../game/[id]/history/verify-dice";

export function RulesetHistory({ gameId, history }: { gameId: number; history: { name: string; turns: RulesetHistoryTurn[] } }) {
  const turns = [...history.turns].sort((a, b) => b.turn - a.turn);
  return (
    <div className="stack" data-testid="ruleset-history">
      <header>
        <h1>{history.name}: history</h1>
        <p className="small">
          <Link href={`/game/${gameId}/play`}>Back to the game</Link> ·{" "}
          <a href={`/game/${gameId}/history/download`} download={`lockstep-game-${gameId}.json`}>
            Download JSON
          </a>
        </p>
        <VerifyDice gameId={gameId} />
      </header>
      {turns.length === 0 ? <p className="muted">The game has not started yet: no turns to show.</p> : null}
      {turns.map((t) => (
        <section key={t.turn} id={`turn-${t.turn}`} className="card" data-testid={`phase-turn-${t.turn}`}>
          <h2>
            Turn {t.turn} <span className={`status status-${t.status}`}>{t.status}</span>
          </h2>
          <p className="small">
            Seed hash <code title={t.seedHash}>{shortHash(t.seedHash)}</code> · {t.engineVersion}
            {t.seed ? (
              <>
                {" "}
                · seed <code className="wrap">{t.seed}</code>
              </>
            ) : (
              <span className="muted"> · the seed stays secret until the turn resolves</span>
            )}
          </p>
          {t.status === "resolved" ? (
            <p className="small">
              <Link href={`/game/${gameId}/turn/${t.turn}`}>Review turn {t.turn}</Link> · <a href={`/game/${gameId}/history/download?turn=${t.turn}`}>this turn as JSON</a>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  );
}
