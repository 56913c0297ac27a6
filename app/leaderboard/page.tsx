import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { Leaderboard } from "./leaderboard";

export const metadata: Metadata = { title: "Leaderboard" };
export const dynamic = "force-dynamic";

export default async function LeaderboardPage() {
  await requireUser("/leaderboard");
  return <Leaderboard />;
}
