// Dice players can trust, for a game of any ruleset: replay every resolved phase of a game from its
// stored inputs and seed, check the published commitment (SHA-256 of the seed), and report any
// difference (the checks: ruleset-games/verify.ts). A final phase's check is stored on it, and each
// phase is checked by one request at a time.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases, seats, type PhaseVerification } from "../../db/schema";
import { ServiceError, forbidden, notFound } from "./errors";
import { loadGame } from "./phases";
import { hitRateLimit, type RateLimit } from "./rate-limit";
import { rulesetOf, wholeTurnRows, type Game } from "./ruleset-games/rulesets";
import { checkedInputs, checkPhase, rowVersionOf, startDigest, type PhaseCheck } from "./ruleset-games/verify";
import { seatedSidesOf } from "./ruleset-games/setup";
import type { AnyRuleset } from "../rulesets";

export type { PhaseCheck } from "./ruleset-games/verify";

export interface VerifyOptions {
  /** Reuse a phase's stored check made by this engine version (game.verify); the CLI always replays. */
  cached?: boolean;
}

/** game.verify per user: a player checks a game now and then; a hundred checks a minute is a flood. */
export const VERIFY_PER_USER: RateLimit = { name: "verify:user", max: 10, windowSeconds: 60 };

/** Namespace of the advisory locks that make one process at a time check a phase ("veri"). */
const VERIFY_LOCK_SPACE = 0x76657269;

type Phase = typeof phases.$inferSelect;

/** One phase's check with what it needs: the game, its ruleset, the seated sides, the phase and the next. */
interface Checking {
  ruleset: AnyRuleset;
  game: Game;
  sides: string[];
  phase: Phase;
  next: Phase | undefined;
  /** The version the check is stored with (rowVersionOf). */
  engine: string;
  /** The request's digests of start states, each made once (checkedInputs). */
  startOf: (phase: Phase) => string;
}

const check = (c: Checking) => checkPhase(c.ruleset, c.game, c.sides, c.phase, c.next);

/** A stored check, when this version made it from the phase as it is now. */
function usable(c: Checking, stored: PhaseVerification | null | undefined): stored is PhaseVerification {
  return Boolean(stored && stored.engine === c.engine && (stored.inputs === undefined || stored.inputs === inputsOf(c)));
}

const fromStored = (c: Checking, stored: PhaseVerification): PhaseCheck => ({
  turn: c.phase.turn,
  ...(wholeTurnRows(c.game) ? {} : { step: c.phase.step }),
  phaseId: c.phase.id,
  ok: stored.ok,
  problems: stored.problems,
});

const inputsOf = (c: Checking) => checkedInputs(c.game, c.sides, c.phase, c.next, c.startOf);

const verificationOf = (c: Checking, result: PhaseCheck): PhaseVerification => ({ engine: c.engine, ok: result.ok, problems: result.problems, inputs: inputsOf(c) });

/**
 * A final phase's check under a per-phase advisory lock: a process that waited for it finds the check
 * the first one stored and replays nothing (single flight across processes).
 */
function checkAndStore(db: Db, c: Checking): Promise<PhaseCheck> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VERIFY_LOCK_SPACE}, ${c.phase.id})`);
    const [row] = await tx.select({ verification: phases.verification }).from(phases).where(eq(phases.id, c.phase.id));
    if (usable(c, row?.verification)) return fromStored(c, row.verification);
    const result = check(c);
    await tx.update(phases).set({ verification: verificationOf(c, result) }).where(eq(phases.id, c.phase.id));
    return result;
  });
}

/** Checks running in this process, per database and phase: a request for a phase being checked waits for that check. */
const inFlight = new WeakMap<object, Map<number, Promise<PhaseCheck>>>();

function singleFlight(db: Db, phaseId: number, work: () => Promise<PhaseCheck>): Promise<PhaseCheck> {
  let running = inFlight.get(db);
  if (!running) inFlight.set(db, (running = new Map()));
  const existing = running.get(phaseId);
  if (existing) return existing;
  const map = running;
  const promise = work().finally(() => map.delete(phaseId));
  map.set(phaseId, promise);
  return promise;
}

/** The seated sides in the scenario's order, for turn 1's setup (a game of whole-turn rows checks none). */
async function sidesOf(db: Db, ruleset: AnyRuleset, game: Game): Promise<string[]> {
  if (wholeTurnRows(game)) return [];
  const rows = await db.select({ side: seats.nation }).from(seats).where(eq(seats.gameId, game.id));
  return seatedSidesOf(ruleset, game, rows.map((r) => r.side as string));
}

/**
 * Replay every resolved phase. Each check is stored on its phase once it is final (the next phase has
 * started, or the game ended with it), so repeated requests cost a read, not a replay — while the
 * phase is as it was checked (checkedInputs). With `cached`, each phase is replayed by one request at
 * a time (in this process and across processes); requests arriving meanwhile take its result.
 */
export async function verifyGame(db: Db, gameId: number, options: VerifyOptions = {}): Promise<{ gameId: number; ok: boolean; phases: PhaseCheck[] }> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  const ruleset = rulesetOf(game.ruleset);
  const rows = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step));
  const sides = await sidesOf(db, ruleset, game);
  const engine = rowVersionOf(ruleset, game);
  const starts = new Map<number, string>();
  const startOf = (phase: Phase) => starts.get(phase.id) ?? starts.set(phase.id, startDigest(phase)).get(phase.id)!;
  const checks: PhaseCheck[] = [];
  for (const [i, phase] of rows.entries()) {
    if (phase.status !== "resolved") continue;
    const c: Checking = { ruleset, game, sides, phase, next: rows[i + 1], engine, startOf };
    const final = Boolean(c.next) || game.status === "finished";
    if (!options.cached) {
      const result = check(c);
      if (final) await db.update(phases).set({ verification: verificationOf(c, result) }).where(eq(phases.id, phase.id));
      checks.push(result);
      continue;
    }
    if (usable(c, phase.verification)) {
      checks.push(fromStored(c, phase.verification));
      continue;
    }
    checks.push(await singleFlight(db, phase.id, async () => (final ? checkAndStore(db, c) : check(c))));
  }
  return { gameId, ok: checks.every((r) => r.ok), phases: checks };
}

/**
 * game.verify is for the game's players: they are the ones who must trust its dice. Spectators and
 * others download the history (seeds, orders, reports) and replay it themselves with `npm run verify`.
 */
export async function verifyGameFor(db: Db, userId: string, gameId: number): Promise<{ gameId: number; ok: boolean; phases: PhaseCheck[] }> {
  const verdict = await hitRateLimit(db, VERIFY_PER_USER, userId);
  if (!verdict.allowed) throw new ServiceError("TOO_MANY_REQUESTS", `At most ${VERIFY_PER_USER.max} checks of a game a minute: try again in ${verdict.retryAfterSeconds} s`);
  if (!(await loadGame(db, gameId))) throw notFound("That game");
  const [seat] = await db.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), isNotNull(seats.userId))).limit(1);
  if (!seat) throw forbidden("Only this game's players may run its check; download its history to replay it yourself");
  return verifyGame(db, gameId, { cached: true });
}
