// What the server renders of a phased game's page, and what a player sees until the scripts run (the
// classic page's game-shell.tsx, for any ruleset): the frame's bar (the game, the turn and its phase,
// the deadline, who locked, the last review), the board's place, and the panel's grip and the
// platform's tab row as a picture (hidden from assistive technology: nothing of it works before the
// scripts). The game's own screen, its tabs and the live frame mount once the page is hydrated
// (ruleset-game.tsx). Drawn from a few fields the page hands apart (rulesetShell), so the server
// renders it without parsing the view's text back (docs/load-test.md, twelfth pass). It knows no rule.
import Link from "next/link";
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import { Deadline } from "../game/[id]/deadline";
import screen from "../game/[id]/game-screen.module.css";
import { deadlineZone } from "./deadline-zone";
import { ShellPanel } from "../game/[id]/shell-panel";
import styles from "./ruleset-game.module.css";
import { STATUS } from "./sides-panel";

/** The shell's and the bar's fields: the game's and the phase's own, none of the ruleset's view, seats or saved orders. */
export interface RulesetShellView {
  game: Pick<RulesetGameView["game"], "name" | "status" | "pausedAt" | "ordersAt" | "decisionsAt" | "press">;
  turn: number;
  phase: RulesetGameView["phase"];
}

export function rulesetShell(view: RulesetGameView): RulesetShellView {
  const { name, status, pausedAt, ordersAt, decisionsAt, press } = view.game;
  return { game: { name, status, pausedAt, ordersAt, decisionsAt, press }, turn: view.turn, phase: view.phase };
}

/** The last turn wholly resolved (0 before the first): the one the bar's review link opens. */
export function lastResolvedOf(view: RulesetShellView): number {
  return view.phase ? (view.phase.status === "finished" ? view.turn : view.turn - 1) : 0;
}

/** The bar over the board: the facts a player looks at every time (the rest is in the Sides tab). */
export function RulesetBar({ gameId, view, reconnecting }: { gameId: number; view: RulesetShellView; reconnecting: boolean }) {
  const phase = view.phase;
  const lastResolved = lastResolvedOf(view);
  return (
    <>
      <h1 className={screen.name} data-testid="game-title">
        {view.game.name}
      </h1>
      {phase ? (
        <strong data-testid="game-turn">
          Turn {view.turn}
          {/* A turn of several phases names the one in play: its part of the turn's plan out of a count
              that holds all turn (Ruleset.turnPlan), else its number alone, as more phases may open. */}
          {phase.step ? (
            <span data-testid="game-phase" data-step={phase.step.index}>
              , {phase.step.name} ({phase.step.part ? `phase ${phase.step.part.at + 1} of ${phase.step.part.count}` : `phase ${phase.step.index + 1}`})
            </span>
          ) : null}
          : {phase.decision && phase.status === "open" ? "decisions open" : (STATUS[phase.status] ?? phase.status)}
        </strong>
      ) : (
        <span>Waiting for players to fill the seats</span>
      )}
      {phase?.deadline && phase.status === "open" ? <Deadline iso={phase.deadline} running={!view.game.pausedAt} label={phase.decision ? "Decisions due" : "Orders due"} testId="deadline" gameZone={deadlineZone(view.game, phase.decision)} /> : null}
      {/* Of the sides that act in the phase: a robot locks in every phase, one with nothing to order too. */}
      {phase ? <span data-testid="locked-count">{phase.locked.filter((s) => phase.sides.includes(s)).length}/{phase.sides.length} locked</span> : null}
      {lastResolved > 0 ? (
        <Link href={`/game/${gameId}/turn/${lastResolved}`} data-testid="last-review">
          Turn {lastResolved} review
        </Link>
      ) : null}
      {reconnecting ? <span className="muted" data-testid="reconnecting"> live updates reconnecting…</span> : null}
    </>
  );
}

export function RulesetShell({ gameId, view }: { gameId: number; view: RulesetShellView }) {
  // The platform's tabs (the game's own join them once its screen runs).
  const tabs = ["Orders", "Sides", ...(view.game.press !== "none" ? ["Press"] : [])];
  return (
    <div className={screen.screen} data-testid="ruleset-shell" data-sheet="closed">
      <div className={screen.mapArea}>
        <div className={`${screen.status} ${styles.bar}`} data-testid="board-bar">
          <RulesetBar gameId={gameId} view={view} reconnecting={false} />
        </div>
        <div className={`${screen.mapHost} ${styles.board}`}>{view.phase ? null : <p className="muted">The board appears when the game starts.</p>}</div>
      </div>
      <ShellPanel label="Orders, sides and press" tabs={tabs} active="Orders" />
    </div>
  );
}
