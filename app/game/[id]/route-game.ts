// What every server-rendered page of one game does first: the viewer signs in (and comes back to
// `path`), the route's id is a game's, and the game's kind says which page draws it: a classic 1942
// game its own pages, a game played a phase at a time (`phased`, play.kind; a 1942 one too) the
// platform's. A game that
// does not exist, or that the viewer may not see, is a 404.
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { requireUser } from "@/server/auth";
import { serverTrpc } from "../../trpc/server";
import { parseGameId } from "./game-id";

/** A query's answer, or null where it finds no such game (or none the viewer may see). */
export function orNotFound<T>(query: Promise<T>): Promise<T | null> {
  return query.catch((e: unknown) => {
    if (e instanceof TRPCError && e.code === "NOT_FOUND") return null;
    throw e;
  });
}

/**
 * A game read of one kind's procedures (game.get: a classic 1942 game; play.get: a game played a
 * phase at a time), or "other kind" where it refuses a game of the other kind (BAD_REQUEST, after
 * reading no more than the game's row): the page then sends the viewer to the other kind's page, and
 * the game's own page reads its kind in no statement apart.
 */
export function orOtherKind<T>(query: Promise<T>): Promise<T | "other kind"> {
  return query.catch((e: unknown) => {
    if (e instanceof TRPCError && e.code === "BAD_REQUEST") return "other kind" as const;
    throw e;
  });
}

export async function routeGame(id: string, path: string) {
  await requireUser(path);
  const gameId = parseGameId(id);
  if (gameId === null) notFound();
  const trpc = await serverTrpc();
  const kind = await orNotFound(trpc.play.kind({ gameId }));
  if (!kind) notFound();
  return { gameId, ruleset: kind.ruleset, phased: kind.phased, trpc };
}
