// Each side's luck over a resolved turn (issue 24), as the game's ruleset prices it (Ruleset.turnLuck),
// for the turn review of a game of any ruleset. A resolved turn never changes, and pricing one takes
// tens of milliseconds: each process keeps the last ones priced.
import type { Db } from "../../../db/client";
import type { GameOptions } from "../../../db/schema";
import { getRuleset } from "../../rulesets";
import { phaseStartState } from "../start-state";
import { Recent } from "../recent";
import { gameRules } from "./rules";

/** The last 256 turns priced, keyed by phase id and seed hash: ids repeat across databases (tests, an import), seeds do not. */
const priced = new Recent<string, unknown[]>(256);

/**
 * The luck of a resolved turn (a phase that holds a whole turn, or a turn reported whole), from its start state (the process's cache),
 * its orders and report as resolved and the game's rules; null when the ruleset prices none. The
 * caller passes only what the turn revealed: call it for a resolved phase alone (R3 for 1942).
 */
export async function luckOf(
  db: Db,
  game: { ruleset: string; options: GameOptions },
  phase: { id: number; seedHash: string; orders: Record<string, unknown>; report: unknown },
): Promise<unknown[] | null> {
  const price = getRuleset(game.ruleset)?.turnLuck;
  if (!price) return null;
  const key = `${phase.id}:${phase.seedHash}`;
  return priced.keep(key, priced.get(key) ?? price(await phaseStartState(db, phase), phase.orders, phase.report, gameRules(game.options)));
}
