// The open phase of each game played a row per phase as this process last read it, with what the
// game's ruleset says of its start state (the phase of the turn, the sides that act, whether it is one
// of decisions), worked out once per phase instead of once per save or lock. A start state never
// changes (start-state.ts), so neither does any of this; the database functions play.save and play.lock
// call (drizzle/0025) write only while the phase named is still the game's open one, so an entry gone
// stale costs one more read, never a wrong write.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { AnyRuleset, PhaseInfo } from "../../rulesets";
import { conflict } from "../errors";
import { namedCall } from "../named-call";
import { phaseStartState } from "../start-state";
import { actingSides, currentStep, isDecisionPhase } from "./acting";
import { phasedRulesetOf } from "./rulesets";

export interface KnownPhase {
  ruleset: AnyRuleset;
  id: number;
  seedHash: string;
  turn: number;
  state: unknown;
  /** The phase of the turn the state is at (currentStep). */
  at: { info: PhaseInfo; step: number; count: number } | null;
  /** The sides that must lock before the phase closes (actingSides). */
  acting: readonly string[];
  /** A phase of decisions: its close is no deadline of anyone's record (reliability.ts recordPhaseClosed). */
  decision: boolean;
}

const known = new WeakMap<Db, Map<number, KnownPhase>>();
const KNOWN_LIMIT = 10_000;

function knownPhases(db: Db): Map<number, KnownPhase> {
  let games = known.get(db);
  if (!games) known.set(db, (games = new Map()));
  return games;
}

export const knownPhase = (db: Db, gameId: number): KnownPhase | undefined => knownPhases(db).get(gameId);

/** The game has moved on (a database function answered 'stale'): the next request reads again. */
export const forgetPhase = (db: Db, gameId: number): void => void knownPhases(db).delete(gameId);

type PhaseRead = { id: number; seedHash: string; status: string; turn: number; locked: boolean };

/** phased_play_read (drizzle/0025): null when there is no such game. */
const playRead = namedCall<{ ruleset: string; scenario: string | null; plays: boolean; phase: PhaseRead | null } | null>(
  "phased_play_read",
  (p) => sql`select phased_play_read(${p("gameId")}, ${p("side")}, ${p("userId")}) as result`,
);

/** What a request is refused on, in one round trip: the game (refused when missing or classic), the seat, the latest phase. */
export async function readPlay(db: Db, gameId: number, side: string, userId: string) {
  const read = await playRead(db, { gameId, side, userId });
  const ruleset = phasedRulesetOf(read ?? undefined);
  return { ruleset, plays: read!.plays, phase: read!.phase };
}

/** The refusal for a game whose latest phase takes no orders: none yet ("none"), resolved, or closing. */
export function notOpen(status: string): never {
  if (status === "none") throw conflict("This game has not started: its first turn opens when every seat is filled");
  if (status === "resolved") throw conflict("This game is over: there are no more orders to give");
  throw conflict("Every side has locked or the deadline passed: the turn is being resolved");
}

/** The latest phase read, refused unless open; kept as the game's open phase with its ruleset's answers. */
export async function learnPhase(db: Db, gameId: number, ruleset: AnyRuleset, phase: PhaseRead | null): Promise<KnownPhase & { locked: boolean }> {
  if (!phase || phase.status !== "open") return notOpen(phase?.status ?? "none");
  const state = await phaseStartState(db, phase);
  const kept: KnownPhase = {
    ruleset,
    id: phase.id,
    seedHash: phase.seedHash,
    turn: phase.turn,
    state,
    at: currentStep(ruleset, state),
    acting: actingSides(ruleset, state),
    decision: isDecisionPhase(ruleset, state),
  };
  const games = knownPhases(db);
  if (games.size >= KNOWN_LIMIT) games.clear();
  games.set(gameId, kept);
  return { ...kept, locked: phase.locked };
}
