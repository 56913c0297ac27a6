"use client";
// A shared sandbox of a game of any ruleset but 1942, read-only (issue 24): the game's own screen as a
// spectator sees it (no side, nothing saved), whose save and lock are refused, in the platform's
// full-window frame (board-frame.tsx).
import { Suspense } from "react";
import type { RulesetGameView } from "../../../../server/services/ruleset-games/read";
import screen from "../../../game/[id]/game-screen.module.css";
import { BoardFrame, useSheet } from "../../../games/board-frame";
import type { ActionResult, Layout } from "../../../games/contract";
import { screenOf } from "../../../games/registry";

const readOnly = async (): Promise<ActionResult> => ({ ok: false, message: "This shared sandbox is read-only" });

export function SharedRulesetSandbox({ game, turnsPlayed }: { game: RulesetGameView; turnsPlayed: number }) {
  const Screen = screenOf(game.game.ruleset);
  const phase = game.phase;
  const sheet = useSheet();
  const about = (
    <p className="muted small">
      A sandbox shared with you, read-only: one player&rsquo;s what-if of {game.game.rulesetName} ({game.game.scenarioName}), not a real game. Turn {game.turn}
      {turnsPlayed > 0 ? `, ${turnsPlayed} ${turnsPlayed === 1 ? "turn" : "turns"} played in the sandbox` : ""}.
    </p>
  );
  const layout: Layout = ({ board, panel }) => (
    <BoardFrame
      testId="shared-sandbox"
      sheet={sheet}
      label="The shared sandbox"
      bar={<h1 className={screen.name}>{game.game.name}</h1>}
      board={board}
      panel={
        <>
          {about}
          {panel}
        </>
      }
    />
  );
  if (!phase) return layout({ board: null, panel: null });
  // A plain line while the game's screen loads, not the frame: streamed in beside the real frame, a
  // second frame would put each of its elements on the page twice until the swap.
  return (
    <Suspense fallback={<p className="muted" data-testid="board-loading">Loading the board…</p>}>
      <Screen
        gameId={game.game.id}
        layout={layout}
        showPanel={sheet.show}
        lastTurn={null}
        side={null}
        mySides={[]}
        turn={game.turn}
        view={game.view}
        phase={{ status: phase.status, deadline: null, sides: phase.sides, locked: phase.locked }}
        saved={null}
        save={readOnly}
        lock={readOnly}
        unlock={readOnly}
      />
    </Suspense>
  );
}
