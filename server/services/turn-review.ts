// game.review, the public API's older name for one turn's review (GET /games/{gameId}/turns/{turn}):
// an alias onto the review every ruleset shares (ruleset-games/review.ts, play.review), in the 1942 shape
// it has always answered — the game's low luck and victory cities flags beside the turn's orders, seed,
// report and luck, all only once the turn resolved (R3). Other rulesets' games are refused: their
// review is play.review. It draws no board, so it asks for none (the turn's start and end).
import type { Db } from "../../db/client";
import type { PhaseStatus, phases } from "../../db/schema";
import { notFound } from "./errors";
import { loadGame } from "./phases";
import { rulesetTurnReview } from "./ruleset-games/review";
import { classicGame, notClassic } from "./ruleset-games/rulesets";
import { classicRulesIn } from "./ruleset-games/rules";

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
  /** The ruleset's report of the whole turn, as the viewer may see it. */
  report: unknown;
  /** Only once the phase resolved: each side's luck over the whole turn (issue 24), as the ruleset prices it (`Ruleset.turnLuck`). */
  luck: unknown[] | null;
}

export async function turnReview(db: Db, userId: string, gameId: number, turn: number): Promise<TurnReview> {
  const game = await loadGame(db, gameId);
  if (!game) throw notFound("That game");
  if (!classicGame(game)) throw notClassic(game);
  const review = await rulesetTurnReview(db, userId, gameId, turn, undefined, { boards: false });
  const rules = classicRulesIn(review.rules);
  return {
    gameId,
    name: review.name,
    turn,
    turns: review.turns,
    status: review.status,
    resolved: review.resolved,
    lowLuck: rules.lowLuck,
    victoryCities: rules.houseRules?.victoryCities === true,
    seedHash: review.seedHash,
    resolvedAt: review.resolvedAt,
    seed: review.seed,
    orders: review.orders as StoredOrders | null,
    report: review.report,
    luck: review.luck,
  };
}
