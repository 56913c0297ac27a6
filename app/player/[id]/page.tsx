import type { Metadata } from "next";
import { requireUser } from "@/server/auth";
import { Profile } from "./profile";

export const metadata: Metadata = { title: "Player" };
export const dynamic = "force-dynamic";

export default async function PlayerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUser(`/player/${encodeURIComponent(id)}`);
  return <Profile id={id} />;
}
