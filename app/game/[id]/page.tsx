import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { requireUser } from "@/server/auth";
import { serverTrpc } from "../../trpc/server";
import { parseGameId } from "./game-id";
import { GameScreen } from "./game-screen";

export const metadata: Metadata = { title: "Game" };
export const dynamic = "force-dynamic";

export default async function GamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/game/${id}`);
  const gameId = parseGameId(id);
  if (gameId === null) notFound();
  // The first render comes with the game; the client keeps it live from there.
  const initial = await (await serverTrpc()).game.get({ gameId }).catch((e: unknown) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return null;
    throw e;
  });
  if (!initial) notFound();
  return <GameScreen gameId={gameId} initial={initial} />;
}
