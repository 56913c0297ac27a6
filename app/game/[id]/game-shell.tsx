// What the server renders of the game screen, and what a player sees until the scripts run: the line
// over the map (the game, the turn, the deadline, who is still to lock), the map's place, and the
// panel's grip and tab row as a picture (hidden from assistive technology: nothing of it works before
// the scripts, as nothing of the server-rendered tabs did). The map, the orders, the battles and the
// working tabs are the live screen's (game-screen.tsx), mounted once the page is hydrated: rendering
// them on the server was most of the page's own part of React's work (a query, an event stream, the
// tabs and their panels) for markup no one could use yet.
import { GameStatus } from "./game-status";
import type { GameView, ShellView } from "./game-types";
import styles from "./game-screen.module.css";
import { ShellPanel } from "./shell-panel";

/**
 * The shell's fields (ShellView, game-types.ts), handed to the screen beside the view's text, so the
 * server renders the shell without parsing the whole view back (its board is most of it; parsing it
 * was most of the screen's own part of a page's render). A subset of the viewer's own view.
 */
export function shellView(view: GameView): ShellView {
  const { name, status, sandbox, pausedAt, ordersAt, decisionsAt } = view.game;
  const phase = view.phase;
  return {
    game: { name, status, sandbox, pausedAt, ordersAt, decisionsAt },
    phase: phase && { turn: phase.turn, status: phase.status, deadline: phase.deadline, decisionDeadline: phase.decisionDeadline, locked: phase.locked },
    postCombat: view.postCombat && { waitingFor: view.postCombat.waitingFor },
  };
}

/** The tab the screen opens on: the battles while they are fought (and post-combat, and while resolving), else the orders. */
export function openingTab(phase: ShellView["phase"]): "battles" | "orders" {
  return phase?.status === "battles" || phase?.status === "post-combat" || phase?.status === "resolving" ? "battles" : "orders";
}

/** The last turn wholly resolved (0 before the first): the one the recent battles and the replay show. */
export function lastResolvedTurn(phase: ShellView["phase"]): number {
  return phase ? (phase.status === "resolved" ? phase.turn : phase.turn - 1) : 0;
}

export function GameShell({ view }: { view: ShellView }) {
  const phase = view.phase;
  const lastTurn = lastResolvedTurn(phase);
  const active = openingTab(phase) === "battles" ? "Battles" : "Orders";
  const tabs = ["Orders", "Battles", "Nations", "Board", ...(lastTurn >= 1 ? ["Replay"] : []), "Press"];
  return (
    <div className={styles.screen} data-testid="game-screen" data-sheet="closed">
      <div className={styles.mapArea} data-testid="game-map-area">
        <GameStatus view={view} reconnecting={false} />
        <div className={styles.mapHost} />
      </div>
      <ShellPanel label="Orders, battles and the game" tabs={tabs} active={active} />
    </div>
  );
}
