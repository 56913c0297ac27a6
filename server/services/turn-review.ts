// One turn for the review page (issue 7): the facts of a resolved phase — every nation's orders (now
// revealed), the seed and the whole report — and, for a phase not resolved yet, only that it is not:
// its orders stay secret (R3: no nation sees another's orders before the combat phase starts; the
// review waits for the whole turn to finish, battles and post-combat included).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { PhaseStatus } from "../../db/schema";
import { phases } from "../../db/schema";
import type { Nation, Order, TurnReport } from "../engine";
import { notFound } from "./errors";
import { loadGame } from "./phases";

export interface TurnReview {
  gameId: number;
  name: string;
  turn: number;
  /** Every turn of the game with its status, for the previous/next links. */
  turns: { turn: number; status: PhaseStatus }[];
  status: PhaseStatus;
  resolved: boolean;
  lowLuck: boolean;
  /** The victory-cities house rule (R9.1): the map marks the cities. */
  victoryCities: boolean;
  seedHash: string;
  resolvedAt: string | null;
  /** Only once the phase resolved. */
  seed: string | null;
  orders: Partial<Record<Nation, Order[]>> | null;
  report: TurnReport | null;
}

export async function turnReview(db: Db, gameId: number, turn: number): Promise<TurnReview> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  const turns = await db.select({ turn: phases.turn, status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn));
  const [phase] = await db
    .select({ status: phases.status, seedHash: phases.seedHash, resolvedAt: phases.resolvedAt, seed: phases.seed, orders: phases.orders, report: phases.report })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.turn, turn), eq(phases.kind, "orders")));
  if (!phase) throw notFound(`Turn ${turn}`);
  const resolved = phase.status === "resolved";
  return {
    gameId,
    name: game.name,
    turn,
    turns,
    status: phase.status,
    resolved,
    lowLuck: game.options.lowLuck,
    victoryCities: game.options.houseRules?.victoryCities === true,
    seedHash: phase.seedHash,
    resolvedAt: phase.resolvedAt?.toISOString() ?? null,
    seed: resolved ? phase.seed : null,
    orders: resolved ? (phase.orders ?? {}) : null,
    report: resolved ? (phase.report as TurnReport) : null,
  };
}
