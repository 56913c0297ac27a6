"use client";
// The battles of the turn that just resolved, on the game page itself: the last rounds of a battle end
// it, so they are only ever seen here (and in the history), never as a waiting battle.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { Nation } from "../../../server/engine/types";
import { useTRPC } from "../../trpc/client";
import { BattleReportView } from "./battle-rounds";

export function RecentBattles({ gameId, turn, mine }: { gameId: number; turn: number; mine: readonly Nation[] }) {
  const trpc = useTRPC();
  const history = useQuery({ ...trpc.game.history.queryOptions({ gameId }), staleTime: 60_000 });
  const phase = history.data?.phases.find((p) => p.turn === turn && p.report);
  const battles = phase?.report?.battles ?? [];
  if (battles.length === 0) return null;
  // Open when the viewer took part in one of them.
  const open = battles.some((b) => [...b.sides.Axis, ...b.sides.Allies].some((u) => mine.includes(u.nation)));
  return (
    <section className="card" aria-labelledby="recent-battles-heading" data-testid="recent-battles">
      <details open={open}>
        <summary>
          <h2 id="recent-battles-heading" className="summary-heading">
            Battles of turn {turn} <span className="muted small">({battles.length})</span>
          </h2>
        </summary>
        {battles.map((b, i) => (
          <BattleReportView key={i} battle={b} />
        ))}
        <p className="small">
          <Link href={`/game/${gameId}/turn/${turn}`}>The whole story of turn {turn}</Link> ·{" "}
          <Link href={`/game/${gameId}/history#turn-${turn}`}>its report in the history</Link>
        </p>
      </details>
    </section>
  );
}
