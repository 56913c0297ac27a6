// A side's standing settings in a game of any ruleset (Ruleset.standing; 1942: its casualty order,
// R6.9, kept from turn to turn). Stored as the ruleset checked them, read by the side's player alone
// (play.standing and the player's own view: no other read path carries them), and handed back to the
// ruleset when a phase closes, which applies them to the side's batch in its own pure code.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { standings } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { notYours, ServiceError } from "../errors";
import { playsSide } from "./play";
import { rulesetGame } from "./rulesets";

/** A standing setting larger than this is refused before the ruleset reads it. */
const MAX_STANDING_BYTES = 4 * 1024;

/** The side's standing settings, or null: for that side's player only (the caller checked the seat). */
export async function ownStanding(db: Db, gameId: number, side: string): Promise<unknown> {
  const [row] = await db.select({ value: standings.value }).from(standings).where(and(eq(standings.gameId, gameId), eq(standings.side, side)));
  return row?.value ?? null;
}

/** play.standing: the caller's own side's standing settings (403 for anyone who does not play it). */
export async function readStanding(db: Db, userId: string, gameId: number, side: string): Promise<{ value: unknown }> {
  await rulesetGame(db, gameId);
  if (!(await playsSide(db, userId, gameId, side))) throw notYours(side);
  return { value: await ownStanding(db, gameId, side) };
}

/** play.setStanding: checked by the ruleset (a refusal is a 400 naming the problem, nothing stored). */
export async function setStanding(db: Db, userId: string, gameId: number, side: string, given: unknown): Promise<{ value: unknown }> {
  const { game, ruleset } = await rulesetGame(db, gameId);
  if (!ruleset.standing) throw new ServiceError("BAD_REQUEST", `${ruleset.name} keeps no standing settings`);
  if (!(await playsSide(db, userId, gameId, side))) throw notYours(side);
  if (game.status === "finished") throw new ServiceError("CONFLICT", "This game is over: its settings stay as they were");
  // Plain JSON from here on, as it is stored and read back (whatever objects the input arrived as).
  const text = given === undefined ? undefined : JSON.stringify(given);
  const value: unknown = text === undefined ? undefined : JSON.parse(text);
  if (text === undefined || text.length > MAX_STANDING_BYTES) throw new ServiceError("BAD_REQUEST", `A standing setting is at most ${MAX_STANDING_BYTES / 1024} KB of JSON`);
  let verdict;
  try {
    verdict = ruleset.standing.check(value, side);
  } catch {
    verdict = { ok: false as const, rule: "", message: `This setting is not in the form ${ruleset.name} reads` };
  }
  if (!verdict.ok) throw new ServiceError("BAD_REQUEST", verdict.rule && !verdict.message.includes(verdict.rule) ? `${verdict.message} (${verdict.rule})` : verdict.message);
  await db
    .insert(standings)
    .values({ gameId, side, value: value as never })
    .onConflictDoUpdate({ target: [standings.gameId, standings.side], set: { value: value as never, updatedAt: sql`now()` } });
  return { value };
}

/**
 * The batches a phase resolves with, each acting side's standing settings (`rows`, read with the
 * phase's other inputs: resolve-inputs.ts) applied by its ruleset (pure): what is stored as the
 * batches used, so a replay reads them as they were.
 */
export function withStandings(ruleset: AnyRuleset, state: unknown, sides: readonly string[], batches: Record<string, unknown>, rows: readonly { side: string; value: unknown }[]): Record<string, unknown> {
  const applied = rows.filter((r) => sides.includes(r.side));
  if (!ruleset.standing || applied.length === 0) return batches;
  const out = { ...batches };
  for (const { side, value } of applied) {
    const batch = ruleset.standing.apply(state, side, value, out[side]);
    if (batch === undefined) delete out[side];
    else out[side] = batch;
  }
  return out;
}
