// Robots taking over (R3.2). Game option: a player who lets `robotTakeover` orders deadlines in a row
// pass without locking hands the nation to a robot, which orders from the next turn on; the player
// keeps the seat and may take the nation back at any time. A player who leaves hands it over for good.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, orders, phases, postCombatOrders, seats, type SeatSide } from "../../db/schema";
import { enqueue } from "../jobs/queue";
import { beginResolving } from "./resolving";
import { closePostCombat } from "./post-combat";
import { conflict, notFound, notYours } from "./errors";
import { publish } from "./events";
import { notify } from "./notify";
import { recordAttendance } from "./reliability";
import { currentPhase, robotsOrderAndLock, type Phase } from "./phases";
import { awaitedSides, waitsFor } from "./ruleset-games/acting";
import { scenarioSides } from "./ruleset-games/rulesets";

/** At an orders deadline: count a miss for each player who had not locked; hand over at the limit. */
export async function countMissedDeadlines(tx: Db, phase: Phase): Promise<SeatSide[]> {
  const [game] = await tx.select().from(games).where(eq(games.id, phase.gameId));
  const locked = new Set((await tx.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id))).map((r) => r.nation));
  const players = await tx
    .select()
    .from(seats)
    .where(and(eq(seats.gameId, phase.gameId), eq(seats.robot, false), isNotNull(seats.userId)));
  const limit = game?.options.robotTakeover ?? 0;
  const takenOver: SeatSide[] = [];
  // A side with nothing to order missed nothing.
  const awaited = await awaitedSides(tx, phase);
  for (const seat of players.filter((s) => !locked.has(s.nation) && waitsFor(awaited, s.nation))) {
    const missed = seat.missedDeadlines + 1;
    const handOver = limit > 0 && missed >= limit;
    await tx
      .update(seats)
      .set({ missedDeadlines: missed, robot: handOver })
      .where(and(eq(seats.gameId, seat.gameId), eq(seats.nation, seat.nation)));
    if (!handOver) continue;
    takenOver.push(seat.nation);
    await notify(tx, [
      {
        userId: seat.userId!,
        gameId: phase.gameId,
        kind: "robot-takeover",
        text: `${game!.name}: ${seat.nation} missed ${missed} orders deadlines in a row, so a robot plays it from turn ${phase.turn + 1}; you can take it back on the game page`,
        url: `/game/${phase.gameId}`,
        eventKey: `robot-takeover:${phase.id}:${seat.nation}`,
        fact: { kind: "robot-takeover", gameId: phase.gameId, nation: seat.nation },
      },
    ]);
  }
  if (takenOver.length > 0) await publish(tx, { gameId: phase.gameId, kind: "robot-takeover", turn: phase.turn });
  return takenOver;
}

/** The player takes their nation back from the robot; in open orders, the robot's orders and lock go. */
export async function reclaimNation(db: Db, userId: string, gameId: number, nation: SeatSide): Promise<{ reclaimed: true }> {
  return db.transaction(async (tx) => {
    const [seat] = await tx.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, nation))).for("update");
    if (!seat) throw notFound("That nation");
    if (seat.userId !== userId) throw notYours(nation);
    if (!seat.robot) throw conflict(`You already play ${nation}`);
    await tx.update(seats).set({ robot: false, missedDeadlines: 0 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, nation)));
    const phase = await currentPhase(tx, gameId);
    if (phase?.status === "open") {
      const [open] = await tx.select({ id: phases.id }).from(phases).where(and(eq(phases.id, phase.id), eq(phases.status, "open"))).for("update");
      if (open) {
        await tx.delete(orders).where(and(eq(orders.phaseId, phase.id), eq(orders.nation, nation), isNull(orders.savedBy)));
        await tx.delete(locks).where(and(eq(locks.phaseId, phase.id), eq(locks.nation, nation), isNull(locks.lockedBy)));
      }
    }
    await publish(tx, { gameId, kind: "locks-changed", turn: phase?.turn });
    return { reclaimed: true as const };
  });
}

/**
 * A player leaves: a robot plays the nation from now on. In open orders the robot orders and locks at
 * once (the last lock resolves the turn); a battle or post-combat choice waiting for the nation is
 * taken by the robot as the adjudication goes on.
 */
export async function leaveGame(db: Db, userId: string, gameId: number, nation: SeatSide): Promise<{ left: true }> {
  return db.transaction(async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game) throw notFound("That game");
    if (game.status !== "active") throw conflict("Only a game in play can be left");
    const [seat] = await tx.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, nation))).for("update");
    if (!seat || seat.userId !== userId) throw notYours(nation);
    await tx.update(seats).set({ userId: null, robot: true, missedDeadlines: 0 }).where(and(eq(seats.gameId, gameId), eq(seats.nation, nation)));
    const latest = await currentPhase(tx, gameId);
    if (latest) await recordAttendance(tx, latest, nation, userId, "left");
    const [phase] = latest ? await tx.select().from(phases).where(eq(phases.id, latest.id)).for("update") : [];
    if (phase?.status === "open") {
      await tx.delete(orders).where(and(eq(orders.phaseId, phase.id), eq(orders.nation, nation)));
      await tx.delete(locks).where(and(eq(locks.phaseId, phase.id), eq(locks.nation, nation)));
      await robotsOrderAndLock(tx, phase, [nation], game.options);
      const locked = await tx.select({ n: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id));
      if (locked.length === scenarioSides(game).length) await beginResolving(tx, phase);
    } else if (phase?.status === "battles") {
      await enqueue(tx, `adjudicate:${phase.id}:left:${nation}:${(phase.decisions ?? []).length}`, { phaseId: phase.id });
    } else if (phase?.status === "post-combat") {
      await tx
        .update(postCombatOrders)
        .set({ lockedAt: new Date() })
        .where(and(eq(postCombatOrders.phaseId, phase.id), eq(postCombatOrders.nation, nation), isNull(postCombatOrders.lockedAt)));
      const open = await tx.select({ n: postCombatOrders.nation }).from(postCombatOrders).where(and(eq(postCombatOrders.phaseId, phase.id), isNull(postCombatOrders.lockedAt)));
      if (open.length === 0) await closePostCombat(tx, phase);
    }
    await publish(tx, { gameId, kind: "locks-changed", turn: phase?.turn });
    return { left: true as const };
  });
}
