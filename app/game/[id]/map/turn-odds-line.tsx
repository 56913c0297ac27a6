"use client";
// The exact odds of the whole turn of the draft (issue 24): "All 3 attacks succeed: 41 %", then each
// attack and the capital kept, priced together by the odds worker (a sea battle decides whether the
// landings from its zone happen at all). Loaded lazily: nothing of it is in the game page's first load.
import { useMemo } from "react";
import type { Order } from "../../../../server/rulesets/1942/engine/orders/types";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { TurnRequest } from "../../../odds/turn-price";
import { useTurnOdds } from "../../../odds/use-turn-odds";
import { slug, type Board } from "../game-types";
import { percent } from "./odds-layer";
import type { DraftOrder } from "./order-draft";

export function TurnOddsLine(props: { nation: Nation; board: Board; draft: readonly DraftOrder[]; lowLuck: boolean }) {
  const { nation, board, draft, lowLuck } = props;
  const s = slug(nation);
  // Purchases do not fight this turn: only the moves go to the worker.
  const moves = useMemo(() => draft.filter((o) => o.from && o.units) as unknown as Order[], [draft]);
  const odds = useTurnOdds(moves.length > 0 ? ({ board, nation, orders: moves, lowLuck } satisfies TurnRequest) : undefined);
  if (moves.length === 0) return null;
  const lines = odds.result?.lines ?? [];
  return (
    // A neutral box: odds are information, not a warning.
    <div
      className="card-item small"
      data-testid={`turn-odds-${s}`}
      data-pending={odds.pending ? "1" : undefined}
      aria-busy={odds.pending}
      title="Exact odds of the whole turn: every order of the draft together, sea battles before the landings they decide"
    >
      <strong>Whole turn</strong>
      {odds.error ? <span> — not priced: {odds.error}</span> : lines.length === 0 ? <span> — pricing…</span> : null}
      <ul className="turn-odds" style={{ opacity: odds.pending ? 0.55 : 1, margin: "0.25rem 0 0", paddingLeft: "1.1rem" }}>
        {lines.map((line) => (
          <li key={line.key} data-testid={`turn-odds-${s}-${slug(line.key)}`} data-p={odds.pending ? undefined : line.p}>
            {line.key === "all" ? <strong>{line.label}</strong> : line.label}: <strong>{percent(line.p)} %</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
