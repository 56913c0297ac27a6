// Who may see a game (issue 24): every signed-in user may open a real game (as a player or a
// spectator), but a sandbox only its owner. Every procedure that names a game passes through
// `assertMaySee` (server/api/trpc.ts), so no read path of a sandbox can forget the check.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games } from "../../../db/schema";
import { notFound } from "../errors";

/** A game's sandbox owner (null: not a sandbox). Neither ever changes, so each process keeps what it read. */
const known = new WeakMap<Db, Map<number, string | null>>();
const LIMIT = 10_000;

export async function sandboxOwner(db: Db, gameId: number): Promise<string | null | undefined> {
  let map = known.get(db);
  if (!map) known.set(db, (map = new Map()));
  if (map.has(gameId)) return map.get(gameId);
  const [row] = await db.select({ sandbox: games.sandbox, createdBy: games.createdBy }).from(games).where(eq(games.id, gameId));
  // A game not there (yet) is not remembered: the procedure gives its own "not found".
  if (!row) return undefined;
  if (map.size >= LIMIT) map.clear();
  const owner = row.sandbox ? row.createdBy : null;
  map.set(gameId, owner);
  return owner;
}

/**
 * Refuse a sandbox to anyone but its owner, as if it did not exist: a stranger learns nothing, not
 * even that the id is taken. (Holders of a share link read it through sandbox.shared instead.)
 */
export async function assertMaySee(db: Db, userId: string, gameId: number): Promise<void> {
  const owner = await sandboxOwner(db, gameId);
  if (owner && owner !== userId) throw notFound("That game");
}
