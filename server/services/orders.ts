// Saving, locking and unlocking a nation's orders (R3, R4.11). Every order is validated by the engine
// when saved: nothing illegal is ever stored. The last lock enqueues the adjudication in the same
// transaction, so it happens exactly once.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { locks, orders, phases } from "../../db/schema";
import { NATIONS, validateOrders, type Nation, type Order, type Validation } from "../engine";
import { enqueue } from "../jobs/queue";
import { conflict, notFound, ServiceError } from "./errors";
import { publish } from "./events";
import type { Phase } from "./phases";
import { phaseStartState } from "./start-state";
import { resetMissedDeadlines } from "./takeover";
import { markActedOn } from "./notifications";

/** The open phase of a game, locked for this transaction so lockers are serialised. Not its start
 * state, the largest column: that comes from phaseStartState's cache when needed. */
async function openPhaseForUpdate(tx: Db, gameId: number, nation?: Nation): Promise<{ id: number; turn: number; seedHash: string; locked: boolean }> {
  // Whether `nation` has locked comes in the same round trip (a save is refused then).
  const locked = nation ? sql<boolean>`exists (select 1 from ${locks} where ${locks.phaseId} = ${phases.id} and ${locks.nation} = ${nation})` : sql<boolean>`false`;
  const [phase] = await tx
    .select({ id: phases.id, turn: phases.turn, seedHash: phases.seedHash, locked })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
    .for("update");
  if (!phase) {
    const [latest] = await tx.select({ status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
    if (!latest) throw notFound("An open phase of this game");
    if (latest.status === "resolved") throw gameFinished();
    throw conflict("Every nation has locked: the turn is being resolved");
  }
  return phase;
}

// The last phase of a game stays resolved only when the game ended with it (R8.6): no turn follows.
const gameFinished = () => conflict("This game is finished: there are no more orders to give or lock (R8.6)");

async function isLocked(tx: Db, phaseId: number, nation: Nation): Promise<boolean> {
  const rows = await tx.select({ n: locks.nation }).from(locks).where(and(eq(locks.phaseId, phaseId), eq(locks.nation, nation)));
  return rows.length > 0;
}

export async function savedOrders(db: Db, phaseId: number, nation: Nation): Promise<Order[]> {
  const rows = await db
    .select({ order: orders.order })
    .from(orders)
    .where(and(eq(orders.phaseId, phaseId), eq(orders.nation, nation)))
    .orderBy(asc(orders.position));
  return rows.map((r) => r.order);
}

export type SaveResult = { ok: true; saved: number } | { ok: false; results: Validation[] };

/** Replace a nation's orders. Refused when any order breaks R4: then nothing is stored. */
export async function saveOrders(db: Db, userId: string, gameId: number, nation: Nation, list: Order[]): Promise<SaveResult> {
  const ids = new Set(list.map((o) => o.id));
  if (ids.size !== list.length) throw new ServiceError("BAD_REQUEST", "Two orders have the same id");
  return db.transaction(async (tx) => {
    const phase = await openPhaseForUpdate(tx, gameId, nation);
    if (phase.locked) throw conflict(`${nation} has locked its orders; unlock to change them`);
    const checked = validateOrders(await phaseStartState(tx, phase), nation, list);
    if (!checked.results.every((r) => r.ok)) return { ok: false as const, results: checked.results };
    await tx.delete(orders).where(and(eq(orders.phaseId, phase.id), eq(orders.nation, nation)));
    // One parameter for the whole list (positions from its order): a save of many orders binds 4
    // values instead of 5 a row.
    if (list.length > 0)
      await tx.execute(sql`
        insert into ${orders} (phase_id, nation, position, "order", saved_by)
        select ${phase.id}, ${nation}, (t.ord - 1)::int, t.value, ${userId}
        from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as t(value, ord)`);
    return { ok: true as const, saved: list.length };
  });
}

/** Lock a nation's orders. When the last nation locks, the adjudication job is queued (once). */
export async function lockOrders(db: Db, userId: string, gameId: number, nation: Nation): Promise<{ locked: Nation[]; resolving: boolean }> {
  return db.transaction(async (tx) => {
    const [latest] = await tx.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1).for("update");
    if (!latest) throw notFound("An open phase of this game");
    if (latest.status === "resolved") throw gameFinished();
    if (latest.status !== "open") {
      // Locking twice is harmless: a nation already locked in a resolving phase is told so, not refused.
      if (await isLocked(tx, latest.id, nation)) return { locked: [...NATIONS], resolving: true };
      throw conflict("Every nation has locked: the turn is being resolved");
    }
    const phase = latest;
    await tx.insert(locks).values({ phaseId: phase.id, nation, lockedBy: userId }).onConflictDoNothing();
    await resetMissedDeadlines(tx, gameId, nation);
    await markActedOn(tx, userId, gameId, ["deadline-soon"]);
    const rows = await tx.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id));
    const locked = NATIONS.filter((n) => rows.some((r) => r.nation === n));
    const resolving = locked.length === NATIONS.length;
    if (resolving) await beginResolving(tx, phase);
    await publish(tx, { gameId, kind: "locks-changed", turn: phase.turn });
    return { locked, resolving };
  });
}

/** Close the phase to changes and queue its adjudication (R3: last lock or deadline). */
export async function beginResolving(tx: Db, phase: Phase): Promise<void> {
  await tx.update(phases).set({ status: "resolving" }).where(and(eq(phases.id, phase.id), eq(phases.status, "open")));
  await enqueue(tx, `adjudicate:${phase.id}`, { phaseId: phase.id });
}

export async function unlockOrders(db: Db, gameId: number, nation: Nation): Promise<{ locked: Nation[] }> {
  return db.transaction(async (tx) => {
    const phase = await openPhaseForUpdate(tx, gameId);
    await tx.delete(locks).where(and(eq(locks.phaseId, phase.id), eq(locks.nation, nation)));
    const rows = await tx.select({ nation: locks.nation }).from(locks).where(eq(locks.phaseId, phase.id));
    await publish(tx, { gameId, kind: "locks-changed", turn: phase.turn });
    return { locked: NATIONS.filter((n) => rows.some((r) => r.nation === n)) };
  });
}

export async function lockCount(db: Db, phaseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locks).where(eq(locks.phaseId, phaseId));
  return Number(row?.n ?? 0);
}
