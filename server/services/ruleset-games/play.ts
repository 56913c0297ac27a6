// Saving, locking and unlocking one side's orders in a game of any ruleset. A side's orders are one
// batch (one orders row at position 0) for the phase of the turn in play — a turn may have several
// (ruleset.phaseOf), and only the current one takes orders — checked by the ruleset's validate when
// saved: nothing illegal is stored. The last lock of the sides that must act closes the phase and
// queues its resolution in the same call (drizzle/0025), so it resolves exactly once.
// Each is one round trip once the process knows the game's open phase (known-phase.ts), as orders.*
// are: the ruleset's work is done against the start state the process keeps, outside any transaction,
// and one database function checks the seat, the phase and the lock again under the phase row's lock
// and writes. A refusal is told after one read, in the order a stranger, a closed phase, a locked side
// and an illegal batch are told.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, seats } from "../../../db/schema";
import { conflict, notYours, ServiceError } from "../errors";
import { namedCall, textArray } from "../named-call";
import { endVacation } from "../vacations";
import { checkBatchText } from "./batch-text";
import { forgetPhase, knownPhase, learnPhase, notOpen, readPlay, type KnownPhase } from "./known-phase";
import type { AnyRuleset } from "../../rulesets";
import { rulesetGame } from "./rulesets";

export type ActionResult = { ok: true } | { ok: false; rule?: string; message: string };

/** A batch of orders larger than this is refused before the ruleset reads it. */
export const MAX_BATCH_BYTES = 64 * 1024;

export async function playsSide(db: Db, userId: string, gameId: number, side: string): Promise<boolean> {
  const rows = await db
    .select({ side: seats.nation })
    .from(seats)
    .where(and(eq(seats.gameId, gameId), eq(seats.nation, side as never), eq(seats.userId, userId)));
  return rows.length > 0;
}

/** A request can be retried this many times when the game moves on between its read and its write. */
const ATTEMPTS = 3;
const movedOn = () => conflict("The game moved on while this was sent: look at the game again");
const lockedRefusal = (side: string) => conflict(`${side} has locked its orders; unlock to change them`);

/**
 * The ruleset's verdict; a ruleset that throws on a shape it never expected has refused the batch
 * (a 400 naming the game, not a 500: the input was wrong, whatever the ruleset's manners).
 */
function validated(ruleset: AnyRuleset, state: unknown, side: string, batch: unknown) {
  try {
    return ruleset.validate(state, side, batch);
  } catch {
    throw new ServiceError("BAD_REQUEST", `These orders are not in the form ${ruleset.name} reads`);
  }
}

/** Whether the ruleset accepts the batch, a ruleset that throws on it refusing it. */
function accepts(phase: KnownPhase, side: string, batch: unknown): boolean {
  try {
    return phase.ruleset.validate(phase.state, side, batch).ok;
  } catch {
    return false;
  }
}

/**
 * Why a batch is refused before the ruleset reads it: meant for another phase than the one in play
 * (`asked`: the phase id the client ordered for, when it says), or from a side that does not act in
 * this phase (it waits for the others). Undefined: neither.
 */
function phaseRefusal(phase: KnownPhase, side: string, asked: string | undefined): ServiceError | undefined {
  const { at, turn } = phase;
  const where = at && at.count > 1 ? `in the ${at.info.name ?? at.info.id} phase of turn ${turn}` : "this turn";
  if (asked !== undefined && asked !== at?.info.id)
    return conflict(`These orders are for the phase "${asked}", but turn ${turn} is in the phase "${at?.info.id ?? "none"}": only its orders are taken`);
  if (!phase.acting.includes(side)) return conflict(`${side} has nothing to order ${where}`);
  return undefined;
}

/** The batch as the JSON text written, refused (400) when missing, too large or against the text policy. */
function batchText(batch: unknown): string {
  if (batch === undefined) throw new ServiceError("BAD_REQUEST", "Orders are missing");
  const json = JSON.stringify(batch);
  if (json.length > MAX_BATCH_BYTES) throw new ServiceError("BAD_REQUEST", `Orders are at most ${MAX_BATCH_BYTES / 1024} KB of JSON`);
  checkBatchText(batch);
  return json;
}

/** save_phased_batch (drizzle/0025): 'saved', or 'not-yours', 'locked', 'stale'. */
const saveCall = namedCall<"saved" | "not-yours" | "locked" | "stale">(
  "save_phased_batch",
  (p) => sql`select save_phased_batch(${p("gameId")}, ${p("phaseId")}, ${p("side")}, ${p("userId")}, ${p("batch")}::jsonb, ${p("endsVacation")}) as result`,
);

interface Play {
  userId: string;
  gameId: number;
  side: string;
  endsVacation: boolean;
}

const writeBatch = (db: Db, play: Play, phase: KnownPhase, json: string) =>
  saveCall(db, { gameId: play.gameId, phaseId: phase.id, side: play.side, userId: play.userId, batch: json, endsVacation: play.endsVacation });

/**
 * Replace a side's saved orders for the phase in play; the ruleset's validate decides, a refusal
 * stores nothing. `phase`: the phase id the orders are for, refused when another phase is in play.
 * With the game's open phase known, a batch the ruleset accepts is one round trip (save_phased_batch);
 * anything else is read first, and refused in order. With `endsVacation` (a player's own save, issue
 * 22) an answer that is not a refusal ends the saver's running vacation, in the save's own call.
 */
export async function saveBatch(db: Db, userId: string, gameId: number, side: string, batch: unknown, phase?: string, options: { endsVacation?: boolean } = {}): Promise<ActionResult> {
  const play = { userId, gameId, side, endsVacation: options.endsVacation ?? false };
  const kept = knownPhase(db, gameId);
  // Only a batch the ruleset accepts is written this way: a refusal (a stranger is told "not yours"
  // before anything about the batch) comes after the read below.
  if (kept && !phaseRefusal(kept, side, phase)) {
    const json = batchText(batch);
    if (accepts(kept, side, batch)) {
      const outcome = await writeBatch(db, play, kept, json);
      if (outcome === "saved") return { ok: true };
      if (outcome === "stale") forgetPhase(db, gameId);
    }
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readPlay(db, gameId, side, userId);
    const json = batchText(batch);
    if (!read.plays) throw notYours(side);
    const open = await learnPhase(db, gameId, read.ruleset, read.phase);
    if (open.locked) throw lockedRefusal(side);
    const refusal = phaseRefusal(open, side, phase);
    if (refusal) throw refusal;
    const verdict = validated(open.ruleset, open.state, side, batch);
    if (!verdict.ok) {
      if (play.endsVacation) await endVacation(db, userId);
      return { ok: false, rule: verdict.rule, message: verdict.message };
    }
    if ((await writeBatch(db, play, open, json)) === "saved") return { ok: true };
    // Locked, closed or unseated between the read and the write: read again for the refusal.
    forgetPhase(db, gameId);
  }
  throw movedOn();
}

/** A side's saved batch of a phase, or null before any save. */
export async function savedBatch(db: Db, phaseId: number, side: string): Promise<unknown> {
  const [row] = await db.select({ order: orders.order }).from(orders).where(and(eq(orders.phaseId, phaseId), eq(orders.nation, side as never), eq(orders.position, 0)));
  return row ? row.order : null;
}

type Refusal = "not-yours" | "no-phase" | "finished" | "closed";

/** lock_phased_side (drizzle/0025). */
const lockCall = namedCall<{ outcome: "locked" | "stale" | Refusal; locked?: string[]; resolving?: boolean }>(
  "lock_phased_side",
  (p) => sql`select lock_phased_side(${p("gameId")}, ${p("phaseId")}, ${p("side")}, ${p("userId")}, ${p("acting")}::text[], ${p("records")}, ${p("endsVacation")}) as result`,
);

/** unlock_phased_side (drizzle/0025). */
const unlockCall = namedCall<{ outcome: "unlocked" | Refusal; locked?: string[] }>(
  "unlock_phased_side",
  (p) => sql`select unlock_phased_side(${p("gameId")}, ${p("side")}, ${p("userId")}) as result`,
);

/** A refusal of lock_phased_side or unlock_phased_side, with the words the player is told. */
async function refused(db: Db, gameId: number, side: string, outcome: Refusal): Promise<never> {
  if (outcome !== "not-yours") return notOpen(outcome === "no-phase" ? "none" : outcome === "finished" ? "resolved" : "resolving");
  // Only on the refusal path: a missing or classic game is told so first, as it was before the seat.
  await rulesetGame(db, gameId);
  throw notYours(side);
}

/**
 * Lock a side's orders. When every side that must act has locked, the phase closes and its
 * resolution is queued, once. One round trip with the game's open phase known (lock_phased_side does
 * it all under the phase row's lock: the lock, the seat's missed deadlines, the "deadline soon" notes,
 * the close with its attendance and job, the event, the vacation's end with `endsVacation`), one read
 * more otherwise.
 */
export async function lockSide(db: Db, userId: string, gameId: number, side: string, options: { endsVacation?: boolean } = {}): Promise<{ locked: string[]; resolving: boolean }> {
  let phase = knownPhase(db, gameId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (!phase) {
      const read = await readPlay(db, gameId, side, userId);
      if (!read.plays) throw notYours(side);
      phase = await learnPhase(db, gameId, read.ruleset, read.phase);
    }
    const values = { gameId, phaseId: phase.id, side, userId, acting: textArray(phase.acting), records: !phase.decision, endsVacation: options.endsVacation ?? false };
    const { outcome, locked = [], resolving = false } = await lockCall(db, values);
    if (outcome === "locked") return { locked, resolving };
    if (outcome !== "stale") return refused(db, gameId, side, outcome);
    forgetPhase(db, gameId);
    phase = undefined;
  }
  throw movedOn();
}

/** Unlock a side's orders while its phase is open: one round trip (unlock_phased_side). */
export async function unlockSide(db: Db, userId: string, gameId: number, side: string): Promise<{ locked: string[] }> {
  const { outcome, locked = [] } = await unlockCall(db, { gameId, side, userId });
  return outcome === "unlocked" ? { locked } : refused(db, gameId, side, outcome);
}
