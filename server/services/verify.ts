// Dice players can trust: replay every resolved phase of a game from its stored inputs and seed,
// check the published commitment (SHA-256 of the seed), and report any difference.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { phases, seats, type PhaseVerification } from "../../db/schema";
import { ENGINE_VERSION } from "../engine";
import { resolveStored } from "./adjudicate";
import { forbidden, notFound } from "./errors";
import { loadGame, seedHash } from "./phases";

export interface PhaseCheck {
  turn: number;
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

/**
 * Replay every resolved phase. Each check is stored on its phase once it is final (the next turn has
 * started, or the game ended with it), so repeated requests cost a read, not a replay.
 */
export async function verifyGame(db: Db, gameId: number, options: VerifyOptions = {}): Promise<{ gameId: number; ok: boolean; phases: PhaseCheck[] }> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  const rows = await db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn));
  const checks: PhaseCheck[] = [];
  for (const [i, phase] of rows.entries()) {
    if (phase.status !== "resolved") continue;
    const stored = phase.verification;
    if (options.cached && stored && stored.engine === ENGINE_VERSION) {
      checks.push({ turn: phase.turn, phaseId: phase.id, ok: stored.ok, problems: stored.problems });
      continue;
    }
    const problems: string[] = [];
    if (seedHash(phase.seed) !== phase.seedHash) problems.push("the revealed seed does not match the published SHA-256");
    if (phase.engineVersion !== ENGINE_VERSION) problems.push(`resolved by engine ${phase.engineVersion}; this is ${ENGINE_VERSION}`);
    const rerun = resolveStored(phase, phase.orders ?? {}, game.options.lowLuck);
    if (JSON.stringify(rerun.report) !== JSON.stringify(phase.report)) problems.push("replaying the stored orders with the stored seed gives a different report");
    const next = rows[i + 1];
    if (next && canonical(next.startState) !== canonical(rerun.state)) problems.push(`turn ${next.turn} does not start from the state this phase produced`);
    checks.push({ turn: phase.turn, phaseId: phase.id, ok: problems.length === 0, problems });
    if (next || game.status === "finished") {
      const verification: PhaseVerification = { engine: ENGINE_VERSION, ok: problems.length === 0, problems };
      await db.update(phases).set({ verification }).where(eq(phases.id, phase.id));
    }
  }
  return { gameId, ok: checks.every((c) => c.ok), phases: checks };
}

/**
 * game.verify is for the game's players: they are the ones who must trust its dice. Spectators and
 * others download the history (seeds, orders, reports) and replay it themselves with `npm run verify`.
 */
export async function verifyGameFor(db: Db, userId: string, gameId: number): Promise<{ gameId: number; ok: boolean; phases: PhaseCheck[] }> {
  if (!(await loadGame(db, gameId))) throw notFound("That game");
  const [seat] = await db.select({ nation: seats.nation }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), isNotNull(seats.userId))).limit(1);
  if (!seat) throw forbidden("Only this game's players may run its check; download its history to replay it yourself");
  return verifyGame(db, gameId, { cached: true });
}
