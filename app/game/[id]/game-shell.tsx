// What the server renders of the game screen, and what a player sees until the scripts run: the line
// over the map (the game, the turn, the deadline, who is still to lock) and the map's and the panel's
// places, empty. The map, the orders, the battles and the tabs are drawn by the live screen
// (game-screen.tsx) once the page is hydrated: they need the scripts to be used at all, and rendering
// them on the server was most of the page's own part of React's work (its query, its event stream,
// its tabs and their panels, none of them usable before hydration).
import { GameStatus } from "./game-status";
import type { GameView } from "./game-types";
import styles from "./game-screen.module.css";

export function GameShell({ view }: { view: GameView }) {
  return (
    <div className={styles.screen} data-testid="game-screen" data-sheet="closed">
      <div className={styles.mapArea} data-testid="game-map-area">
        <GameStatus view={view} reconnecting={false} />
        <div className={styles.mapHost} />
      </div>
      <aside className={styles.panel} aria-label="Orders, battles and the game" />
    </div>
  );
}
