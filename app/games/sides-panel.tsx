// The Sides tab of a game played a phase at a time: the creator's clock (Pause / Resume), the game's
// kind and options, who plays which side (with the player's reliability, rating in this game and
// vacation, as in the lobby), each side's team when the scenario has teams, and who has locked, the turn's dice commitment (as a classic game's
// Nations tab), and the links to the last review, the history and the download.
import Link from "next/link";
import { PlayerBadge } from "../components/player-badge";
import { PauseBar } from "../game/[id]/pause-bar";
import { SeedLine } from "../game/[id]/seed-line";
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import styles from "./ruleset-game.module.css";
import { optionsLine } from "./options-line";
import { SeatActions } from "./seat-actions";

/** A phase's status in words, for the bar over the board. */
export const STATUS: Record<string, string> = { open: "orders open", resolving: "resolving", finished: "the game is over" };

export function SidesPanel({ gameId, view, lastResolved }: { gameId: number; view: Pick<RulesetGameView, "game" | "seats" | "phase" | "seedHash">; lastResolved: number }) {
  const phase = view.phase;
  return (
    <div className="stack">
      {view.game.status === "active" && (view.game.pausedAt || view.game.mayPause) ? (
        <PauseBar gameId={gameId} pausedAt={view.game.pausedAt} mayPause={view.game.mayPause} due={phase?.status === "open" ? phase.deadline : null} via="play" />
      ) : null}
      {/* The game's kind and its options: two lines of one paragraph's worth, kept together. */}
      <div className={`${styles.about} small`}>
        <p data-testid="game-kind">
          {view.game.rulesetName} · {view.game.scenarioName}
        </p>
        <p data-testid="game-options">Options: {optionsLine(view.game)}</p>
      </div>
      <ul className={`${styles.seats} small`} aria-label="Sides" data-testid="seats">
        {view.seats.map((s) => {
          const locked = phase?.locked.includes(s.side) ?? false;
          const ordering = phase?.sides.includes(s.side) ?? false;
          return (
            <li key={s.side} className={`${styles.seat} ${locked ? styles.locked : ""}`} data-testid={`seat-${s.side}`}>
              <strong>{s.side}</strong>{" "}
              {s.team ? (
                <>
                  <span className="muted" data-testid={`team-${s.side}`}>
                    ({s.team})
                  </span>{" "}
                </>
              ) : null}
              {s.robot ? `robot${s.mine ? " (you)" : ""}` : s.player ? <PlayerBadge seat={s} /> : `open seat${s.mine ? " (you)" : ""}`}
              {phase?.status === "open" ? (locked ? " · locked" : ordering ? " · ordering" : " · nothing to order") : ""}
              <SeatActions gameId={gameId} side={s.side} mine={s.mine} robot={s.robot} active={view.game.status === "active"} />
            </li>
          );
        })}
      </ul>
      {view.seedHash && phase?.status !== "finished" ? (
        <div className="small">
          <SeedLine seedHash={view.seedHash} />
        </div>
      ) : null}
      <p className="small">
        {lastResolved > 0 ? (
          <>
            <Link href={`/game/${gameId}/turn/${lastResolved}`}>Turn {lastResolved} review</Link> ·{" "}
          </>
        ) : null}
        <Link href={`/game/${gameId}/history`}>History</Link> ·{" "}
        <a href={`/game/${gameId}/history/download`} download={`lockstep-game-${gameId}.json`}>
          Download JSON
        </a>
      </p>
    </div>
  );
}
