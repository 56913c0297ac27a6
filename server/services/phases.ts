// Opening a phase: its state, a secret dice seed with its published SHA-256, its deadline, and the
// robots' orders and locks (R3.2: a robot orders and locks at once).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, orders, phases, seats, type GameOptions } from "../../db/schema";
import { ENGINE_VERSION, validateOrders, type GameState, type Nation } from "../engine";
import { robotOrders } from "../robots/robot";
import { deadlineFrom } from "./deadline-time";

export type Phase = typeof phases.$inferSelect;

export function seedHash(seed: string): string {
  return createHash("sha256").update(seed).digest("hex");
}

/** `robots`: the game's robot nations, when the caller has just read them (one query fewer). */
export async function openPhase(tx: Db, gameId: number, turn: number, state: GameState, options: GameOptions, robots?: Nation[]): Promise<Phase> {
  const seed = randomBytes(32).toString("hex");
  const deadline = deadlineFrom(new Date(), options.ordersHours, options.ordersAt);
  const [phase] = await tx
    .insert(phases)
    .values({ gameId, turn, kind: "orders", startState: state, seed, seedHash: seedHash(seed), engineVersion: ENGINE_VERSION, deadline })
    .returning();
  const robotNations = robots ?? (await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.robot, true)))).map((r) => r.nation);
  await robotsOrderAndLock(tx, phase!, robotNations, options);
  return phase!;
}

/** R3.2 — robots order through the same engine checks as a player (only orders the engine accepts are kept) and lock. */
export async function robotsOrderAndLock(tx: Db, phase: Phase, nations: Nation[], options: GameOptions): Promise<void> {
  if (nations.length === 0) return;
  if (!options.robotsHold) {
    const rows = nations.flatMap((nation) => {
      const list = robotOrders(phase.startState, nation, `${phase.seed}|robot|${nation}`);
      const checked = validateOrders(phase.startState, nation, list);
      return list.filter((_, i) => checked.results[i]!.ok).map((order, position) => ({ phaseId: phase.id, nation, position, order, savedBy: null }));
    });
    if (rows.length > 0) await tx.insert(orders).values(rows);
  }
  await tx.insert(locks).values(nations.map((nation) => ({ phaseId: phase.id, nation, lockedBy: null })));
}

/** The game's latest phase. */
export async function currentPhase(db: Db, gameId: number): Promise<Phase | undefined> {
  const [phase] = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  return phase;
}

export async function loadGame(db: Db, gameId: number) {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  return game;
}
