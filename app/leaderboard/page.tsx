import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { Leaderboard } from "./leaderboard";

export const metadata: Metadata = { title: "Leaderboard" };
export const dynamic = "force-dynamic";

/** /leaderboard?game=ID shows that game's ratings; without it, 1942's (the links made before keep working). */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<{ game?: string | string[] }> }) {
  const { game } = await searchParams;
  await requireUser(game ? `/leaderboard?game=${encodeURIComponent(String(game))}` : "/leaderboard");
  return <Leaderboard ruleset={typeof game === "string" && game ? game : "1942"} />;
}
