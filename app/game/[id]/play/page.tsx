// The page of a game played a phase at a time, of any ruleset (the game page and the lobby send it
// here; a classic 1942 game goes back to its own screen): the
// platform's frame (app/games/ruleset-game.tsx) around the game's own screen. A server component: the
// first render comes with the game; the client keeps it live from there.
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { requireUser } from "@/server/auth";
import { RulesetGame } from "../../../games/ruleset-game";
import { rulesetShell } from "../../../games/ruleset-shell";
import { serverTrpc } from "../../../trpc/server";
import { parseGameId } from "../game-id";
import { orNotFound, orOtherKind } from "../route-game";

export const metadata: Metadata = { title: "Game" };
export const dynamic = "force-dynamic";

export default async function RulesetGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/game/${id}/play`);
  const gameId = parseGameId(id);
  if (gameId === null) notFound();
  // play.get refuses a classic 1942 game (BAD_REQUEST) after reading the game's row alone: only then
  // does the viewer go to its own page, so this page asks no play.kind first (one statement less).
  const initial = await orNotFound(orOtherKind((await serverTrpc()).play.get({ gameId })));
  if (!initial) notFound();
  if (initial === "other kind") redirect(`/game/${gameId}`);
  // The view travels as its JSON text (one chunk of the flight data, not walked value by value), and
  // the shell's few fields apart, so the server render never parses the text back (docs/load-test.md,
  // twelfth pass). Both are the viewer's own view: nothing of another side's saved orders.
  return <RulesetGame gameId={gameId} initialJson={JSON.stringify(initial)} shell={rulesetShell(initial)} />;
}
