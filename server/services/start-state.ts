// A phase's start state never changes once the phase is opened (only inserted, never updated), so
// each process parses it once and keeps it: saving orders and asking for destinations then skip
// loading and parsing the whole board and its units, and the engine's indexes of that state
// (startView, indexBoard: memoised per object) are built once per phase instead of once per request.
import { desc, eq } from "drizzle-orm";
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
