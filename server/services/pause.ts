// Pausing a game (R3.1): the creator stops the clock; no deadline passes while paused, and resuming
// moves every deadline of the current phase by the time the game stood still, so each keeps its
// remaining time. Players may still save and lock meanwhile; a phase whose nations all lock resolves.
// The same for a game of any ruleset played a phase at a time (play.pause, play.resume): its phase
// rows keep their deadlines as a classic game's do, and the sweep skips a paused game of either kind.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, phases } from "../../db/schema";
import { conflict, forbidden, notFound, ServiceError } from "./errors";
import { publish } from "./events";
import { currentPhase } from "./phases";
import { classicGame } from "./ruleset-games/rulesets";

/** Which procedures ask: play.* refuses a classic 1942 game and game.* a game played a phase at a time, as every procedure of each does. */
export type PauseVia = "game" | "play";

async function creatorsGame(tx: Db, userId: string, gameId: number, via: PauseVia) {
  const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
  if (!game) throw notFound("That game");
  if (via === "play" && classicGame(game)) throw new ServiceError("BAD_REQUEST", "This is a 1942 game: it is paused and resumed through game.pause and game.resume");
  // And the other way round, as every game.* procedure refuses a game played a phase at a time.
  if (via === "game" && !classicGame(game)) throw new ServiceError("BAD_REQUEST", "This game is played a phase at a time: it is paused and resumed through play.pause and play.resume");
  if (game.createdBy !== userId) throw forbidden("Only the game's creator may pause or resume it");
  if (game.status !== "active") throw conflict("Only a game in play can be paused or resumed");
  return game;
}

export async function pauseGame(db: Db, userId: string, gameId: number, via: PauseVia = "game"): Promise<{ pausedAt: string }> {
  return db.transaction(async (tx) => {
    const game = await creatorsGame(tx, userId, gameId, via);
    if (game.pausedAt) throw conflict("The game is already paused");
    const [row] = await tx.update(games).set({ pausedAt: new Date() }).where(eq(games.id, gameId)).returning({ pausedAt: games.pausedAt });
    await publish(tx, { gameId, kind: "paused" });
    return { pausedAt: row!.pausedAt!.toISOString() };
  });
}

export async function resumeGame(db: Db, userId: string, gameId: number, via: PauseVia = "game"): Promise<{ shiftedMs: number }> {
  return db.transaction(async (tx) => {
    const game = await creatorsGame(tx, userId, gameId, via);
    if (!game.pausedAt) throw conflict("The game is not paused");
    const shiftedMs = Math.max(0, Date.now() - game.pausedAt.getTime());
    const phase = await currentPhase(tx, gameId);
    if (phase && phase.status !== "resolved") {
      const later = (d: Date | null) => (d ? new Date(d.getTime() + shiftedMs) : null);
      const pending = phase.pending
        ? { ...phase.pending, requests: phase.pending.requests.map((r) => ({ ...r, deadline: new Date(new Date(r.deadline).getTime() + shiftedMs).toISOString() })) }
        : null;
      await tx
        .update(phases)
        .set({ deadline: later(phase.deadline)!, decisionDeadline: later(phase.decisionDeadline), pending })
        .where(eq(phases.id, phase.id));
    }
    await tx.update(games).set({ pausedAt: null }).where(eq(games.id, gameId));
    await publish(tx, { gameId, kind: "resumed", turn: phase?.turn });
    return { shiftedMs };
  });
}
