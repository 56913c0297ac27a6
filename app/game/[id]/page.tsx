import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { requireUser } from "@/server/auth";
import { serverTrpc } from "../../trpc/server";
import { parseGameId } from "./game-id";
import { orNotFound, orOtherKind } from "./route-game";
import { GameScreen } from "./game-screen";
import { shellView } from "./game-shell";

export const metadata: Metadata = { title: "Game" };
export const dynamic = "force-dynamic";

export default async function GamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/game/${id}`);
  const gameId = parseGameId(id);
  if (gameId === null) notFound();
  const trpc = await serverTrpc();
  // The first render comes with the game; the client keeps it live from there. A game of another
  // ruleset refuses game.get (BAD_REQUEST) without reading more than the game's row: only then is its
  // kind asked, so a 1942 page makes one read less.
  const initial = await orNotFound(orOtherKind(trpc.game.get({ gameId })));
  if (!initial) notFound();
  if (initial === "other kind") {
    const kind = await trpc.play.kind({ gameId });
    // A game played a phase at a time (any other ruleset's, or a 1942 game play.create made) has its
    // page at /game/<id>/play (app/games' frame around its screen): a route of its own, so nothing of
    // it counts in this page's first-load JavaScript (capped at 200 KB).
    if (kind.phased) redirect(`/game/${gameId}/play`);
    notFound();
  }
  // The view travels as its JSON text: React's flight format sends a long string as one chunk, where
  // an object is walked value by value on the server and revived value by value for the server
  // render. The client gets the same shape a refetch of game.get gives (JSON, no transformer). The
  // shell's few fields come apart, so the server render does not parse the text back.
  return <GameScreen gameId={gameId} initialJson={JSON.stringify(initial)} shell={shellView(initial)} />;
}
