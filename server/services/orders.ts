// Saving, locking and unlocking a nation's orders (R3, R4.11). Every order is validated by the engine
// when saved: nothing illegal is ever stored. The last lock enqueues the adjudication in the same
// transaction, so it happens exactly once.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { locks, orders, phases, seats } from "../../db/schema";
import { NATIONS, validateOrders, type Nation, type Order, type Validation } from "../engine";
import { enqueue } from "../jobs/queue";
import { conflict, forbidden, notFound, ServiceError } from "./errors";
import { publish } from "./events";
import type { Phase } from "./phases";
import { phaseStartState } from "./start-state";
import { resetMissedDeadlines } from "./takeover";
import { markActedOn } from "./notifications";
import { playsNation } from "./view";

/** Who may save: the player seated at that nation (the same check as the router's nationProcedure). */
interface Saver {
  userId: string;
  nation: Nation;
}

/**
 * The open phase of a game, locked for this transaction. Not its start state, the largest column:
 * that comes from phaseStartState's cache when needed. Lockers and unlockers take the row
 * exclusively, so they are serialised with each other, with saves, and with the adjudication's start
 * (which takes it FOR UPDATE too).
 */
async function openPhase(tx: Db, gameId: number): Promise<{ id: number; turn: number }> {
  const [phase] = await tx
    .select({ id: phases.id, turn: phases.turn })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
    .for("update");
  return phase ?? noOpenPhase(tx, gameId);
}

/**
 * The open phase for a save, in one round trip with whether the saver plays that nation and whether
 * the nation has locked. Saves share the row (FOR SHARE) so the five nations of a game save side by
 * side, yet none interleaves with a lock or with the phase leaving "open"; saves of one nation are
 * serialised by a transaction advisory lock on (phase, nation), taken in the same statement.
 */
async function openPhaseToSave(tx: Db, gameId: number, saver: Saver) {
  const [phase] = await tx
    .select({
      id: phases.id,
      seedHash: phases.seedHash,
      plays: sql<boolean>`exists (select 1 from ${seats} s where s.game_id = ${gameId} and s.nation = ${saver.nation} and s.user_id = ${saver.userId})`,
      locked: sql<boolean>`exists (select 1 from ${locks} l where l.phase_id = "phases"."id" and l.nation = ${saver.nation})`,
      nationLock: sql`pg_advisory_xact_lock("phases"."id", ${NATIONS.indexOf(saver.nation)})`,
    })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
    .for("share");
  if (phase) return phase;
  // Without an open phase a stranger is still told "not yours" first, as the router's check would.
  if (!(await playsNation(tx, saver.userId, gameId, saver.nation))) throw notYours(saver.nation);
  return noOpenPhase(tx, gameId);
}

/** Why a game has no open phase, as the refusal to give. */
async function noOpenPhase(tx: Db, gameId: number): Promise<never> {
  const [latest] = await tx.select({ status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  if (!latest) throw notFound("An open phase of this game");
  if (latest.status === "resolved") throw gameFinished();
  throw conflict("Every nation has locked: the turn is being resolved");
}

const notYours = (nation: Nation) => forbidden(`You do not play ${nation} in this game`);

const lockedRefusal = (nation: Nation) => conflict(`${nation} has locked its orders; unlock to change them`);

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

/**
 * Replace a nation's orders. Refused when any order breaks R4: then nothing is stored. Only the
 * player of `nation` may: the seat is checked in the statement that locks the phase (one round trip
 * fewer than the router's nationProcedure, on the busiest mutation).
 */
export async function saveOrders(db: Db, userId: string, gameId: number, nation: Nation, list: Order[]): Promise<SaveResult> {
  return db.transaction(async (tx) => {
    const phase = await openPhaseToSave(tx, gameId, { userId, nation });
    if (!phase.plays) throw notYours(nation);
    const ids = new Set(list.map((o) => o.id));
    if (ids.size !== list.length) throw new ServiceError("BAD_REQUEST", "Two orders have the same id");
    if (phase.locked) throw lockedRefusal(nation);
    const checked = validateOrders(await phaseStartState(tx, phase), nation, list);
    if (!checked.results.every((r) => r.ok)) return { ok: false as const, results: checked.results };
    // One statement replaces the list: rows past its end go, the rest are written over in place (one
    // parameter for the whole list, positions from its order). The two touch different rows, so their
    // order inside the statement does not matter. It reads with a snapshot taken after the phase's
    // row lock was granted, so it also sees a lock of this nation committed while the save waited
    // (the first statement's snapshot is older): then the save is refused and rolled back.
    const { rows: [after] } = (await tx.execute(sql`
      with gone as (
        delete from ${orders} where phase_id = ${phase.id} and nation = ${nation} and position >= ${list.length}
      ), put as (
        insert into ${orders} (phase_id, nation, position, "order", saved_by)
        select ${phase.id}, ${nation}, (t.ord - 1)::int, t.value, ${userId}
        from jsonb_array_elements(${JSON.stringify(list)}::jsonb) with ordinality as t(value, ord)
        on conflict (phase_id, nation, position) do update set "order" = excluded."order", saved_by = excluded.saved_by, saved_at = now()
      )
      select exists (select 1 from ${locks} where phase_id = ${phase.id} and nation = ${nation}) as locked`)) as unknown as { rows: { locked: boolean }[] };
    if (after?.locked) throw lockedRefusal(nation);
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
    const phase = await openPhase(tx, gameId);
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
