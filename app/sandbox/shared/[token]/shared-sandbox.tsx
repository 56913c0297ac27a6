"use client";
// A shared sandbox, read-only: its board now and what each of its resolved turns did.
import type { GameHistory, GameView } from "../../../game/[id]/game-types";
import { BoardMap } from "../../../game/[id]/map/board-map";

export function SharedSandbox({ view, history }: { view: GameView; history: GameHistory }) {
  const resolved = history.phases.filter((p) => p.report);
  return (
    <div className="stack" data-testid="shared-sandbox">
      <header>
        <h1>{view.game.name}</h1>
        <p className="muted">
          A sandbox shared with you, read-only: one player&rsquo;s what-if, not a real game.
          {view.phase ? ` Turn ${view.phase.turn}, ${view.phase.status === "open" ? "orders open" : view.phase.status}.` : ""}
        </p>
      </header>
      {view.board ? <BoardMap units={view.board.units} owners={view.board.owners} victoryCities={view.game.houseRules?.victoryCities === true} start={null} title="Map of the sandbox" /> : null}
      {resolved.length > 0 ? (
        <section aria-labelledby="shared-turns">
          <h2 id="shared-turns">Turns played</h2>
          <ul>
            {resolved.map((p) => (
              <li key={p.id}>
                Turn {p.turn}: {p.report!.battles.length} {p.report!.battles.length === 1 ? "battle" : "battles"}
                {p.report!.captures.length > 0 ? `, ${p.report!.captures.map((c) => `${c.to} took ${c.territory}`).join(", ")}` : ""}
                {p.report!.victory.winner ? `; the ${p.report!.victory.winner} won` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
