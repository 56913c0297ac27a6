// The history of a game: every phase; resolved ones with their orders (now revealed), seed and report.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PhaseStatus } from "../../db/schema";
import { phases } from "../../db/schema";
import { notFound } from "./errors";
import { loadGame } from "./phases";
import { CLASSIC, notClassic } from "./ruleset-games/rulesets";

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
  orders: (typeof phases.$inferSelect)["orders"];
  /** The ruleset's report of the whole turn, as it stored it (the game's page reads it). */
  report: unknown;
}

export async function gameHistory(db: Db, gameId: number): Promise<{ name: string; phases: HistoryPhase[] }> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  if (game.ruleset !== CLASSIC) throw notClassic(game);
  // Every column but the start state (the whole board, once per turn), which the history never shows.
  const rows = await db
    .select({
      id: phases.id,
      turn: phases.turn,
      kind: phases.kind,
      status: phases.status,
      seedHash: phases.seedHash,
      engineVersion: phases.engineVersion,
      createdAt: phases.createdAt,
      resolvedAt: phases.resolvedAt,
      seed: phases.seed,
      orders: phases.orders,
      report: phases.report,
    })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(asc(phases.turn));
  return {
    name: game.name,
    phases: rows.map((p) => {
      const resolved = p.status === "resolved";
      return {
        id: p.id,
        turn: p.turn,
        kind: p.kind,
        status: p.status,
        seedHash: p.seedHash,
        engineVersion: p.engineVersion,
        createdAt: p.createdAt.toISOString(),
        resolvedAt: p.resolvedAt?.toISOString() ?? null,
        seed: resolved ? p.seed : null,
        orders: resolved ? (p.orders ?? {}) : null,
        report: resolved ? p.report : null,
      };
    }),
  };
}
