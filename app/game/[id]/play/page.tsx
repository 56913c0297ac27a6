// The page of a game played a phase at a time, of any ruleset (the game page redirects here by
// play.kind's `phased`; a classic 1942 game goes back to its own screen): the
// platform's frame (app/games/ruleset-game.tsx) around the game's own screen. A server component: the
// first render comes with the game; the client keeps it live from there.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RulesetGame } from "../../../games/ruleset-game";
import { rulesetShell } from "../../../games/ruleset-shell";
import { routeGame } from "../route-game";

export const metadata: Metadata = { title: "Game" };
export const dynamic = "force-dynamic";

export default async function RulesetGamePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { gameId, phased, trpc } = await routeGame(id, `/game/${id}/play`);
  if (!phased) redirect(`/game/${gameId}`);
  const initial = await trpc.play.get({ gameId });
  // The view travels as its JSON text (one chunk of the flight data, not walked value by value), and
  // the shell's few fields apart, so the server render never parses the text back (docs/load-test.md,
  // twelfth pass). Both are the viewer's own view: nothing of another side's saved orders.
  return <RulesetGame gameId={gameId} initialJson={JSON.stringify(initial)} shell={rulesetShell(initial)} />;
}
