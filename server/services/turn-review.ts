// One turn for the review page (issue 7): the facts of a resolved phase — every nation's orders (now
// revealed), the seed and the whole report — and, for a phase not resolved yet, only that it is not:
// its orders stay secret (R3: no nation sees another's orders before the combat phase starts; the
// review waits for the whole turn to finish, battles and post-combat included).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { GameOptions, PhaseStatus } from "../../db/schema";
import { phases } from "../../db/schema";
import { getRuleset } from "../rulesets";
import { notFound } from "./errors";
import { loadGame } from "./phases";
import { phaseStartState } from "./start-state";
import { CLASSIC, notClassic } from "./ruleset-games/rulesets";
import { classicRules, gameRules } from "./ruleset-games/rules";

/** A turn's orders as the phase stores them, by side: the platform keeps them, the ruleset reads them. */
type StoredOrders = NonNullable<(typeof phases.$inferSelect)["orders"]>;

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
  orders: StoredOrders | null;
  /** The ruleset's report of the whole turn, as it stored it. */
  report: unknown;
  /** Only once the phase resolved: each side's luck over the whole turn (issue 24), as the ruleset prices it (`Ruleset.turnLuck`). */
  luck: unknown[] | null;
}

/**
 * Luck of resolved turns already priced, by phase: a resolved turn never changes, and pricing one
 * takes tens of milliseconds; the least recently used goes first.
 */
const LUCK_LIMIT = 256;
const lucky = new Map<string, unknown[]>();

async function luckOf(db: Db, game: { ruleset: string; options: GameOptions }, phase: { id: number; seedHash: string; orders: StoredOrders; report: unknown }): Promise<unknown[] | null> {
  const price = getRuleset(game.ruleset)?.turnLuck;
  if (!price) return null;
  const key = `${phase.id}:${phase.seedHash}`;
  const luck = lucky.get(key) ?? price(await phaseStartState(db, phase), phase.orders, phase.report, gameRules(game.options));
  lucky.delete(key);
  lucky.set(key, luck);
  if (lucky.size > LUCK_LIMIT) lucky.delete(lucky.keys().next().value!);
  return luck;
}

export async function turnReview(db: Db, gameId: number, turn: number): Promise<TurnReview> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  if (game.ruleset !== CLASSIC) throw notClassic(game);
  const turns = await db.select({ turn: phases.turn, status: phases.status }).from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn));
  const [phase] = await db
    .select({ id: phases.id, status: phases.status, seedHash: phases.seedHash, resolvedAt: phases.resolvedAt, seed: phases.seed, orders: phases.orders, report: phases.report })
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.turn, turn), eq(phases.kind, "orders")));
  if (!phase) throw notFound(`Turn ${turn}`);
  const resolved = phase.status === "resolved";
  const report = resolved ? phase.report : null;
  const orders = resolved ? (phase.orders ?? {}) : null;
  return {
    gameId,
    name: game.name,
    turn,
    turns,
    status: phase.status,
    resolved,
    lowLuck: classicRules(game.options).lowLuck,
    victoryCities: classicRules(game.options).houseRules?.victoryCities === true,
    seedHash: phase.seedHash,
    resolvedAt: phase.resolvedAt?.toISOString() ?? null,
    seed: resolved ? phase.seed : null,
    orders,
    report,
    // Priced from the orders revealed above and the start state every player saw (R3).
    luck: report && orders ? await luckOf(db, game, { id: phase.id, seedHash: phase.seedHash, orders, report }) : null,
  };
}
