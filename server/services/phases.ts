// Opening a phase: its state, a secret dice seed with its published SHA-256, its deadline, and the
// robots' orders and locks (R3.2: a robot orders and locks at once).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, orders, phases, seats, type GameOptions } from "../../db/schema";
import { ENGINE_VERSION, validateOrders, type GameState, type Nation } from "../rulesets/1942/engine";
import { robotOrders } from "../rulesets/1942/robots/robot";
import { deadlineFrom } from "./deadline-time";
import { writeBoth } from "./one-trip";

export type Phase = typeof phases.$inferSelect;

export function seedHash(seed: string): string {
  return createHash("sha256").update(seed).digest("hex");
}

/**
 * `robots`: the game's robot nations, when the caller has just read them (one query fewer).
 * `after`: the caller's write that ends the phase before (an UPDATE of another row), sent in the same
 * statement as a CTE: the adjudication's round trip fewer, with its largest two values (the report
 * and the next start state) in one message.
 */
export async function openPhase(
  tx: Db,
  gameId: number,
  turn: number,
  state: GameState,
  options: GameOptions,
  robots?: Nation[],
  after?: SQLWrapper,
): Promise<{ id: number }> {
  const seed = randomBytes(32).toString("hex");
  const deadline = deadlineFrom(new Date(), options.ordersHours, options.ordersAt);
  // Only the id back: the start state is the largest column, and the caller has it already.
  const insert = tx
    .insert(phases)
    .values({ gameId, turn, kind: "orders", startState: state, seed, seedHash: seedHash(seed), engineVersion: ENGINE_VERSION, deadline })
    .returning({ id: phases.id });
  const id = after ? Number((await writeBoth<{ id: number }>(tx, after, insert))[0]!.id) : (await insert)[0]!.id;
  const robotNations = robots ?? (await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.robot, true)))).map((r) => r.nation);
  await robotsOrderAndLock(tx, { id, startState: state, seed }, robotNations, options);
  return { id };
}

/** R3.2 — robots order through the same engine checks as a player (only orders the engine accepts are kept) and lock. */
export async function robotsOrderAndLock(tx: Db, phase: Pick<Phase, "id" | "startState" | "seed">, nations: Nation[], options: GameOptions): Promise<void> {
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
/**
 * The game's latest phase, locked for update, without its start state and report (the largest
 * columns: a lock or a decision needs neither). One statement.
 */
export async function lockLatestPhase(tx: Db, gameId: number): Promise<Pick<Phase, "id" | "turn" | "status"> | undefined> {
  const [phase] = await tx.select({ id: phases.id, turn: phases.turn, status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn), desc(phases.step)).limit(1).for("update");
  return phase;
}

export async function currentPhase(db: Db, gameId: number): Promise<Phase | undefined> {
  // A ruleset's turn may have several phases (step): the latest is the last of the latest turn.
  const [phase] = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn), desc(phases.step)).limit(1);
  return phase;
}

export async function loadGame(db: Db, gameId: number) {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  return game;
}
