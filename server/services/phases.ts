// Opening a phase: its state, a secret dice seed with its published SHA-256, its deadline, and the
// robots' orders and locks (R3.2: a robot orders and locks at once).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { games, locks, orders, phases, seats, type GameOptions, type SeatSide } from "../../db/schema";
import { CLASSIC, rulesetOf } from "./ruleset-games/rulesets";
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
  state: Phase["startState"],
  options: GameOptions,
  robots?: SeatSide[],
  after?: SQLWrapper,
  /**
   * A phase whose start state's board is this state's (the same object: the engine never changes the
   * board, R1's map): the board is copied from that row in the statement instead of sent again (20 of
   * a turn's 35 KB of start state; the stored value is the same jsonb).
   */
  boardFrom?: { phaseId: number; state: Phase["startState"] },
): Promise<{ id: number }> {
  const seed = randomBytes(32).toString("hex");
  // 1942's phases store the engine's own version (its ruleset's), as they always have.
  const engineVersion = rulesetOf(CLASSIC).version;
  const deadline = deadlineFrom(new Date(), options.ordersHours, options.ordersAt);
  // Only the id back: the start state is the largest column, and the caller has it already.
  const insert = tx
    .insert(phases)
    .values({ gameId, turn, kind: "orders", startState: startStateValue(state, boardFrom), seed, seedHash: seedHash(seed), engineVersion, deadline })
    .returning({ id: phases.id });
  const id = after ? Number((await writeBoth<{ id: number }>(tx, after, insert))[0]!.id) : (await insert)[0]!.id;
  const robotNations = robots ?? (await tx.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.robot, true)))).map((r) => r.nation);
  await robotsOrderAndLock(tx, { id, startState: state, seed }, robotNations, options);
  return { id };
}

/**
 * The start state to insert: itself, or without its board and the board copied from `boardFrom`'s row
 * (a state of any ruleset whose top-level `board` is the very object of that row's: storage, no rule).
 */
export function startStateValue(state: Phase["startState"], boardFrom?: { phaseId: number; state: Phase["startState"] }): Phase["startState"] | SQL {
  if (!boardFrom || typeof state !== "object" || state === null || typeof boardFrom.state !== "object" || boardFrom.state === null) return state;
  if (state.board === undefined || boardFrom.state.board !== state.board) return state;
  const { board: _board, ...rest } = state;
  return sql`jsonb_set(${JSON.stringify(rest)}::jsonb, '{board}', (select b.start_state -> 'board' from ${phases} b where b.id = ${boardFrom.phaseId}))`;
}

/**
 * R3.2 — robots order and lock at once. The ruleset's robot gives only orders its engine accepts, as
 * a player's are checked.
 */
export async function robotsOrderAndLock(tx: Db, phase: Pick<Phase, "id" | "startState" | "seed">, nations: SeatSide[], options: GameOptions): Promise<void> {
  if (nations.length === 0) return;
  if (!options.robotsHold) {
    const ruleset = rulesetOf(CLASSIC);
    const rows = nations.flatMap((nation) => {
      const list: (typeof orders.$inferInsert)["order"][] = ruleset.robot(phase.startState, nation, `${phase.seed}|robot|${nation}`);
      return list.map((order, position) => ({ phaseId: phase.id, nation, position, order, savedBy: null }));
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
