// Dice players can trust: replay every resolved phase of a game from its stored inputs and seed,
// check the published commitment (SHA-256 of the seed), and report any difference.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases, seats, type PhaseVerification } from "../../db/schema";
import { resolveStored } from "./adjudicate";
import { ServiceError, forbidden, notFound } from "./errors";
import { loadGame, seedHash } from "./phases";
import { hitRateLimit, type RateLimit } from "./rate-limit";
import { CLASSIC, rulesetOf } from "./ruleset-games/rulesets";
import { verifyRulesetPhases } from "./ruleset-games/verify";
import { classicRules } from "./ruleset-games/rules";

/** The 1942 rules' version, from the registry: a phase judged by another version is not replayed as this one. */
const engineVersion = () => rulesetOf(CLASSIC).version;

export interface PhaseCheck {
  turn: number;
  /** A ruleset's turn of several phases: which one (from 0). */
  step?: number;
  phaseId: number;
  ok: boolean;
  problems: string[];
}

/** JSON with object keys sorted, for comparing values that went through jsonb. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export interface VerifyOptions {
  /** Reuse a phase's stored check made by this engine version (game.verify); the CLI always replays. */
  cached?: boolean;
}

/** game.verify per user: a player checks a game now and then; a hundred checks a minute is a flood. */
export const VERIFY_PER_USER: RateLimit = { name: "verify:user", max: 10, windowSeconds: 60 };

/** Namespace of the advisory locks that make one process at a time check a phase ("veri"). */
const VERIFY_LOCK_SPACE = 0x76657269;

type Phase = typeof phases.$inferSelect;

/** Replays one phase and compares it with what was stored and with the next phase's start. */
function checkPhase(phase: Phase, next: Phase | undefined, lowLuck: boolean): PhaseCheck {
  const problems: string[] = [];
  if (seedHash(phase.seed) !== phase.seedHash) problems.push("the revealed seed does not match the published SHA-256");
  if (phase.engineVersion !== engineVersion()) problems.push(`resolved by engine ${phase.engineVersion}; this is ${engineVersion()}`);
  const rerun = resolveStored(phase, phase.orders ?? {}, lowLuck);
  if (JSON.stringify(rerun.report) !== JSON.stringify(phase.report)) problems.push("replaying the stored orders with the stored seed gives a different report");
  if (next && canonical(next.startState) !== canonical(rerun.state)) problems.push(`turn ${next.turn} does not start from the state this phase produced`);
  return { turn: phase.turn, phaseId: phase.id, ok: problems.length === 0, problems };
}

const fromStored = (phase: Phase, stored: PhaseVerification): PhaseCheck => ({ turn: phase.turn, phaseId: phase.id, ok: stored.ok, problems: stored.problems });

/**
 * A final phase's check under a per-phase advisory lock: a process that waited for it finds the check
 * the first one stored and replays nothing (single flight across processes).
 */
function checkAndStore(db: Db, phase: Phase, next: Phase | undefined, lowLuck: boolean): Promise<PhaseCheck> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${VERIFY_LOCK_SPACE}, ${phase.id})`);
    const [row] = await tx.select({ verification: phases.verification }).from(phases).where(eq(phases.id, phase.id));
    if (row?.verification && row.verification.engine === engineVersion()) return fromStored(phase, row.verification);
    const check = checkPhase(phase, next, lowLuck);
    const verification: PhaseVerification = { engine: engineVersion(), ok: check.ok, problems: check.problems };
    await tx.update(phases).set({ verification }).where(eq(phases.id, phase.id));
    return check;
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

/**
 * Replay every resolved phase. Each check is stored on its phase once it is final (the next turn has
 * started, or the game ended with it), so repeated requests cost a read, not a replay. With `cached`,
 * each phase is replayed by one request at a time (in this process and across processes); requests
 * arriving meanwhile take its result.
 */
export async function verifyGame(db: Db, gameId: number, options: VerifyOptions = {}): Promise<{ gameId: number; ok: boolean; phases: PhaseCheck[] }> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  const rows = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step));
  if (game.ruleset !== CLASSIC) {
    // Any other ruleset: its turns replay through the registry (cheap enough not to cache).
    const sides = (await db.select({ side: seats.nation }).from(seats).where(eq(seats.gameId, gameId))).map((r) => r.side as string);
    return verifyRulesetPhases(rulesetOf(game.ruleset), game, sides, rows);
  }
  const checks: PhaseCheck[] = [];
  for (const [i, phase] of rows.entries()) {
    if (phase.status !== "resolved") continue;
    const next = rows[i + 1];
    const final = Boolean(next) || game.status === "finished";
    const lowLuck = classicRules(game.options).lowLuck;
    if (!options.cached) {
      const check = checkPhase(phase, next, lowLuck);
      if (final) await db.update(phases).set({ verification: { engine: engineVersion(), ok: check.ok, problems: check.problems } }).where(eq(phases.id, phase.id));
      checks.push(check);
      continue;
    }
    const stored = phase.verification;
    if (stored && stored.engine === engineVersion()) {
      checks.push(fromStored(phase, stored));
      continue;
    }
    checks.push(await singleFlight(db, phase.id, async () => (final ? checkAndStore(db, phase, next, lowLuck) : checkPhase(phase, next, lowLuck))));
  }
  return { gameId, ok: checks.every((c) => c.ok), phases: checks };
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
