// The lobby's lists of games: the viewer's own (with their turn and what waits) and others' to watch.
import Link from "next/link";
import { Deadline } from "../game/[id]/deadline";
import type { LobbyTurn } from "../../server/services/games";
import { PressUnread } from "./press-choice";
import { gamePath, optionsText, seatText, statusText, type LobbyGame } from "./lobby-game";
import styles from "./lobby.module.css";

/** Which game the game is: shown on every listed game. */
export function GameKind({ game }: { game: LobbyGame }) {
  return (
    <span className="small" data-testid={`game-kind-${game.id}`}>
      {game.rulesetName}
      {game.scenarioName ? ` · ${game.scenarioName}` : ""}
    </span>
  );
}

export function GameList({ games }: { games: LobbyGame[] }) {
  return (
    <ul className="card-list">
      {games.map((g) => (
        <li key={g.id} className={`card-item ${styles.gameItem}`} data-testid={`my-game-${g.id}`}>
          <div className={styles.gameItemHead}>
            <Link href={gamePath(g)} className="game-name">
              {g.name}
            </Link>
            <GameKind game={g} />
            <span className={`status status-${g.status}`}>{statusText(g)}</span>
            <PressUnread gameId={g.id} />
          </div>
          {g.turn ? <TurnLine gameId={g.id} turn={g.turn} /> : null}
          <p className="muted small">
            You play {g.seats.filter((s) => s.mine).map((s) => s.nation).join(", ")} · {optionsText(g)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Running games of others: nations, turn and a link to open the game as a spectator. */
export function WatchList({ games, loaded }: { games: LobbyGame[]; loaded: boolean }) {
  return (
    <section className="card" aria-labelledby="watch-heading" data-testid="watch-games">
      <h2 id="watch-heading">Games to watch</h2>
      {loaded && games.length === 0 ? <p className="muted">No games of other players are running right now.</p> : null}
      <ul className="card-list">
        {games.map((g) => (
          <li key={g.id} className={`card-item ${styles.gameItem}`} data-testid={`watch-game-${g.id}`}>
            <div className={styles.gameItemHead}>
              <span>
                <span className="game-name">{g.name}</span> <GameKind game={g} />
                {g.turn ? <span className="small"> · Turn {g.turn.number}</span> : null}
              </span>
              <Link href={gamePath(g)} className="button button-small" data-testid={`watch-${g.id}`}>
                Watch
              </Link>
            </div>
            <p className="muted small">{g.seats.map((s) => `${s.nation}: ${seatText(s)}`).join(" · ")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const NEEDS: Record<NonNullable<LobbyTurn["needs"]>, string> = { orders: "needs your orders", decision: "needs your decision", landing: "needs your landings" };
const DUE: Record<string, string> = { open: "Orders due", battles: "Decisions due", "post-combat": "Landings due" };

/** Turn, deadline and what waits for the viewer in one of the viewer's games. */
function TurnLine({ gameId, turn }: { gameId: number; turn: LobbyTurn }) {
  return (
    <p className="small" data-testid={`my-game-turn-${gameId}`}>
      <strong>Turn {turn.number}</strong>
      {turn.deadline && DUE[turn.status] ? (
        <>
          {" · "}
          <Deadline iso={turn.deadline} running label={DUE[turn.status]!} testId={`my-game-deadline-${gameId}`} />
        </>
      ) : null}
      {turn.needs ? (
        <>
          {" · "}
          <strong className="alert-text" data-testid={`my-game-needs-${gameId}`}>
            {NEEDS[turn.needs]}
          </strong>
        </>
      ) : null}
    </p>
  );
}
