// The whole history of a game as a JSON file: seeds, orders and reports, for checking or replaying.
// With ?turn=N: that one turn as the review page tells it — the facts (orders, report) and the story's
// sentences with their rule ids; a turn not resolved yet gives its status only (its orders stay secret).
import { TRPCError } from "@trpc/server";
import { INT4_MAX } from "../../../../../server/api/input";
import { internalMessage, logInternalError, retryAfterHeaders } from "../../../../../server/api/internal-error";
import { serverTrpc } from "../../../../trpc/server";
import { parseGameId } from "../../game-id";
import { review1942 } from "../../game-types";
import { turnStory } from "../../turn/story";

export const dynamic = "force-dynamic";

const STATUS: Partial<Record<TRPCError["code"], number>> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, BAD_REQUEST: 400, CONFLICT: 409, TOO_MANY_REQUESTS: 429 };

function file(body: unknown, name: string): Response {
  return new Response(JSON.stringify(body, null, 2), {
    headers: { "content-type": "application/json; charset=utf-8", "content-disposition": `attachment; filename="${name}"` },
  });
}

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const gameId = parseGameId((await params).id);
  if (gameId === null) return Response.json({ error: "Not a game id" }, { status: 404 });
  const turnParam = new URL(req.url).searchParams.get("turn");
  try {
    const trpc = await serverTrpc();
    if ((await trpc.play.kind({ gameId })).phased) {
      // A game played a phase at a time (any ruleset, 1942 too): the replayable file (play.download), or one turn's review.
      if (turnParam === null) return file(await trpc.play.download({ gameId }), `lockstep-game-${gameId}.json`);
      const turn = /^\d+$/.test(turnParam) ? Number(turnParam) : NaN;
      if (!Number.isSafeInteger(turn) || turn < 1 || turn > INT4_MAX) return Response.json({ error: "Not a turn number" }, { status: 400 });
      return file(await trpc.play.review({ gameId, turn }), `lockstep-game-${gameId}-turn-${turn}.json`);
    }
    if (turnParam !== null) {
      const turn = /^\d+$/.test(turnParam) ? Number(turnParam) : NaN;
      if (!Number.isSafeInteger(turn) || turn < 1 || turn > INT4_MAX) return Response.json({ error: "Not a turn number" }, { status: 400 });
      const review = review1942(await trpc.play.review({ gameId, turn, boards: false }));
      const story = review.report ? turnStory(review.report, review.orders ?? {}, { lowLuck: review.lowLuck }) : null;
      return file({ ...review, story }, `lockstep-game-${gameId}-turn-${turn}.json`);
    }
    const history = await trpc.game.history({ gameId });
    return file({ gameId, ...history }, `lockstep-game-${gameId}-history.json`);
  } catch (e) {
    const status = e instanceof TRPCError ? STATUS[e.code] : undefined;
    if (status) return Response.json({ error: (e as TRPCError).message }, { status });
    if (e instanceof TRPCError && e.code === "SERVICE_UNAVAILABLE") return Response.json({ error: e.message }, { status: 503, headers: retryAfterHeaders([e]) });
    // Anything else is ours: logged in full, answered with its id only (never SQL or a stack).
    return Response.json({ error: internalMessage(logInternalError(e, `GET /game/${gameId}/history/download`)) }, { status: 500 });
  }
}
