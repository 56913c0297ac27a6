// The whole history of a game as a JSON file: seeds, orders and reports, for checking or replaying.
import { TRPCError } from "@trpc/server";
import { serverTrpc } from "../../../../trpc/server";
import { parseGameId } from "../../game-id";

export const dynamic = "force-dynamic";

const STATUS: Partial<Record<TRPCError["code"], number>> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const gameId = parseGameId((await params).id);
  if (gameId === null) return Response.json({ error: "Not a game id" }, { status: 404 });
  try {
    const history = await (await serverTrpc()).game.history({ gameId });
    return new Response(JSON.stringify({ gameId, ...history }, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="lockstep-game-${gameId}-history.json"`,
      },
    });
  } catch (e) {
    if (e instanceof TRPCError) return Response.json({ error: e.message }, { status: STATUS[e.code] ?? 500 });
    throw e;
  }
}
