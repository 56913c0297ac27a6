// A phase's start state never changes once the phase is opened (only inserted, never updated), so
// each process parses it once and keeps it: saving orders and asking for destinations then skip
// loading and parsing the whole board and its units, and the engine's indexes of that state
// (startView, indexBoard: memoised per object) are built once per phase instead of once per request.
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases } from "../../db/schema";
import type { GameState } from "../engine";
import { notFound } from "./errors";

/** Open phases of live games fit many times over; the oldest entry goes first. */
const LIMIT = 256;
const cache = new Map<number, GameState>();

function remember(phaseId: number, state: GameState): GameState {
  cache.delete(phaseId);
  cache.set(phaseId, state);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return state;
}

/** The start state of a phase, read from the database at most once per process. */
export async function phaseStartState(db: Db, phaseId: number): Promise<GameState> {
  const hit = cache.get(phaseId);
  if (hit) return remember(phaseId, hit);
  const [row] = await db.select({ startState: phases.startState }).from(phases).where(eq(phases.id, phaseId));
  if (!row) throw notFound("This phase");
  return remember(phaseId, row.startState);
}

/** The start state of a game's latest phase while it is open for orders; undefined otherwise. */
export async function openPhaseStartState(db: Db, gameId: number): Promise<GameState | undefined> {
  const [latest] = await db
    .select({ id: phases.id, status: phases.status })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(desc(phases.turn))
    .limit(1);
  if (!latest || latest.status !== "open") return undefined;
  return phaseStartState(db, latest.id);
}
