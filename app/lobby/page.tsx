import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { Lobby } from "./lobby";

export const metadata: Metadata = { title: "Lobby" };
export const dynamic = "force-dynamic";

export default async function LobbyPage() {
  await requireUser("/lobby");
  return <Lobby />;
}
