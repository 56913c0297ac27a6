// game.history, the public API's older name for a game's history (GET /games/{gameId}/history): an
// alias onto the one history every ruleset shares (ruleset-games/read.ts, play.history), in the shape
// it has always answered — `phases`, one per stored phase, resolved ones with their orders (now
// revealed), seed and report.
import type { Db } from "../../db/client";
import type { PhaseStatus, phases as phasesTable } from "../../db/schema";
import { rulesetHistory } from "./ruleset-games/read";

export interface HistoryPhase {
  id: number;
  turn: number;
  kind: string;
  status: PhaseStatus;
  seedHash: string;
  engineVersion: string;
  createdAt: string;
  resolvedAt: string | null;
  /** Revealed only once the phase resolved. */
  seed: string | null;
  /** As the phase stores them, by side. */
  orders: (typeof phasesTable.$inferSelect)["orders"];
  /** The ruleset's report of the whole turn, as the viewer may see it (the game's page reads it). */
  report: unknown;
}

export async function gameHistory(db: Db, userId: string, gameId: number): Promise<{ name: string; phases: HistoryPhase[] }> {
  const { name, turns } = await rulesetHistory(db, userId, gameId);
  return {
    name,
    phases: turns.map(({ id, turn, kind, status, seedHash, engineVersion, createdAt, resolvedAt, seed, orders, report }) => ({
      id,
      turn,
      kind,
      status,
      seedHash,
      engineVersion,
      createdAt,
      resolvedAt,
      seed,
      orders: orders as HistoryPhase["orders"],
      report,
    })),
  };
}
