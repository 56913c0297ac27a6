// One turn's review of a game of any ruleset, 1942 included (play.review, and game.review its alias):
// before the turn resolved only its status; then its start and end as the viewer may see them
// (ruleset.view), every side's orders, the seed, the report through ruleset.reportView and the luck.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { phases, type PhaseStatus } from "../../../db/schema";
import type { AnyRuleset } from "../../rulesets";
import { notFound } from "../errors";
import type { Phase } from "../phases";
import { phaseStartState } from "../start-state";
import { phaseNameOf } from "./acting";
import { lastRowEnd } from "./game-end";
import { luckOf } from "./luck";
import { reportFor, viewerIn } from "./read";
import { gameRules } from "./rules";
import { wholeTurnReports } from "./turn-reports";
import { anyRulesetGame, type Game } from "./rulesets";

/** One resolved phase of a turn of several, in a review: its orders and report as the viewer may see it. */
export interface RulesetReviewPhase {
  step: number;
  phase: string;
  orders: Record<string, unknown>;
  report: unknown;
  seed: string;
}

export interface RulesetTurnReview {
  gameId: number;
  name: string;
  ruleset: string;
  /** The game's own rules (Ruleset.options) as stored: a review page reads its variants there (1942's low luck). */
  rules: Record<string, unknown>;
  turn: number;
  turns: { turn: number; status: PhaseStatus }[];
  /** The turn's status: resolved once its every phase is, else the status of its phase in play. */
  status: PhaseStatus;
  side: string | null;
  /** Every phase of the turn resolved. */
  resolved: boolean;
  /**
   * Once resolved: the turn's start and end as this viewer may see them (null when asked without
   * boards), every side's orders (its first phase's) and the turn's report. A turn of several phases:
   * the ruleset's report of the whole turn from its phases' (Ruleset.turnReport), else its first
   * phase's; `phases` then holds each phase's.
   */
  before: unknown;
  after: unknown;
  orders: Record<string, unknown> | null;
  report: unknown;
  seed: string | null;
  seedHash: string;
  /** When the turn's last phase resolved. */
  resolvedAt: string | null;
  /** Once resolved, a turn of one phase or one the ruleset reports whole: each side's luck over it (Ruleset.turnLuck); null without. */
  luck: unknown[] | null;
  /**
   * Once resolved and asked for (`gameReports: true`): the whole report of every turn from the first to
   * this one (this one's last), as this viewer may see each (turn-reports.ts) — what a review prices
   * the luck over the game from. Null otherwise.
   */
  gameReports: unknown[] | null;
  phases: RulesetReviewPhase[] | null;
}

/** A turn's status: resolved once its every phase is, else the status of the phase in play. */
function turnStatuses(all: Pick<Phase, "turn" | "status">[]): { turn: number; status: PhaseStatus }[] {
  const byTurn = new Map<number, PhaseStatus>();
  for (const p of all) if (byTurn.get(p.turn) === undefined || p.status !== "resolved") byTurn.set(p.turn, p.status);
  return [...byTurn].map(([turn, status]) => ({ turn, status }));
}

/**
 * The state a resolved turn ends in: the next phase's start, else (the game's last) its last phase
 * replayed (lastRowEnd: once a process, then kept). A row of a whole turn (wholeTurnRows: the
 * decisions it took recorded with it) replays whole through its ruleset's replayTurn, as verify
 * checks it, never as its orders alone.
 */
async function stateAfter(db: Db, game: Game, ruleset: AnyRuleset, last: { id: number; seedHash: string }, next: { id: number; seedHash: string } | undefined): Promise<unknown> {
  return next ? phaseStartState(db, next) : lastRowEnd(db, ruleset, game, last);
}

/**
 * One turn of a game of any ruleset, 1942 included (play.review, and game.review its alias): before
 * the turn resolved only its status; then its start and end as the viewer may see them (ruleset.view),
 * every side's orders, the seed, the report through ruleset.reportView and the luck. `boards: false`
 * leaves the start and end null: a caller that draws no board (game.review) skips viewing both, and
 * for the game's last turn the replay of its end. `gameReports: true` adds every turn's whole report
 * up to this one (a review that prices luck over the game); else it is null and no earlier turn is read.
 */
export async function rulesetTurnReview(
  db: Db,
  userId: string,
  gameId: number,
  turn: number,
  asked?: string,
  { boards = true, gameReports = false }: { boards?: boolean; gameReports?: boolean } = {},
): Promise<RulesetTurnReview> {
  const { game, ruleset } = await anyRulesetGame(db, gameId);
  // Every column but the start state (a whole board a phase): those needed come through the cache.
  const all = await db
    .select({ id: phases.id, turn: phases.turn, step: phases.step, status: phases.status, seedHash: phases.seedHash, resolvedAt: phases.resolvedAt, seed: phases.seed, orders: phases.orders, report: phases.report })
    .from(phases)
    .where(eq(phases.gameId, gameId))
    .orderBy(asc(phases.turn), asc(phases.step));
  const steps = all.filter((p) => p.turn === turn);
  const [first, last] = [steps[0], steps.at(-1)];
  if (!first || !last) throw notFound(`Turn ${turn}`);
  const turns = turnStatuses(all);
  const status = turns.find((t) => t.turn === turn)!.status;
  const base = { gameId, name: game.name, ruleset: ruleset.id, rules: gameRules(game.options), turn, turns, status, seedHash: first.seedHash };
  const viewer = await viewerIn(db, userId, gameId, asked);
  const side = viewer.kind === "side" ? viewer.side : null;
  // Nothing of a turn not resolved: its orders, seed and report stay secret until its every phase is (R3).
  if (!steps.every((p) => p.status === "resolved"))
    return { ...base, side, resolved: false, before: null, after: null, orders: null, report: null, seed: null, resolvedAt: null, luck: null, gameReports: null, phases: null };
  const shown = await Promise.all(steps.map(async (p) => ({ ...p, startState: await phaseStartState(db, p), orders: (p.orders ?? {}) as Record<string, unknown> })));
  const start = shown[0]!;
  const orders = start.orders;
  // The whole turn's report, as the ruleset assembles it from its phases' (a turn of one: that phase's).
  const whole = ruleset.turnReport ? { ...start, report: ruleset.turnReport(shown.map((p) => p.report)) } : start;
  return {
    ...base,
    side,
    resolved: true,
    before: boards ? ruleset.view(start.startState, viewer) : null,
    after: boards ? ruleset.view(await stateAfter(db, game, ruleset, last, all[all.indexOf(last) + 1]), viewer) : null,
    orders,
    report: reportFor(ruleset, whole, viewer),
    seed: start.seed,
    resolvedAt: last.resolvedAt?.toISOString() ?? null,
    // turnLuck prices a whole turn from its start, orders and report: a turn of one phase, or one reported whole.
    luck: shown.length === 1 || ruleset.turnReport ? await luckOf(db, game, { ...whole, orders }) : null,
    // Every earlier turn's report reads every earlier turn: only for a review that asks (one pricing luck over the game).
    gameReports: gameReports ? (await wholeTurnReports(db, ruleset, all, viewer, turn)).map((t) => t.report) : null,
    phases: shown.length > 1 ? shown.map((p) => ({ step: p.step, phase: phaseNameOf(ruleset, p.startState) ?? "", orders: p.orders, report: reportFor(ruleset, p, viewer), seed: p.seed })) : null,
  };
}

