// The line over the map: the game's name, the turn, its phase, the deadline and who is still to act.
import { NATIONS } from "../../../server/rulesets/1942/engine/types";
import { Deadline } from "./deadline";
import type { ShellView } from "./game-types";
import styles from "./game-screen.module.css";

const PHASE_STATUS: Record<string, string> = {
  open: "orders open",
  resolving: "resolving — every nation has locked",
  battles: "battles waiting for decisions",
  "post-combat": "after combat: air units landing",
  resolved: "resolved",
};

export function GameStatus({ view, reconnecting }: { view: ShellView; reconnecting: boolean }) {
  const phase = view.phase;
  const waitingFor =
    phase?.status === "open" ? NATIONS.length - phase.locked.length : phase?.status === "post-combat" && view.postCombat ? view.postCombat.waitingFor.length : 0;
  return (
    <div className={styles.status} data-testid="game-status">
      <h1 className={styles.name} data-testid="game-name">
        {view.game.name}
      </h1>
      {phase ? (
        <>
          <strong data-testid="turn-number">Turn {phase.turn}</strong>
          <span data-testid="phase-status">{PHASE_STATUS[phase.status] ?? phase.status}</span>
          {view.game.sandbox ? null : phase.status === "open" ? (
            <Deadline iso={phase.deadline} running={!view.game.pausedAt} label="Orders due" testId="deadline" gameZone={view.game.ordersAt?.zone} />
          ) : phase.status === "battles" && phase.decisionDeadline ? (
            <Deadline iso={phase.decisionDeadline} running={!view.game.pausedAt} label="Battle decisions due" gameZone={view.game.decisionsAt?.zone} />
          ) : phase.status === "post-combat" && phase.decisionDeadline ? (
            <Deadline iso={phase.decisionDeadline} running={!view.game.pausedAt} label="Landings due" gameZone={view.game.decisionsAt?.zone} />
          ) : null}
          {waitingFor > 0 ? (
            <span className={styles.waiting} data-testid="waiting-count">
              waiting for {waitingFor} {waitingFor === 1 ? "nation" : "nations"}
            </span>
          ) : null}
        </>
      ) : (
        <span data-testid="phase-status">{view.game.status === "open" ? "Waiting for players: the game starts when every nation has a player or a robot." : "No phase yet."}</span>
      )}
      {reconnecting ? <span className="muted" data-testid="reconnecting"> live updates reconnecting…</span> : null}
    </div>
  );
}
