// A phase's start state never changes once the phase is opened (only inserted, never updated), so
// each process parses it once and keeps it: saving orders and asking for destinations then skip
// loading and parsing the whole board and its units, and the engine's indexes of that state
// (startView, indexBoard: memoised per object) are built once per phase instead of once per request.
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases } from "../../db/schema";
import { notFound } from "./errors";
import { Recent } from "./recent";

/** A phase's start state as its column holds it: the platform keeps it, the game's ruleset reads it. */
type StartState = (typeof phases.$inferSelect)["startState"];

/**
 * The last 256 (open phases of live games fit many times over), keyed by id and the phase's random
 * seed hash: ids repeat across databases (tests, an import), seeds do not.
 */
const cache = new Recent<string, StartState>(256);

/**
 * Reads under way, by key: when a turn resolves, every open tab of the game refetches its view at
 * once, and they share one read of the new phase's start state instead of one each.
 */
const loading = new Map<string, Promise<StartState>>();

/** The start state of a phase, read from the database at most once per process. */
export async function phaseStartState(db: Db, phase: { id: number; seedHash: string }): Promise<StartState> {
  const key = `${phase.id}:${phase.seedHash}`;
  const hit = cache.get(key);
  if (hit) return cache.keep(key, hit);
  let read = loading.get(key);
  if (!read) {
    read = (async () => {
      const [row] = await db.select({ startState: phases.startState }).from(phases).where(eq(phases.id, phase.id));
      if (!row) throw notFound("This phase");
      return cache.keep(key, row.startState);
    })().finally(() => loading.delete(key));
    loading.set(key, read);
  }
  return read;
}

/** The start state of a game's latest phase while it is open for orders; undefined otherwise. */
export async function openPhaseStartState(db: Db, gameId: number): Promise<StartState | undefined> {
  const [latest] = await db
    .select({ id: phases.id, seedHash: phases.seedHash, status: phases.status })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn))
    .limit(1);
  if (!latest || latest.status !== "open") return undefined;
  return phaseStartState(db, latest);
}

/** The phase each game's latest read in this process was (its cache key), so the next read can skip its start state. */
const latestOf = new Recent<number, { id: number; seedHash: string }>(1024);

/**
 * A game's latest phase (the last phase of its latest turn), `lock`ed for the caller's transaction
 * when asked, in one statement: its start state is sent only when this process does not hold it
 * already (a phase saved to, locked and viewed again and again sends and parses it once).
 */
export async function latestPhaseOf(db: Db, gameId: number, lock?: "update" | "share"): Promise<(typeof phases.$inferSelect) | undefined> {
  const { startState, ...columns } = getTableColumns(phases);
  const known = latestOf.get(gameId);
  const held = known ? cache.get(`${known.id}:${known.seedHash}`) : undefined;
  const sent = held === undefined || !known ? startState : sql<StartState | null>`case when ${phases.id} = ${known.id} and ${phases.seedHash} = ${known.seedHash} then null else ${startState} end`;
  const query = db.select({ ...columns, startState: sent }).from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn), desc(phases.step)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) return undefined;
  latestOf.keep(gameId, { id: row.id, seedHash: row.seedHash });
  const key = `${row.id}:${row.seedHash}`;
  if (row.startState !== null) return { ...row, startState: cache.keep(key, row.startState) };
  // The one held (kept again as used), or read again if it was dropped since the statement was sent.
  return { ...row, startState: cache.get(key) !== undefined ? cache.keep(key, cache.get(key)!) : await phaseStartState(db, row) };
}
