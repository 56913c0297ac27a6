// Leaving a side to a robot and taking it back, in a game of any ruleset — the same rules as 1942's
// (takeover.ts, R3.2): only the side's player may leave, and only while the game is in play; a robot
// plays the side from then on, ordering and locking at once in an open turn (whose last lock closes
// it). A player whose side a robot took over after missed deadlines keeps the seat and may take it
// back at any time; in an open turn the robot's orders and lock go. A player who left cannot.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { games, locks, orders, phases, seats, type SeatSide } from "../../../db/schema";
import { conflict, notFound, notYours } from "../errors";
import { publish } from "../events";
import { currentPhase } from "../phases";
import { recordAttendance } from "../reliability";
import { reclaimNation } from "../takeover";
import { robotsOrderAndLock } from "./open-phase";
import { rulesetGame } from "./rulesets";

/** The player takes their side back from the robot that took it over (as reclaimNation, for any side id). */
export async function reclaimSide(db: Db, userId: string, gameId: number, side: string): Promise<{ reclaimed: true }> {
  const { game } = await rulesetGame(db, gameId);
  if (game.status !== "active") throw conflict("Only a game in play has sides to take back");
  return reclaimNation(db, userId, gameId, side as SeatSide);
}

/** The player leaves: a robot plays the side from now on. */
export async function leaveSide(db: Db, userId: string, gameId: number, side: string): Promise<{ left: true }> {
  const { ruleset } = await rulesetGame(db, gameId);
  return db.transaction(async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game) throw notFound("That game");
    if (game.status !== "active") throw conflict("Only a game in play can be left");
    const [seat] = await tx.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, side as never))).for("update");
    if (!seat || seat.userId !== userId) throw notYours(side);
    await tx.update(seats).set({ userId: null, robot: true, missedDeadlines: 0 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, side as never)));
    const latest = await currentPhase(tx, gameId);
    if (latest) await recordAttendance(tx, latest, side as SeatSide, userId, "left");
    const [phase] = latest ? await tx.select().from(phases).where(and(eq(phases.id, latest.id), eq(phases.status, "open"))).for("update") : [];
    if (phase) {
      // The player's saved orders and lock go: the robot gives its own (the ruleset's robot) and locks.
      await tx.delete(orders).where(and(eq(orders.phaseId, phase.id), eq(orders.nation, side as never)));
      await tx.delete(locks).where(and(eq(locks.phaseId, phase.id), eq(locks.nation, side as never)));
      await robotsOrderAndLock(tx, phase, ruleset, [side], game.options);
    }
    await publish(tx, { gameId, kind: "locks-changed", turn: latest?.turn });
    return { left: true as const };
  });
}
