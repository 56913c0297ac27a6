// Saving, locking and unlocking a nation's orders (R3, R4.11). Every order is validated by the engine
// when saved: nothing illegal is ever stored. The last lock enqueues the adjudication in the same
// transaction, so it happens exactly once.
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { oncePerDb } from "../../db/once-per-db";
import { locks, orders, phases, seats, vacations } from "../../db/schema";
import { NATIONS, validateOrders, type Nation, type Order, type Validation } from "../rulesets/1942/engine";
import { conflict, notFound, notYours, ServiceError } from "./errors";
import { namedCall, textArray } from "./named-call";
import { phaseStartState } from "./start-state";
import { playsClassicNation } from "./seat-check";
import { requireClassic } from "./ruleset-games/rulesets";
import { endVacation } from "./vacations";

/** Who may save: the player seated at that nation (the same check as the router's nationProcedure). */
interface Saver {
  userId: string;
  nation: Nation;
}

/**
 * The open phase for a save, with whether the saver plays that nation and whether the nation has
 * locked: the refusals a player gets before the orders are checked. A plain read, outside any
 * transaction; save_orders checks it all again under its locks. Sent as a named statement (the
 * busiest query after the session's), so drizzle does not rebuild it nor Postgres re-plan it.
 */
const preparedSaveRead = oncePerDb(prepareSaveRead);
function prepareSaveRead(db: Db) {
  const [gameId, nation, userId] = [sql.placeholder("gameId"), sql.placeholder("nation"), sql.placeholder("userId")];
  return db
    .select({
      id: phases.id,
      seedHash: phases.seedHash,
      // The seat of a classic 1942 game (drizzle/0021): a 1942 game played a phase at a time is play.*'s.
      plays: sql<boolean>`plays_1942_nation(${gameId}, ${nation}, ${userId})`,
      locked: sql<boolean>`exists (select 1 from ${locks} l where l.phase_id = "phases"."id" and l.nation = ${nation})`,
    })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
    .prepare("save_read");
}

async function openPhaseToSave(db: Db, gameId: number, saver: Saver) {
  const read = preparedSaveRead(db);
  const [phase] = await read.execute({ gameId, nation: saver.nation, userId: saver.userId });
  if (phase) return phase;
  // Without an open phase a stranger is still told "not yours" first, as the router's check would.
  if (!(await playsClassicNation(db, saver.userId, gameId, saver.nation))) {
    await requireClassic(db, gameId);
    throw notYours(saver.nation);
  }
  return noOpenPhase(db, gameId);
}

/** Why a game has no open phase, as the refusal to give. */
async function noOpenPhase(tx: Db, gameId: number): Promise<never> {
  const [latest] = await tx.select({ status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn)).limit(1);
  if (!latest) throw notFound("An open phase of this game");
  if (latest.status === "resolved") throw gameFinished();
  throw conflict("Every nation has locked: the turn is being resolved");
}


const lockedRefusal = (nation: Nation) => conflict(`${nation} has locked its orders; unlock to change them`);

// The last phase of a game stays resolved only when the game ended with it (R8.6): no turn follows.
const gameFinished = () => conflict("This game is finished: there are no more orders to give or lock (R8.6)");

export async function savedOrders(db: Db, phaseId: number, nation: Nation): Promise<Order[]> {
  const rows = await db
    .select({ order: orders.order })
    .from(orders)
    .where(and(eq(orders.phaseId, phaseId), eq(orders.nation, nation)))
    .orderBy(asc(orders.position));
  return rows.map((r) => r.order);
}

export type SaveResult = { ok: true; saved: number } | { ok: false; results: Validation[] };

type OpenPhase = { id: number; seedHash: string };

/**
 * The open phase of each game as this process last read it, per database. A save checks its orders
 * against that phase's start state (which never changes) and writes without reading the phase again:
 * save_orders writes only if it is still the game's open phase, so an entry gone stale costs one
 * more round trip, never a wrong save.
 */
const knownOpen = new WeakMap<Db, Map<number, OpenPhase>>();
const KNOWN_LIMIT = 10_000;

function knownOpenPhases(db: Db): Map<number, OpenPhase> {
  let known = knownOpen.get(db);
  if (!known) knownOpen.set(db, (known = new Map()));
  return known;
}

type Written = "saved" | "closed" | "not-yours" | "locked";

/**
 * save_orders (drizzle/0010): locks, checks again and writes in one statement, its own transaction.
 * With `endsVacation`, a list written ends the saver's running vacation (issue 22) in that same
 * statement, instead of one more round trip after it: the vacation ends exactly when the save is
 * stored (the function's outcome is read once, as a CTE with a volatile call is evaluated once).
 * Both statements are built once per database and sent as named statements, as the session's is.
 */
const preparedWrites = oncePerDb(prepareWrites);
function prepareWrites(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const save = sql`save_orders(${p("gameId")}, ${p("phaseId")}, ${p("seedHash")}, ${p("nation")}, ${p("nationLock")}, ${p("userId")}, ${p("orders")}::jsonb)`;
  const dialect = new PgDialect();
  const prepare = (statement: SQL, name: string) => db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    save: prepare(sql`select ${save} as outcome`, "save_orders"),
    saveEndingVacation: prepare(
      sql`with written as (select ${save} as outcome), ended as (
        update ${vacations} set ended_at = now()
        where user_id = ${p("userId")} and ended_at is null and starts_at <= now() and ends_at > now() and (select outcome from written) = 'saved'
      ) select outcome from written`,
      "save_orders_ending_vacation",
    ),
  };
}

async function writeOrders(db: Db, gameId: number, phase: OpenPhase, userId: string, nation: Nation, list: Order[], endsVacation: boolean): Promise<Written> {
  const writes = preparedWrites(db);
  const values = { gameId, phaseId: phase.id, seedHash: phase.seedHash, nation, nationLock: NATIONS.indexOf(nation), userId, orders: JSON.stringify(list) };
  const result = (await (endsVacation ? writes.saveEndingVacation : writes.save).execute(values)) as { rows: { outcome: Written }[] };
  return result.rows[0]!.outcome;
}

function settled(outcome: Exclude<Written, "closed">, nation: Nation, list: Order[]): SaveResult {
  if (outcome === "locked") throw lockedRefusal(nation);
  if (outcome === "not-yours") throw notYours(nation);
  return { ok: true, saved: list.length };
}

const hasDistinctIds = (list: Order[]) => new Set(list.map((o) => o.id)).size === list.length;

/**
 * Replace a nation's orders. Refused when any order breaks R4: then nothing is stored. Only the
 * player of `nation` may (the seat is checked here, not by the router's nationProcedure: a round trip
 * fewer on the busiest mutation). With the game's open phase known, a well-formed legal list is one
 * round trip (save_orders); otherwise the phase is read first and every refusal comes in the order
 * a stranger, a locked nation and an illegal order are told. With `endsVacation` (a player's own save,
 * issue 22), an answer that is not a refusal ends the saver's running vacation, as every other action
 * of a player does (the router's endsVacation middleware, done here in the save's own statement).
 */
export async function saveOrders(db: Db, userId: string, gameId: number, nation: Nation, list: Order[], options: { endsVacation?: boolean } = {}): Promise<SaveResult> {
  const endsVacation = options.endsVacation ?? false;
  const known = knownOpenPhases(db);
  const kept = known.get(gameId);
  // Only a list the engine accepts is written this way: refusals (which must tell a stranger "not
  // yours" before anything about the orders) come from the read below.
  if (kept && hasDistinctIds(list) && validateOrders(await phaseStartState(db, kept), nation, list).results.every((r) => r.ok)) {
    const outcome = await writeOrders(db, gameId, kept, userId, nation, list, endsVacation);
    if (outcome !== "closed") return settled(outcome, nation, list);
  }
  const phase = await openPhaseToSave(db, gameId, { userId, nation });
  if (!phase.plays) {
    // Only on the refusal path: a game of another ruleset is told so, not "not yours".
    await requireClassic(db, gameId);
    throw notYours(nation);
  }
  if (!hasDistinctIds(list)) throw new ServiceError("BAD_REQUEST", "Two orders have the same id");
  if (phase.locked) throw lockedRefusal(nation);
  const open = { id: phase.id, seedHash: phase.seedHash };
  if (known.size >= KNOWN_LIMIT) known.clear();
  known.set(gameId, open);
  const checked = validateOrders(await phaseStartState(db, open), nation, list);
  if (!checked.results.every((r) => r.ok)) {
    if (endsVacation) await endVacation(db, userId);
    return { ok: false as const, results: checked.results };
  }
  const outcome = await writeOrders(db, gameId, open, userId, nation, list, endsVacation);
  if (outcome !== "closed") return settled(outcome, nation, list);
  // The phase left "open" (the last lock, or its deadline) between the read and the write.
  known.delete(gameId);
  return noOpenPhase(db, gameId);
}

type Refusal = "not-yours" | "no-phase" | "finished" | "closed";
type LockOutcome = "locked" | "resolving" | "already" | Refusal;

// Every nation, in the order events list them.
const NATIONS_LITERAL = textArray(NATIONS);

/** lock_orders (drizzle/0018), sent as a named statement, as a save's is. */
const lockCall = namedCall<{ outcome: LockOutcome; locked?: Nation[] }>(
  "lock_orders",
  (p) => sql`select lock_orders(${p("gameId")}, ${p("nation")}, ${p("userId")}, ${p("nations")}::text[], ${p("endsVacation")}) as result`,
);

/** unlock_orders (drizzle/0019). */
const unlockCall = namedCall<{ outcome: "unlocked" | Refusal; locked?: Nation[] }>(
  "unlock_orders",
  (p) => sql`select unlock_orders(${p("gameId")}, ${p("nation")}, ${p("userId")}, ${p("nations")}::text[]) as result`,
);

/** A refusal of lock_orders or unlock_orders, with the words the player is told. */
async function refused(db: Db, gameId: number, nation: Nation, outcome: Refusal): Promise<never> {
  switch (outcome) {
    case "not-yours":
      // Only on the refusal path (no cost to a player's own locks): a game of another ruleset is told so.
      await requireClassic(db, gameId);
      throw notYours(nation);
    case "no-phase":
      throw notFound("An open phase of this game");
    case "finished":
      throw gameFinished();
    case "closed":
      throw conflict("Every nation has locked: the turn is being resolved");
  }
}

/**
 * Lock a nation's orders; only the player of `nation` may (checked here, as a save does, not by the
 * router's nationProcedure). When the last nation locks, the phase closes and its adjudication is
 * queued, once. One round trip: lock_orders (drizzle/0018) checks the seat, locks the phase row, writes
 * the lock, resets the seat's missed deadlines, acts on the "deadline soon" notes, reads the phase's
 * locks, publishes the event and, for the last lock, closes the phase (attendance, job and NOTIFY),
 * all in its own transaction. With `endsVacation` (a player's own lock, issue 22), a lock that is not
 * refused ends the locker's running vacation in the same call.
 */
export async function lockOrders(db: Db, userId: string, gameId: number, nation: Nation, options: { endsVacation?: boolean } = {}): Promise<{ locked: Nation[]; resolving: boolean }> {
  const { outcome, locked = [] } = await lockCall(db, { gameId, nation, userId, nations: NATIONS_LITERAL, endsVacation: options.endsVacation ?? false });
  switch (outcome) {
    case "already":
      return { locked: [...NATIONS], resolving: true };
    case "locked":
    case "resolving":
      return { locked, resolving: outcome === "resolving" };
    default:
      return refused(db, gameId, nation, outcome);
  }
}

/**
 * Unlock a nation's orders (R3.1: changes are allowed until every nation has locked); only the player
 * of `nation` may. One round trip: unlock_orders (drizzle/0019) checks the seat, locks the open phase
 * row, removes the lock, reads the phase's locks and publishes them, refusing with lock_orders' words.
 */
export async function unlockOrders(db: Db, userId: string, gameId: number, nation: Nation): Promise<{ locked: Nation[] }> {
  const { outcome, locked = [] } = await unlockCall(db, { gameId, nation, userId, nations: NATIONS_LITERAL });
  return outcome === "unlocked" ? { locked } : refused(db, gameId, nation, outcome);
}

export async function lockCount(db: Db, phaseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locks).where(eq(locks.phaseId, phaseId));
  return Number(row?.n ?? 0);
}
