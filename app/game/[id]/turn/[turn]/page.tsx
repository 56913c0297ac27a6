// The review of one turn (issue 7): what happened, as a story, for every player once the turn resolved.
// A server component: it prefetches through the server-side tRPC caller, like the history page.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { requireUser } from "@/server/auth";
import { INT4_MAX } from "@/server/api/input";
import { serverTrpc } from "../../../../trpc/server";
import { parseGameId } from "../../game-id";
import { history1942, review1942 } from "../../game-types";
import { turnStory } from "../story";
import { StoryView } from "../story-view";
import { LuckView } from "../luck-view";
import styles from "../story.module.css";
import { ReviewScreen } from "../review-screen";
import { RulesetReview } from "../../../../games/ruleset-review";
import { reviewReadsGameReports } from "../../../../games/review-needs";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ turn: string }> }): Promise<Metadata> {
  return { title: `Turn ${(await params).turn}` };
}

const STATUS: Record<string, string> = {
  open: "its orders are open",
  resolving: "it is being resolved",
  battles: "its battles are under way",
  "post-combat": "its air units are landing (post-combat)",
};

export default async function TurnReviewPage({ params }: { params: Promise<{ id: string; turn: string }> }) {
  const { id, turn: turnParam } = await params;
  await requireUser(`/game/${id}/turn/${turnParam}`);
  const gameId = parseGameId(id);
  const turn = /^\d+$/.test(turnParam) ? Number(turnParam) : NaN;
  if (gameId === null || !Number.isSafeInteger(turn) || turn < 1 || turn > INT4_MAX) notFound();
  const trpc = await serverTrpc();
  const missing = (e: unknown) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return null;
    throw e;
  };
  // One review for every ruleset (play.review); a 1942 game's is told on its map from the report, any
  // other by its game's Review. A 1942 game's page draws neither of the turn's boards (its start and
  // end views), so it asks for none: for the game's last turn the end is a whole turn replayed.
  const kind = await trpc.play.kind({ gameId }).catch(missing);
  if (!kind) notFound();
  // Only a phased review that prices luck over the game asks for every earlier turn's report.
  const gameReports = kind.phased && reviewReadsGameReports(kind.ruleset);
  const generic = await trpc.play.review({ gameId, turn, boards: kind.phased, gameReports }).catch(missing);
  if (!generic) notFound();
  // A game played a phase at a time (a 1942 one too) is told by its game's Review; a classic 1942 game on its map.
  if (kind.phased) return <RulesetReview review={generic} />;
  const review = review1942(generic);
  const has = (t: number) => review.turns.some((p) => p.turn === t);
  // Luck over the game: every resolved turn up to this one (the history the history page shows).
  const history = review.resolved ? history1942(await trpc.play.history({ gameId })) : null;
  const gameBattles = history?.phases.filter((p) => p.turn <= turn && p.report).flatMap((p) => p.report!.battles) ?? [];
  const sections = review.report ? turnStory(review.report, review.orders ?? {}, { lowLuck: review.lowLuck }) : [];
  const header = (
    <header>
      <h1 data-testid="review-title">
        {review.name}: turn {turn}
      </h1>
      <nav aria-label="Turns" className={`${styles.turnPager} small`}>
        <span>{has(turn - 1) ? <Link href={`/game/${gameId}/turn/${turn - 1}`} data-testid="previous-turn">← Turn {turn - 1}</Link> : null}</span>
        <span>
          <Link href={`/game/${gameId}`}>Back to the game</Link> · <Link href={`/game/${gameId}/history#turn-${turn}`}>History</Link>
          {review.resolved ? (
            <>
              {" "}
              ·{" "}
              <a href={`/game/${gameId}/history/download?turn=${turn}`} download={`lockstep-game-${gameId}-turn-${turn}.json`} data-testid="review-download">
                Download JSON
              </a>
            </>
          ) : null}
        </span>
        <span>{has(turn + 1) ? <Link href={`/game/${gameId}/turn/${turn + 1}`} data-testid="next-turn">Turn {turn + 1} →</Link> : null}</span>
      </nav>
    </header>
  );
  // Nothing of a turn that is not resolved yet: its orders stay secret (R3), the page says only that.
  if (!review.resolved || !review.report)
    return (
      <div className="stack">
        {header}
        <p className="note" data-testid="review-not-resolved">
          Turn {turn} is not resolved yet: {STATUS[review.status] ?? review.status}. Its orders stay secret until it is; the story appears here then.
        </p>
      </div>
    );
  return (
    <ReviewScreen turn={turn} report={review.report} orders={review.orders ?? {}} lowLuck={review.lowLuck} victoryCities={review.victoryCities} luck={review.luck ?? []} header={header}>
      <p className="muted small">
        Every nation&rsquo;s orders are revealed now. Each sentence cites the rule that decided it: point at or focus a rule id to read the rule.
      </p>
      <StoryView sections={sections} />
      <LuckView battles={review.report.battles} lowLuck={review.lowLuck} game={{ battles: gameBattles, turns: turn }} />
    </ReviewScreen>
  );
}
