import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { requireUser } from "@/server/auth";
import { serverTrpc } from "../../../trpc/server";
import { SharedRulesetSandbox } from "./shared-ruleset-sandbox";
import { SharedSandbox } from "./shared-sandbox";
import { history1942 } from "../../../game/[id]/game-types";

export const metadata: Metadata = { title: "Shared sandbox" };
export const dynamic = "force-dynamic";

/** A sandbox its owner shared on purpose (issue 24): read-only, as a spectator sees a game. */
export default async function SharedSandboxPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  await requireUser(`/sandbox/shared/${token}`);
  const shared = await (await serverTrpc()).sandbox.shared({ token }).catch((e: unknown) => {
    if (e instanceof TRPCError && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) return null;
    throw e;
  });
  if (!shared) notFound();
  if (shared.ruleset !== "1942") return <SharedRulesetSandbox game={shared.game} turnsPlayed={shared.history.turns.filter((t) => t.status === "resolved").length} />;
  return <SharedSandbox view={shared.view} history={history1942(shared.history)} />;
}
