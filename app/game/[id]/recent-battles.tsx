"use client";
// The battles of the turn that just resolved, on the game page itself: the last rounds of a battle end
// it, so they are only ever seen here (and in the history), never as a waiting battle. A compact
// strip (where, who won) that opens to the rounds and links to the turn's review.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { useTRPC } from "../../trpc/client";
import { BattleReportView } from "./battle-rounds";
import { history1942 } from "./game-types";

export function RecentBattles({ gameId, turn, mine }: { gameId: number; turn: number; mine: readonly Nation[] }) {
  const trpc = useTRPC();
  const history = useQuery({ ...trpc.play.history.queryOptions({ gameId }), staleTime: 60_000 });
  const phase = (history.data ? history1942(history.data) : undefined)?.phases.find((p) => p.turn === turn && p.report);
  const battles = phase?.report?.battles ?? [];
  if (battles.length === 0) return null;
  const fought = (b: (typeof battles)[number]) => [...b.sides.Axis, ...b.sides.Allies].some((u) => mine.includes(u.nation));
  return (
    <section aria-labelledby="recent-battles-heading" data-testid="recent-battles">
      <details>
        <summary className="small">
          <strong id="recent-battles-heading">
            Battles of turn {turn} ({battles.length}):
          </strong>{" "}
          {battles.map((b, i) => (
            <span key={i} data-testid={`recent-battle-chip-${i}`}>
              {i > 0 ? ", " : ""}
              {fought(b) ? <strong>{b.territory}</strong> : b.territory}
              {b.winner ? ` (${b.winner === "none" ? "no winner" : `${b.winner} won`})` : ""}
            </span>
          ))}{" "}
          · <Link href={`/game/${gameId}/turn/${turn}`}>review</Link>
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
