"use client";
// The battles of the turn that just resolved, on the game page itself: the last rounds of a battle end
// it, so they are only ever seen here (and in the history), never as a waiting battle. A compact
// strip (where, who won) that opens to the rounds and links to the turn's review. A classic game reads
// them from its history's row of the turn; a game played a phase at a time gets the whole turn's report
// from the platform (app/games/1942/screen.tsx) and shows the same strip (RecentBattlesView).
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { BattleReport } from "../../../server/rulesets/1942/engine/report";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { useTRPC } from "../../trpc/client";
import { BattleReportView } from "./battle-rounds";
import { history1942 } from "./game-types";

export function RecentBattles({ gameId, turn, mine }: { gameId: number; turn: number; mine: readonly Nation[] }) {
  const trpc = useTRPC();
  const history = useQuery({ ...trpc.play.history.queryOptions({ gameId }), staleTime: 60_000 });
  const phase = (history.data ? history1942(history.data) : undefined)?.phases.find((p) => p.turn === turn && p.report);
  return <RecentBattlesView gameId={gameId} turn={turn} battles={phase?.report?.battles ?? []} mine={mine} />;
}

/** The strip of a turn's battles (the battles of its whole report); nothing when the turn had none. `mine`: the viewer's nations, whose battles are in bold. */
export function RecentBattlesView({ gameId, turn, battles, mine }: { gameId: number; turn: number; battles: readonly BattleReport[]; mine: readonly string[] }) {
  if (battles.length === 0) return null;
  const fought = (b: BattleReport) => [...b.sides.Axis, ...b.sides.Allies].some((u) => mine.includes(u.nation));
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
