// The shapes the game pages receive, inferred from the tRPC router (no server code is imported).
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../server/api/root";
import type { BattleUnit, RoundRecord } from "../../../server/rulesets/1942/engine/combat/battle";
import { DEFAULT_BOARD } from "../../../server/rulesets/1942/engine/board/default-board";
import type { Nation, Order, TurnReport } from "../../../server/rulesets/1942/engine";
import type { Options1942 } from "../../../server/rulesets/1942/options";
import type { NationLuck } from "../../../server/rulesets/1942/engine/odds/turn-luck";

type Outputs = inferRouterOutputs<AppRouter>;
export type GameView = Outputs["game"]["get"];
export type Board = NonNullable<GameView["board"]>;
export type UnitStack = Board["units"][number];
/** What the game page's shell and its status line read of the view (game-shell.tsx's shellView). */
export type ShellView = {
  game: Pick<GameView["game"], "name" | "status" | "sandbox" | "pausedAt" | "ordersAt" | "decisionsAt">;
  phase: Pick<NonNullable<GameView["phase"]>, "turn" | "status" | "deadline" | "decisionDeadline" | "locked"> | null;
  postCombat: Pick<NonNullable<GameView["postCombat"]>, "waitingFor"> | null;
};
/**
 * The platform keeps a turn's report and luck opaque (the ruleset's own); a 1942 game's are the engine's
 * TurnReport and each nation's luck, which these pages read.
 */
type StoredPhase = Outputs["play"]["history"]["turns"][number];
export type HistoryPhase = Omit<StoredPhase, "report"> & { report: TurnReport | null };
export type GameHistory = { name: string; phases: HistoryPhase[] };
type PlayReview = Outputs["play"]["review"];
/** A 1942 turn's review as its pages read it: play.review's facts, with the game's low luck (R6.8) and victory cities (R9.1). */
export type TurnReview = Pick<PlayReview, "gameId" | "name" | "turn" | "turns" | "status" | "resolved" | "seedHash" | "resolvedAt" | "seed"> & {
  lowLuck: boolean;
  victoryCities: boolean;
  orders: Partial<Record<Nation, Order[]>> | null;
  report: TurnReport | null;
  luck: NationLuck[] | null;
};
/** A 1942 game's history as its pages read it (play.history of a 1942 game holds 1942 reports, one phase a turn). */
export const history1942 = (history: Outputs["play"]["history"]): GameHistory => ({ name: history.name, phases: history.turns as HistoryPhase[] });
/** A 1942 game's turn review (play.review) as its pages read it: a 1942 row holds the whole turn, its rules 1942's options. */
export function review1942(review: PlayReview): TurnReview {
  const { gameId, name, turn, turns, status, resolved, seedHash, resolvedAt, seed, rules } = review;
  const { lowLuck, houseRules } = rules as Options1942;
  return {
    ...{ gameId, name, turn, turns, status, resolved, seedHash, resolvedAt, seed },
    lowLuck: lowLuck === true,
    victoryCities: houseRules?.victoryCities === true,
    orders: review.orders as TurnReview["orders"],
    report: review.report as TurnReport | null,
    luck: review.luck as NationLuck[] | null,
  };
}

/** Territory names and adjacency of the board every game is played on (display help only). */
export const TERRITORIES = DEFAULT_BOARD.territories.map((t) => t.id).sort((a, b) => a.localeCompare(b));
export const SEA_ZONES = new Set(DEFAULT_BOARD.territories.filter((t) => t.kind === "sea").map((t) => t.id));
export const VALUE = new Map(DEFAULT_BOARD.territories.map((t) => [t.id, t.value ?? 0]));

const neighbours = new Map<string, string[]>();
for (const [a, b] of DEFAULT_BOARD.edges) {
  neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
  neighbours.set(b, [...(neighbours.get(b) ?? []), a]);
}
export function neighboursOf(territory: string): string[] {
  return [...(neighbours.get(territory) ?? [])].sort((a, b) => a.localeCompare(b));
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export type Phase = NonNullable<GameView["phase"]>;
export type Pending = NonNullable<Phase["pending"]>;
export type PendingRequest = Pending["requests"][number];

/**
 * A battle waiting for decisions, as the phase stores it (`pending.battles`, typed loosely there):
 * the finished rounds and every unit with its status. `current`, the round in progress, is shown
 * when the server stores it.
 */
export interface LiveBattle {
  territory: string;
  pass: "sea" | "land";
  rounds: RoundRecord[];
  current?: RoundRecord;
  units: BattleUnit[];
}

export function liveBattles(pending: Pending): LiveBattle[] {
  return pending.battles as unknown as LiveBattle[];
}
